import type { LiveSummaryContent } from '../contracts/live-summary-prompt';
import { LIVE_SUMMARY_EVERY_MS, type LiveSummary, summaryTexts, withTexts } from '../contracts/live-summary';
import type { LiveLine, ServerMessage } from '../contracts/meeting';
import type { ActionItem, Chapter, KeyPoint, MediaSummary } from '../contracts/summary';
import { mindMapOf } from '../contracts/summary-mind-map';
import { providers } from '../worker/services/providers';
import type { MetaStore } from './meeting-meta';
import type { Attachment } from './meeting-sockets';

/**
 * A live meeting's running summary (contracts/live-summary.ts). Looked at on every flush of the room's lines
 * (meeting-finals.ts): once the lines stored since the last refresh reach `everyMs` of speech, the summary
 * provider (SUMMARY_PROVIDER: a language model, or the engine's offline extractor) is given the summary so far
 * and only those lines, one refresh at a time, so a meeting costs one call per `everyMs` of speech however
 * long it runs, and none while nobody speaks. Its calls share the text model's pace with live translation
 * (worker/services/providers/workers-ai-limits.ts). Each socket receives it in its viewer's language, the
 * texts translated once per language and refresh; a socket let in gets it at once (the late joiner's catch-up).
 * When the meeting ends, the lines not yet covered are added and the result becomes the first minutes.
 */

const STORAGE_KEY = 'liveSummary';
/** How long the end waits for the last refresh before the minutes start from the summary so far. */
const MINUTES_WAIT_MS = 20_000;

type LineRow = { seq: number; start_ms: number; end_ms: number; text: string; speaker: string };

/** How the module reaches the room: its sockets, one message each. */
export interface SummaryAudience {
  /** Each socket's chosen language (null: the source's). */
  languages(): (string | null)[];
  each(message: (me: Attachment) => ServerMessage | null): void;
}

export class LiveSummaries {
  private current: LiveSummary | null | undefined;
  private running: Promise<void> | null = null;
  /** Where the last failed refresh reached: the next try waits for more speech, not the next flush. */
  private failedThroughMs = -1;
  /** The summary in each viewer language, for the refresh it was made from. */
  private translated = new Map<string, { updatedAt: number; summary: Promise<LiveSummary> }>();

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
    private readonly room: MetaStore,
    private readonly audience: SummaryAudience,
    /** Speech (ms of the meeting's clock) a refresh waits for. */
    private readonly everyMs = LIVE_SUMMARY_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The summary so far (null before the first refresh). */
  async summary(): Promise<LiveSummary | null> {
    if (this.current === undefined) this.current = (await this.storage.get<LiveSummary>(STORAGE_KEY)) ?? null;
    return this.current;
  }

  /** The lines stored after the summary's last one, in order. */
  private async pending(): Promise<LiveLine[]> {
    const through = (await this.summary())?.throughSeq ?? -1;
    return this.storage.sql
      .exec<LineRow>('SELECT seq, start_ms, end_ms, text, speaker FROM finals WHERE seq > ? ORDER BY seq LIMIT 2000', through)
      .toArray()
      .map((r) => ({ seq: r.seq, start: r.start_ms, end: r.end_ms, text: r.text, speaker: r.speaker, translations: {} }));
  }

  /** A flush of the room's lines: refreshes in the background once enough new speech has come (answers that work). */
  flushed(): Promise<void> {
    if (this.room.meta.status === 'ended') return Promise.resolve();
    this.running ??= this.refreshIfDue().finally(() => (this.running = null));
    return this.running;
  }

  private async refreshIfDue() {
    const lines = await this.pending();
    const last = lines.at(-1);
    if (!last) return;
    const from = Math.max((await this.summary())?.throughMs ?? 0, this.failedThroughMs);
    if (last.end - from < this.everyMs) return;
    await this.refresh(lines);
  }

  /** Adds `lines` to the summary with one provider call, stores it and sends it to every socket. */
  private async refresh(lines: LiveLine[]) {
    const last = lines.at(-1);
    if (!last) return;
    const meta = this.room.meta;
    const previous = await this.summary();
    let content: LiveSummaryContent;
    try {
      content = await providers(this.env).summarize.live({
        language: meta.sourceLanguage,
        date: new Date(meta.createdAt).toISOString().slice(0, 10),
        previous: previous && { topics: previous.topics, decisions: previous.decisions, actionItems: previous.actionItems, questions: previous.questions },
        lines: lines
          .filter((l) => l.text.trim())
          .map((l) => ({ id: l.seq, start: l.start, end: l.end, text: l.text.slice(0, 5_000), speaker: l.speaker.slice(0, 100) })),
      });
    } catch (err) {
      console.error('live summary not refreshed', meta.id, String(err));
      this.failedThroughMs = last.end;
      return;
    }
    const next: LiveSummary = { ...content, throughSeq: last.seq, throughMs: last.end, updatedAt: this.now() };
    this.current = next;
    await this.storage.put(STORAGE_KEY, next);
    this.translated.clear();
    await this.send();
  }

  /** The summary in a viewer's language: the source's, or its texts translated (the source's when that fails). */
  private async inLanguage(language: string | null): Promise<LiveSummary | null> {
    const summary = await this.summary();
    const source = this.room.meta.sourceLanguage;
    if (!summary || !language || language === source) return summary;
    let made = this.translated.get(language);
    if (made?.updatedAt !== summary.updatedAt) {
      const texts = summaryTexts(summary);
      const translating = texts.length
        ? providers(this.env).translate.translate(source, language, texts, this.room.meta.vocabulary?.terms ?? [])
        : Promise.resolve([]);
      made = {
        updatedAt: summary.updatedAt,
        summary: translating.then(
          (out) => withTexts(summary, out, language),
          (err) => {
            console.error('live summary not translated', this.room.meta.id, language, String(err));
            this.translated.delete(language);
            return summary;
          },
        ),
      };
      this.translated.set(language, made);
    }
    return made.summary;
  }

  /** Sends the summary to every socket in its viewer's language, translated once per language. */
  async send() {
    const languages = [...new Set(this.audience.languages())];
    const byLanguage = new Map(await Promise.all(languages.map(async (l) => [l, await this.inLanguage(l)] as const)));
    this.audience.each((me) => {
      const summary = byLanguage.get(me.language);
      return summary ? { type: 'summary', summary } : null;
    });
  }

  /** The message a socket gets in its language, for the catch-up of one let in or one that changed language. */
  async messageFor(language: string | null): Promise<ServerMessage | null> {
    const summary = await this.inLanguage(language);
    return summary ? { type: 'summary', summary } : null;
  }

  /**
   * The meeting ended: waits for a refresh under way, adds the lines it does not cover yet, and answers the
   * result as the meeting's first minutes (null when the meeting had no summary).
   */
  async minutes(title: string): Promise<MediaSummary | null> {
    const catchUp = async () => {
      await this.running;
      const lines = await this.pending();
      if (lines.some((l) => l.text.trim())) await this.refresh(lines);
    };
    // A model that hangs must not hold the record up: past the wait the minutes start from the summary so far.
    await Promise.race([catchUp(), new Promise((resolve) => setTimeout(resolve, MINUTES_WAIT_MS))]);
    const summary = await this.summary();
    return summary && minutesOf(summary, title);
  }
}

/** A running summary as a record's summary: its topics as chapters, its decisions as key points, its lists kept. */
export function minutesOf(summary: LiveSummary, title: string): MediaSummary {
  const chapters: Chapter[] = summary.topics.map((t, i) => ({
    start: t.start,
    end: Math.max(t.start, summary.topics[i + 1]?.start ?? summary.throughMs),
    title: t.title,
    summary: t.summary,
  }));
  const keyPoints: KeyPoint[] = summary.decisions.map((d) => ({ text: d.text, start: d.start }));
  // The live lines' seqs are not the record's line ids: the items cite where they were said by time.
  const actionItems: ActionItem[] = summary.actionItems.map((a, id) => ({
    id,
    text: a.text,
    owner: a.owner,
    due: a.due,
    lineId: null,
    start: a.start,
    done: false,
  }));
  return {
    method: summary.method,
    language: summary.language,
    chapters,
    speakers: [],
    keyPoints,
    mindMap: mindMapOf(title, chapters, keyPoints),
    actionItems,
    decisions: summary.decisions.map((d) => ({ text: d.text, lineId: null, start: d.start })),
    questions: summary.questions.map((q) => ({ text: q.text, lineId: null, start: q.start })),
  };
}
