import { EngineErrorCode, type StreamServerMessage, type TranscriptSegment } from '../contracts/engine';
import { MEETING, type ServerMessage } from '../contracts/meeting';
import { ProviderError, providers } from '../worker/services/providers';
import { EngineUnavailable } from '../worker/services/providers/engine';
import { withGap } from './meeting-completion';
import type { MetaStore } from './meeting-meta';
import { RecogniserSession, type EndWait, type Gap } from './meeting-stream';

/**
 * Live recognition of the host's audio: one connection to the live recogniser at a time (meeting-stream.ts),
 * opened by the first frame heard, with the meeting's proprietary words. Partials go to every socket (masked;
 * while subtitles run behind, only those that settle more words, without their changing tail) and their settled
 * words to translation (shed last, when far behind); finals go to the room. The room's audio clock advances with each frame.
 * A connection hopelessly behind is let go and the next frame opens a fresh one; a pause lets the connection
 * finish in the background; the end waits for it within a bound. What a connection leaves unrecognised (it
 * lagged, failed, was let go, or its engine drained and moved it) is kept as a gap, for the room to recognise
 * from the stored audio later. A recogniser lost to a transient fault (its engine killed or restarting, no
 * instance ready) is tried again with back-off (RECONNECT) while the meeting goes on, its audio meanwhile a
 * gap, and everyone on the meeting is told it is reconnecting until a recogniser answers again; only when none
 * answers within the bound, or the recogniser refused for good, does the room pause.
 */

/** Bytes per millisecond of 16 kHz mono PCM16. */
const BYTES_PER_MS = (MEETING.sampleRate * 2) / 1000;
const ms = (seconds: number) => Math.round(seconds * 1000);

export interface RecognitionLimits {
  /** How long ending waits for the live recogniser. */
  readonly endWait: EndWait;
  /** Past this delay live recognition skips ahead to the current audio (see LagGauge.hopeless). */
  readonly maxLagMs: number;
  /** How a lost recogniser is tried again (RECONNECT unless a test needs it shorter). */
  readonly reconnect?: Reconnect;
}

/** Tries of a lost recogniser: the first after `firstDelayMs`, each wait doubling up to `maxDelayMs`, for `forMs` in all. */
export interface Reconnect {
  forMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}
/**
 * An engine killed and restarted by its supervisor (`npm start`) or the platform listens again once its models
 * are loaded (about 10 s measured, several times that on a busy host); two minutes covers that with room, and a
 * host gets a clear pause rather than silent subtitles when it is longer.
 */
export const RECONNECT: Reconnect = { forMs: 120_000, firstDelayMs: 1_000, maxDelayMs: 15_000 };

/** A refusal that says "no recogniser now", not "never": no engine answered, or one full or failing (429, 5xx). */
const transient = (err: unknown) => err instanceof EngineUnavailable || (err instanceof ProviderError && (err.status === 429 || err.status >= 500));

export interface RecognitionHooks {
  broadcast(msg: ServerMessage): void;
  mask(text: string): string;
  final(segment: TranscriptSegment): Promise<unknown>;
  /** A partial that went out with a settled start (ms on the meeting's clock): its translation may follow at once. */
  settled(start: number, stable: string): void;
  /** The recogniser failed: the room pauses. */
  failed(detail: string): Promise<void>;
}

export class LiveRecognition {
  private stream: RecogniserSession | undefined;
  /** Connections told to end (a pause, a skip) that may still deliver lines or leave a gap. */
  private draining = new Set<Promise<void>>();
  /** The line (its start, seconds) and count of the settled words last sent, so a lagging recogniser sends only new ones. */
  private settledSent = { start: Number.NaN, words: 0 };
  /** The recogniser was lost at `since`: the next try is not before `nextAt`; audio heard meanwhile from `skippedFromMs` is a gap. */
  private outage: { since: number; tries: number; nextAt: number; skippedFromMs?: number } | undefined;

  constructor(
    private readonly env: Env,
    private readonly room: MetaStore,
    private readonly limits: RecognitionLimits,
    private readonly hooks: RecognitionHooks,
  ) {}

  /** The recogniser is lost and being tried again (what a socket let in now is told). */
  get reconnecting() {
    return this.outage !== undefined;
  }

  /** The delay subtitles show now, if they run behind. */
  get lag() {
    return this.stream?.gauge.showing;
  }

  /** One frame of the host's audio while the meeting is in progress. */
  hear(frame: ArrayBuffer) {
    const meta = this.room.meta;
    const outage = this.outage;
    if (!this.stream && outage && Date.now() < outage.nextAt) {
      outage.skippedFromMs ??= Math.round(meta.durationMs);
      meta.durationMs += frame.byteLength / BYTES_PER_MS;
      return;
    }
    if (!this.stream) void this.addSkipped();
    const session = this.stream ?? this.open();
    meta.durationMs += frame.byteLength / BYTES_PER_MS;
    session.send(frame, Math.round(meta.durationMs));
    if (session.gauge.hopeless(this.limits.maxLagMs)) this.letGo(session, { quietMs: 0, maxMs: 0 });
    else this.announceLag(session.gauge.change());
  }

  /** The meeting paused: the recogniser finishes what it was sent in the background; ending waits for it. */
  pause() {
    const session = this.stream;
    if (session) this.letGo(session, this.limits.endWait, true);
    // A resumed meeting tries the recogniser at once.
    const skipped = this.addSkipped();
    this.outage = undefined;
    this.draining.add(skipped);
    void skipped.finally(() => this.draining.delete(skipped));
  }

  /** The meeting ended: waits (within the bound) for the last finals of every connection. */
  async end() {
    this.pause();
    await Promise.all(this.draining);
  }

  private open(): RecogniserSession {
    const meta = this.room.meta;
    const session: RecogniserSession = new RecogniserSession(
      meta.durationMs,
      // Keyed by meeting: a reconnection reaches the engine instance that held the stream.
      () =>
        providers(this.env, { engineKey: `meeting-${meta.id}` }).stream.open(meta.sourceLanguage, {
          embeddings: true,
          hotwords: meta.vocabulary?.hotwords ?? [],
        }),
      (m) => this.recognised(session, m),
      (err) => void this.failed(session, err.message, transient(err)),
    );
    this.stream = session;
    return session;
  }

  /** Ends a connection (see RecogniserSession.finish); what it left out becomes a gap. */
  private letGo(session: RecogniserSession, wait: EndWait, ending = false) {
    this.stream = undefined;
    this.announceLag(session.gauge.clear());
    const drained: Promise<void> = session
      .finish(wait)
      .then(async (gap) => {
        if (gap && ending) console.error('meeting recogniser did not close in time; the rest is recognised from the audio', this.room.meta.id, gap);
        await this.addGap(gap);
      })
      .finally(() => this.draining.delete(drained));
    this.draining.add(drained);
  }

  private async addGap(gap: Gap | undefined) {
    const meta = this.room.meta;
    if (!gap) return;
    meta.gaps = withGap(meta.gaps ?? [], gap);
    await this.room.save();
  }

  /** The audio heard while no recogniser was tried (an outage's back-off) becomes a gap. */
  private async addSkipped() {
    const from = this.outage?.skippedFromMs;
    if (from === undefined) return;
    this.outage!.skippedFromMs = undefined;
    await this.addGap({ fromMs: from, toMs: Math.round(this.room.meta.durationMs) });
  }

  /** The current connection is lost: tried again later when the fault is transient and the bound allows, else the room pauses. */
  private async failed(session: RecogniserSession, detail: string, transient: boolean) {
    session.close();
    if (this.stream !== session) return;
    this.stream = undefined;
    this.announceLag(session.gauge.clear());
    await this.addGap(session.unheard());
    if (transient && this.tryAgainLater()) {
      console.error('meeting recogniser lost; trying again', this.room.meta.id, detail);
      return;
    }
    this.outage = undefined;
    await this.hooks.failed(detail);
  }

  /** Schedules the next try of a lost recogniser; false once the outage has lasted the whole bound. */
  private tryAgainLater(): boolean {
    const { forMs, firstDelayMs, maxDelayMs } = this.limits.reconnect ?? RECONNECT;
    const now = Date.now();
    const outage = this.outage ?? { since: now, tries: 0, nextAt: now };
    if (now - outage.since >= forMs) return false;
    outage.tries++;
    outage.nextAt = now + Math.min(maxDelayMs, firstDelayMs * 2 ** (outage.tries - 1));
    if (!this.outage) this.hooks.broadcast({ type: 'recognition', status: 'reconnecting' });
    this.outage = outage;
    return true;
  }

  /** One message of the recogniser's, its times already on the meeting's clock. */
  private async recognised(session: RecogniserSession, m: StreamServerMessage) {
    if (this.stream === session) this.announceLag(session.gauge.change());
    // A recogniser that answers ends an outage.
    if (this.outage && this.stream === session && m.type !== 'closed' && m.type !== 'error') {
      this.outage = undefined;
      this.hooks.broadcast({ type: 'recognition', status: 'live' });
    }
    if (m.type === 'partial') {
      if (!m.text.trim() || this.stream !== session) return;
      const settled = m.stable ? m.stable.split(/\s+/).length : 0;
      const sameLine = this.settledSent.start === m.start;
      // Behind the speech, a partial's tail shows words long said and its updates cost every screen: finals go
      // first, and only a partial that settles more words goes out, as those words alone.
      // While screens show a delay, too (it clears only once recognition is within a second of the audio).
      const behind = session.gauge.behind || session.gauge.showing > 0;
      if (behind && (!m.stable || (sameLine && settled <= this.settledSent.words))) return;
      if (m.stable) this.settledSent = { start: m.start, words: settled };
      const text = behind && m.stable ? m.stable : m.text;
      // Shed in order: tails first (above), then, only when far behind, the translation of settled words, so
      // committed text and its translation keep up; short of that the settled words' translation still follows.
      if (m.stable && !session.gauge.farBehind) this.hooks.settled(ms(m.start), this.hooks.mask(m.stable));
      this.hooks.broadcast({
        type: 'partial',
        text: this.hooks.mask(text),
        ...(m.stable ? { stable: this.hooks.mask(m.stable) } : {}),
        start: ms(m.start),
        end: ms(m.end),
      });
    } else if (m.type === 'final') {
      if (m.text.trim()) await this.hooks.final(m);
    } else if (m.type === 'error') {
      // The recogniser's own refusal is final (a language it lacks), but for a full or stopping engine.
      await this.failed(session, m.message, m.code === EngineErrorCode.busy || m.code === 'draining');
    } else if (m.type === 'moving') {
      // The engine is draining (a rollout): the next frame opens a connection, which placement puts on another
      // instance; this one still delivers its last finals, and what it was sent past its end becomes a gap.
      if (this.stream === session) this.letGo(session, this.limits.endWait);
      await this.addGap(session.sentPast(m.end));
    } else if (m.type === 'closed') {
      // Closed while still the room's connection (not let go, not moved): the engine went away (killed,
      // evicted), and what it had not delivered is a gap; the connection is tried again.
      if (this.stream === session) await this.failed(session, 'the live recogniser closed the connection', true);
      else session.close();
    }
  }

  private announceLag(seconds: number | undefined) {
    if (seconds !== undefined) this.hooks.broadcast({ type: 'lag', seconds });
  }
}
