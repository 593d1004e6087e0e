/**
 * Live recognition with a batch recogniser (one that hears a whole clip, not a stream: an OpenAI-compatible
 * `/audio/transcriptions`, Workers AI's Whisper). The engine's voice activity detection cuts the stream into
 * utterances (its `speech` and `utterance` messages, contracts/engine.ts); each utterance's final comes from
 * recognising its audio, and a partial from re-recognising the growing utterance about once a second. Finals
 * come first: a partial is asked for only while no final is waiting and no other partial is on its way, so a
 * slow recogniser sheds partials, never finals, and its progress (`heard`) holds at the oldest utterance still
 * waiting, so the meeting's lag rules (durable-objects/meeting-lag.ts) see how far behind it runs.
 * The engine uses it for its OpenAI-compatible recogniser, the Worker for Workers AI's Whisper.
 */
import { ENGINE_SAMPLE_RATE, type StreamServerMessage, type Word } from './engine';

/** Recognises one clip of 16 kHz PCM16 starting `offset` seconds into the stream; word times on the stream's clock. */
export type ClipRecogniser = (pcm: Int16Array, offset: number) => Promise<{ text: string; words?: Word[] }>;

/** Audio kept behind the newest sample beyond what waits for a final: an open utterance is at most this long. */
const KEEP_SECONDS = 17;

/** Pauses before asking a recogniser again for a final it refused. */
const RETRY_DELAYS_MS = [1000, 3000];

const round = (s: number) => Math.round(s * 1000) / 1000;

export class BatchLive {
  /** The stream's audio from sample `base` on, in the frames it came in. */
  private frames: Int16Array[] = [];
  private base = 0;
  private total = 0;
  /** Starts (samples) of ended utterances whose final is not out yet, oldest first. */
  private waiting: number[] = [];
  private finals: Promise<void> = Promise.resolve();
  private partialBusy = false;
  /** The last utterance that ended: partials for it or older ones are stale. */
  private ended = 0;
  private cutHeard = 0;
  private heardSent = 0;
  private failed = false;

  constructor(
    private readonly recognise: ClipRecogniser,
    private readonly emit: (msg: StreamServerMessage) => void,
  ) {}

  /** Every frame of the stream, in order, as it goes to the utterance cutter. */
  audio(pcm: Int16Array) {
    this.frames.push(pcm.slice());
    this.total += pcm.length;
    this.trim();
  }

  /**
   * A message of the utterance cutter's. Returns false for messages that are not its (ready, working, closed,
   * error), which the caller passes on.
   */
  cut(msg: StreamServerMessage): boolean {
    if (msg.type === 'speech') this.partial(msg.utterance, msg.start, msg.end);
    else if (msg.type === 'utterance') this.final(msg);
    else if (msg.type === 'heard') {
      this.cutHeard = Math.max(this.cutHeard, msg.end);
      this.reportHeard();
    } else return false;
    return true;
  }

  /** Resolves once every final asked for is out. */
  finish(): Promise<void> {
    return this.finals;
  }

  private partial(utterance: number, start: number, end: number) {
    if (this.partialBusy || this.waiting.length || utterance <= this.ended || this.failed) return;
    const clip = this.clip(start, end);
    if (!clip) return;
    this.partialBusy = true;
    this.recognise(clip, start)
      .then((r) => {
        if (utterance > this.ended && r.text.trim()) this.emit({ type: 'partial', utterance, text: r.text.trim(), start: round(start), end: round(end) });
      })
      // A partial that failed is only a partial: the final asks again.
      .catch(() => {})
      .finally(() => (this.partialBusy = false));
  }

  private final(msg: Extract<StreamServerMessage, { type: 'utterance' }>) {
    this.ended = Math.max(this.ended, msg.utterance);
    const clip = this.clip(msg.start, msg.end);
    const start = Math.round(msg.start * ENGINE_SAMPLE_RATE);
    this.waiting.push(start);
    this.finals = this.finals.then(async () => {
      try {
        if (!clip || this.failed) return;
        const r = await this.patiently(() => this.recognise(clip, msg.start));
        const text = r.text.trim();
        if (text) {
          this.emit({
            type: 'final',
            utterance: msg.utterance,
            start: round(msg.start),
            end: round(msg.end),
            text,
            ...(r.words?.length ? { words: r.words } : {}),
            ...(msg.embedding ? { embedding: msg.embedding } : {}),
          });
        }
      } catch (err) {
        this.failed = true;
        this.emit({ type: 'error', code: 'upstream', message: err instanceof Error ? err.message : String(err) });
      } finally {
        this.waiting.shift();
        this.trim();
        this.reportHeard();
      }
    });
  }

  /**
   * A final asked again after a refusal (a rate limit's 429 passes within seconds), RETRY_DELAYS_MS apart; the
   * last refusal is the caller's to report.
   */
  private async patiently<T>(call: () => Promise<T>): Promise<T> {
    for (const wait of RETRY_DELAYS_MS) {
      try {
        return await call();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    return call();
  }

  /** Progress: what the cutter has heard, but not past an utterance still waiting for its final. */
  private reportHeard() {
    const held = this.waiting.length ? this.waiting[0]! / ENGINE_SAMPLE_RATE : Infinity;
    const end = round(Math.min(this.cutHeard, held));
    if (end <= this.heardSent) return;
    this.heardSent = end;
    this.emit({ type: 'heard', end });
  }

  /** Samples [start, end) seconds of the stream, or null when they are no longer (or not yet) kept. */
  private clip(start: number, end: number): Int16Array | null {
    const from = Math.max(Math.round(start * ENGINE_SAMPLE_RATE), this.base);
    const to = Math.min(Math.round(end * ENGINE_SAMPLE_RATE), this.total);
    if (to <= from) return null;
    const out = new Int16Array(to - from);
    let at = this.base;
    for (const frame of this.frames) {
      const lo = Math.max(from, at);
      const hi = Math.min(to, at + frame.length);
      if (hi > lo) out.set(frame.subarray(lo - at, hi - at), lo - from);
      at += frame.length;
      if (at >= to) break;
    }
    return out;
  }

  /** Drops audio nothing can ask for any more. */
  private trim() {
    const keepFrom = Math.min(this.waiting[0] ?? Infinity, this.total - KEEP_SECONDS * ENGINE_SAMPLE_RATE);
    while (this.frames.length && this.base + this.frames[0]!.length <= keepFrom) this.base += this.frames.shift()!.length;
  }
}
