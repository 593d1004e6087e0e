import type { LiveLine } from '../contracts/meeting';
import { UNSPACED_SCRIPT } from '../contracts/sensitive';
import { database } from '../worker/db/client';
import { ApiError } from '../worker/lib/errors';
import { providers } from '../worker/services/providers';
import { checkAddedLanguage, targetsFrom, translationPairs, type LanguagePair } from '../worker/services/languages';
import type { MeetingFinals } from './meeting-finals';
import type { MetaStore } from './meeting-meta';

/**
 * Live translation of a meeting's finals, beside recognition so the next final never waits for it: into the
 * meeting's languages and every language a connected viewer chose, as far as the translator reaches them
 * from the source (its pairs, asked at most once a minute). A committed line is translated at once: its
 * commit (and each flush of the room's lines, meeting-finals.ts) sends the recent lines that lack a language
 * in one call per language, and while a language's call is under way its new lines wait until it returns,
 * so a busy meeting makes fewer, larger calls instead of one per line (Workers AI allows an account 300 text
 * calls a minute). A call
 * that fails leaves its lines without that language, the mark the next flushes look for, a few times over.
 * A viewer's new pick is held to the owner's cap (services/languages.ts) and fills their screen at once with
 * the recent lines translated. Ending sends what is pending and waits a bounded while for it.
 */

const PAIRS_TTL_MS = 60_000;
/**
 * A line being heard is translated again once this many more of its words have settled: about a clause, so its
 * translation follows the speaker within a second or two rather than waiting for the line to be committed (up
 * to 7 s), at most one call per language at a time.
 */
const SETTLED_STEP_WORDS = 3;
/** Characters of an unspaced script (Chinese, Japanese, Thai…) that count as one word for that step. */
const UNSPACED_CHARS_PER_WORD = 2;
const UNSPACED = new RegExp(UNSPACED_SCRIPT.source, 'gu');

/** How much of a line `text` says, in words: spaced words, and unspaced characters a word per two. */
function wordsIn(text: string) {
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  const spaced = text.replace(UNSPACED, ' ').split(/\s+/).filter(Boolean).length;
  return spaced + unspaced / UNSPACED_CHARS_PER_WORD;
}
/** Flushes that try a line again after its call failed; then it stays untranslated in that language. */
const LINE_TRIES = 3;

export class LiveTranslation {
  private pairs: { at: number; list: Promise<LanguagePair[]> } | undefined;
  /** Translations of finals under way. */
  private running = new Set<Promise<void>>();
  /** Per language, the lines (by seq) a call under way is translating. */
  private inFlight = new Map<string, Set<number>>();
  /** Failed calls per line and language (`language:seq`). */
  private failures = new Map<string, number>();
  /** The line being heard (its start, ms): how many of its settled words each language has a translation of. */
  private settled = { start: Number.NaN, words: new Map<string, number>() };
  /** Languages with a call for a line being heard under way. */
  private settling = new Set<string>();

  constructor(
    private readonly env: Env,
    private readonly room: MetaStore,
    private readonly finals: MeetingFinals,
    /** The languages connected viewers chose. */
    private readonly picks: () => string[],
    /** Where the translator's pairs come from, and the clock that ages them. */
    private readonly source: () => Promise<LanguagePair[]> = () => translationPairs(env),
    private readonly now: () => number = Date.now,
  ) {
    const pending = () => {
      if (room.meta.status !== 'ended') this.translatePending();
    };
    finals.onFlush(pending);
    finals.onCommit(pending);
  }

  /** The languages the meeting's source translates into now; none while the translator cannot be asked. */
  async targets() {
    if (!this.pairs || this.now() - this.pairs.at > PAIRS_TTL_MS) {
      const list = this.source();
      list.catch(() => (this.pairs = undefined));
      this.pairs = { at: this.now(), list };
    }
    return targetsFrom(await this.pairs.list.catch(() => []), this.room.meta.sourceLanguage);
  }

  /** The meeting's languages and every viewer's pick, as far as they can be served. */
  async wanted() {
    const wanted = new Set([...this.room.meta.targetLanguages, ...this.picks()]);
    const available = new Set(await this.targets());
    return [...wanted].filter((l) => available.has(l));
  }

  /**
   * A viewer's pick under the owner's cap: the host's languages and the other viewers' picks (`others`; the
   * asker's current pick is not counted, they are switching from it). The 925… refusal, else null.
   */
  async refusal(language: string, others: string[]): Promise<ApiError | null> {
    const meta = this.room.meta;
    try {
      await checkAddedLanguage(database(this.env.DB), meta.userId, meta.sourceLanguage, new Set([...meta.targetLanguages, ...others]), language);
      return null;
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
  }

  /**
   * Sends, in the background, one call per wanted language for the recent lines that lack it, leaving out a
   * language whose call is under way (its completion schedules the next flush) and lines out of tries.
   */
  translatePending() {
    const running = this.wanted()
      .then((languages) => {
        const recent = this.finals.lines.recent();
        return Promise.all(
          languages
            .filter((language) => !this.inFlight.get(language)?.size)
            .map((language) => {
              const lines = recent.filter((l) => l.translations[language] === undefined && (this.failures.get(`${language}:${l.seq}`) ?? 0) < LINE_TRIES);
              return lines.length ? this.translate(language, lines) : undefined;
            }),
        );
      })
      .then(() => undefined)
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** A viewer chose a language: translate the recent lines that lack it, so their screen fills at once. */
  async backfill(language: string) {
    if (!(await this.targets()).includes(language)) return;
    const busy = this.inFlight.get(language);
    const lines = this.finals.lines.recent().filter((l) => l.translations[language] === undefined && !busy?.has(l.seq));
    if (lines.length) await this.translate(language, lines);
  }

  /** Translates lines into a language (with the meeting's terms) in one call; a failure leaves them untranslated. */
  async translate(language: string, lines: LiveLine[]) {
    const meta = this.room.meta;
    const busy = this.inFlight.get(language) ?? new Set<number>();
    this.inFlight.set(language, busy);
    for (const line of lines) busy.add(line.seq);
    let texts: string[];
    try {
      texts = await providers(this.env).translate.translate(
        meta.sourceLanguage,
        language,
        lines.map((l) => l.text),
        meta.vocabulary?.terms ?? [],
        this.context(lines[0]!),
      );
    } catch (err) {
      console.error('meeting translation failed', meta.id, language, lines.length, String(err));
      for (const line of lines) this.failures.set(`${language}:${line.seq}`, (this.failures.get(`${language}:${line.seq}`) ?? 0) + 1);
      // The next flush tries them again, even if no new final comes to schedule one.
      await this.finals.scheduleFlush();
      return;
    } finally {
      for (const line of lines) busy.delete(line.seq);
    }
    for (const [i, line] of lines.entries()) this.finals.translated(line, language, texts[i] ?? '');
    // Lines committed while this call ran go now, not at the next flush.
    if (meta.status !== 'ended') this.translatePending();
    await this.finals.scheduleFlush();
  }

  /**
   * The settled start of the line being heard (`stable`, masked), translated into every wanted language that
   * lacks a translation of most of it and has no such call under way, in the background; each translation goes
   * to every socket as `partialTranslation`. A failed call is not tried again: the next settled words are.
   */
  translateSettled(start: number, stable: string) {
    const meta = this.room.meta;
    if (meta.status === 'ended') return;
    if (this.settled.start !== start) this.settled = { start, words: new Map() };
    const words = wordsIn(stable);
    const line = this.settled;
    const running = this.wanted()
      .then((languages) =>
        Promise.all(
          languages.map(async (language) => {
            if (this.settling.has(language) || words - (line.words.get(language) ?? 0) < SETTLED_STEP_WORDS) return;
            this.settling.add(language);
            line.words.set(language, words);
            try {
              const before = this.finals.lines.recent().at(-1);
              const [text] = await providers(this.env).translate.translate(
                meta.sourceLanguage,
                language,
                [stable],
                meta.vocabulary?.terms ?? [],
                before ? [before.text] : [],
              );
              if (text) this.finals.partialTranslated(start, language, text, stable.split(/\s+/).filter(Boolean).length);
            } finally {
              this.settling.delete(language);
            }
          }),
        ),
      )
      .catch((err) => console.error('meeting settled words not translated', meta.id, String(err)))
      .then(() => undefined)
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** The line said just before `line` (the previous segment), read with it so a cut sentence translates whole. */
  private context(line: LiveLine): string[] {
    const before = this.finals.lines
      .recent()
      .filter((l) => l.seq < line.seq)
      .at(-1);
    return before ? [before.text] : [];
  }

  /** Sends what is pending and waits for translations under way, at most `maxMs`: one that hangs must not hold the end up. */
  async settle(maxMs: number) {
    this.translatePending();
    await Promise.race([Promise.all(this.running), new Promise((resolve) => setTimeout(resolve, maxMs))]);
  }
}
