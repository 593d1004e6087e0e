import type { TranscriptSegment } from '../contracts/engine';
import type { LiveLine, ServerMessage } from '../contracts/meeting';
import { sensitiveMasker } from '../contracts/sensitive';
import { translate } from '../worker/lib/i18n';
import { assignSpeaker, emptySpeakers } from '../worker/lib/speaker-tracker';
import { MeetingLines } from './meeting-lines';
import type { MetaStore, TimerName } from './meeting-meta';
import type { RoomTimers } from './meeting-timers';

/**
 * A meeting's finals on their way to the record: each recognised final gets the next sequence number, a
 * speaker label (voices told apart by their embeddings, named in the owner's language) and its sensitive
 * words masked, is stored in the room's SQLite (meeting-lines.ts) and, when live, told to every socket. Lines
 * go to D1 on the `flush` timer, a couple of seconds after a change, retried a little later when D1 fails;
 * each flush first tells its listeners (live translation sends what the flush holds, meeting-translation.ts),
 * as does each live line committed (so its translation starts at once).
 */

const FLUSH_DELAY_MS = 2000;
const FLUSH_RETRY_MS = 5000;

const ms = (seconds: number) => Math.round(seconds * 1000);

export class MeetingFinals {
  readonly lines: MeetingLines;
  private maskers = new Map<string, (text: string) => string>();
  private flushListeners: (() => void)[] = [];
  private commitListeners: (() => void)[] = [];

  constructor(
    sql: SqlStorage,
    private readonly env: Env,
    private readonly room: MetaStore,
    private readonly timers: RoomTimers<TimerName>,
    private readonly broadcast: (msg: ServerMessage) => void,
  ) {
    this.lines = new MeetingLines(sql);
  }

  /** The meeting's sensitive-word masker for a language (the source language by default), built once each. */
  mask(language?: string) {
    const meta = this.room.meta;
    const key = language ?? meta.sourceLanguage;
    let masker = this.maskers.get(key);
    if (!masker) {
      masker = sensitiveMasker(meta.vocabulary?.sensitive ?? [], key);
      this.maskers.set(key, masker);
    }
    return masker;
  }

  /**
   * Stores a final whose times are on the meeting's clock; a live one is kept after the line before it and
   * broadcast, one recognised after the meeting may fall anywhere (lines.settle orders them all at the end).
   */
  async add(segment: TranscriptSegment, live: boolean): Promise<LiveLine> {
    const meta = this.room.meta;
    let label = segment.speaker;
    if (!label && segment.embedding) {
      const assigned = assignSpeaker(meta.speakers ?? emptySpeakers, segment.embedding, { seconds: segment.end - segment.start });
      label = assigned.label;
      meta.speakers = assigned.state;
    }
    const speaker = label ? translate(meta.locale, 'speakerName', { n: label }) : '';
    const line = this.lines.add(
      { seq: meta.nextSeq++, start: ms(segment.start), end: ms(segment.end), text: this.mask()(segment.text.trim()), speaker, translations: {} },
      meta.durationMs,
      live,
    );
    await this.room.save();
    if (!live) return line;
    this.broadcast({ type: 'final', line });
    for (const listener of this.commitListeners) listener();
    await this.scheduleFlush();
    return line;
  }

  /** Stores a line's translation (masked in its language) and tells every socket. */
  translated(line: LiveLine, language: string, text: string) {
    const masked = this.mask(language)(text);
    if (this.lines.translate(line.seq, language, masked)) this.broadcast({ type: 'translation', seq: line.seq, language, text: masked });
  }

  /** The translation of the first `words` settled words of the line being heard (from `start`): sent, not stored. */
  partialTranslated(start: number, language: string, text: string, words: number) {
    this.broadcast({ type: 'partialTranslation', start, language, text: this.mask(language)(text), words });
  }

  async scheduleFlush() {
    if (!this.timers.pending('flush')) await this.timers.set('flush', Date.now() + FLUSH_DELAY_MS);
  }

  /** Writes every changed line to D1. */
  async flushAll() {
    const meta = this.room.meta;
    while ((await this.lines.flush(this.env.DB, meta.id, meta.durationMs)) > 0);
  }

  /** Called at every `flush` timer, before the lines go to D1. */
  onFlush(listener: () => void) {
    this.flushListeners.push(listener);
  }

  /** Called as each live line is committed (told to the sockets), before it goes to D1. */
  onCommit(listener: () => void) {
    this.commitListeners.push(listener);
  }

  /** The `flush` timer fired. */
  async flushDue() {
    for (const listener of this.flushListeners) listener();
    try {
      await this.flushAll();
    } catch (err) {
      console.error('meeting flush failed; retrying', this.room.meta.id, String(err));
      await this.timers.set('flush', Date.now() + FLUSH_RETRY_MS);
    }
  }
}
