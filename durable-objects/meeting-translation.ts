import type { LiveLine } from '../contracts/meeting';
import { database } from '../worker/db/client';
import { ApiError } from '../worker/lib/errors';
import { providers } from '../worker/services/providers';
import { checkAddedLanguage, targetsFrom, translationPairs, type LanguagePair } from '../worker/services/languages';
import type { MeetingFinals } from './meeting-finals';
import type { MetaStore } from './meeting-meta';

/**
 * Live translation of a meeting's finals, beside recognition so the next final never waits for it: into the
 * meeting's languages and every language a connected viewer chose, as far as the translator reaches them
 * from the source (its pairs, asked at most once a minute). A viewer's new pick is held to the owner's cap
 * (services/languages.ts) and fills their screen at once with the recent lines translated. Ending waits a
 * bounded while for translations under way.
 */

const PAIRS_TTL_MS = 60_000;

export class LiveTranslation {
  private pairs: { at: number; list: Promise<LanguagePair[]> } | undefined;
  /** Translations of finals under way. */
  private running = new Set<Promise<void>>();

  constructor(
    private readonly env: Env,
    private readonly room: MetaStore,
    private readonly finals: MeetingFinals,
    /** The languages connected viewers chose. */
    private readonly picks: () => string[],
    /** Where the translator's pairs come from, and the clock that ages them. */
    private readonly source: () => Promise<LanguagePair[]> = () => translationPairs(env),
    private readonly now: () => number = Date.now,
  ) {}

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

  /** A new live final: translated into every wanted language in the background. */
  follow(line: LiveLine) {
    const running = this.wanted()
      .then((languages) => Promise.all(languages.map((language) => this.translate(language, [line]))))
      .then(() => undefined)
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** A viewer chose a language: translate the recent lines that lack it, so their screen fills at once. */
  async backfill(language: string) {
    if (!(await this.targets()).includes(language)) return;
    const lines = this.finals.lines.recent().filter((l) => l.translations[language] === undefined);
    if (lines.length) await this.translate(language, lines);
  }

  /** Translates lines into a language (with the meeting's terms); a failure leaves them untranslated. */
  async translate(language: string, lines: LiveLine[]) {
    const meta = this.room.meta;
    let texts: string[];
    try {
      texts = await providers(this.env).translate.translate(
        meta.sourceLanguage,
        language,
        lines.map((l) => l.text),
        meta.vocabulary?.terms ?? [],
      );
    } catch (err) {
      console.error('meeting translation failed', meta.id, language, String(err));
      return;
    }
    for (const [i, line] of lines.entries()) this.finals.translated(line, language, texts[i] ?? '');
    await this.finals.scheduleFlush();
  }

  /** Waits for translations under way, at most `maxMs`: one that hangs must not hold the end up. */
  async settle(maxMs: number) {
    await Promise.race([Promise.all(this.running), new Promise((resolve) => setTimeout(resolve, maxMs))]);
  }
}
