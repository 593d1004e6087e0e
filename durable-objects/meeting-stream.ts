import type { StreamServerMessage } from '../contracts/engine';
import type { LiveStream } from '../worker/services/providers';
import { LagGauge } from './meeting-lag';

/**
 * One connection of a meeting to the live recogniser, from the audio it opened at to the moment it is told
 * the audio is over. It keeps frames that arrive while the connection opens, hands the recogniser's messages
 * to the room one after another in the order they came, measures how far recognition runs behind (LagGauge),
 * and, at the end, waits only a short bound for the last finals: what the recogniser has not delivered by
 * then is reported as a gap, for the room to recognise from the stored audio instead (meeting-completion.ts).
 */

/**
 * How long ending waits for the recogniser's last finals: while it keeps talking (partials, `heard`
 * progress, the engine's `working` every 2 s) up to `quietMs` between messages, never past `maxMs`.
 */
export interface EndWait {
  quietMs: number;
  maxMs: number;
}
export const END_WAIT: EndWait = { quietMs: 5_000, maxMs: 15_000 };

/** A stretch of the meeting's audio (ms on its clock) whose lines the live recogniser did not deliver. */
export interface Gap {
  fromMs: number;
  toMs: number;
}

const toMs = (offset: number, seconds: number) => Math.round(offset + seconds * 1000);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RecogniserSession {
  readonly gauge: LagGauge;
  /** Settles once the connection is open (with it) or has failed (without). */
  readonly opened: Promise<LiveStream | undefined>;
  private live: LiveStream | undefined;
  private queued: ArrayBuffer[] = [];
  private handled: Promise<void> = Promise.resolve();
  private heardAt = Date.now();
  private isClosed = false;
  private markClosed!: () => void;
  private readonly closed = new Promise<void>((resolve) => (this.markClosed = resolve));
  /** The end of the audio sent, and of the last final delivered, on the meeting's clock. */
  private sentToMs: number;
  private finalsToMs: number;

  /**
   * @param offsetMs the meeting's audio heard before this connection: its times are offset by it.
   * @param handle the room's handling of one message, times already on the meeting's clock.
   * @param failed called once when the connection cannot be opened, with why.
   */
  constructor(
    readonly offsetMs: number,
    open: () => Promise<LiveStream>,
    handle: (m: StreamServerMessage) => Promise<void>,
    failed: (err: Error) => void,
  ) {
    this.gauge = new LagGauge(offsetMs);
    this.sentToMs = offsetMs;
    this.finalsToMs = offsetMs;
    this.opened = open()
      .then((live) => {
        live.onMessage((raw) => {
          // Past the end (finish() gave up waiting, or the connection failed) what is left is a gap, recognised
          // from the recording: a final arriving late would add its line twice, after the minutes were made.
          if (this.isClosed) return;
          this.heardAt = Date.now();
          const m = this.onMeetingClock(raw);
          if (m.type === 'final') this.finalsToMs = Math.max(this.finalsToMs, Math.round(m.end * 1000));
          if (m.type === 'closed') this.close();
          this.handled = this.handled.then(() => handle(m)).catch((err) => console.error('meeting recognition failed', String(err)));
        });
        this.live = live;
        for (const frame of this.queued.splice(0)) live.send(frame);
        return live;
      })
      .catch((err: Error) => {
        this.close();
        failed(err);
        return undefined;
      });
  }

  send(frame: ArrayBuffer, toMs: number) {
    if (this.live && !this.isClosed) {
      try {
        this.live.send(frame);
      } catch {
        // The socket dropped (its engine killed) and its `closed` is on its way: this audio is part of the gap.
      }
    } else if (!this.live) this.queued.push(frame);
    this.sentToMs = toMs;
    this.gauge.sent(toMs);
  }

  /** The connection is over (the recogniser closed it or failed); a finish() waiting stops waiting. */
  close() {
    this.isClosed = true;
    this.markClosed();
  }

  /**
   * Tells the recogniser the audio is over (after everything sent before, including frames queued while it
   * was connecting) and waits, within `wait`, until it has delivered its last finals and closed, and those
   * finals are handled. Returns the audio left unrecognised, if any.
   */
  async finish(wait: EndWait): Promise<Gap | undefined> {
    const started = Date.now();
    const live = await Promise.race([this.opened, sleep(wait.maxMs).then(() => undefined)]);
    let closedInTime = this.isClosed;
    if (live) {
      // A recogniser that closed first (a draining engine says `moving` and closes) has nothing more to be told.
      if (!this.isClosed) {
        try {
          live.end();
        } catch {
          // closed between the check and the send
        }
      }
      this.heardAt = Date.now();
      while (!this.isClosed) {
        const left = Math.min(wait.quietMs - (Date.now() - this.heardAt), wait.maxMs - (Date.now() - started));
        if (left <= 0) break;
        await Promise.race([this.closed, sleep(left)]);
      }
      closedInTime = this.isClosed;
      live.close();
    } else {
      // Still connecting past the bound: the connection is of no use any more once it opens.
      void this.opened.then((late) => late?.close());
    }
    this.close();
    await this.handled;
    return closedInTime ? undefined : this.unheard();
  }

  /**
   * The audio sent after `endSeconds` of this connection's own clock: a draining engine's `moving` says it
   * recognises up to there and no further, so the rest is recognised from the stored audio.
   */
  sentPast(endSeconds: number): Gap | undefined {
    const fromMs = toMs(this.offsetMs, endSeconds);
    return fromMs < this.sentToMs ? { fromMs, toMs: this.sentToMs } : undefined;
  }

  /** The audio sent after the last final delivered (all of it counts when the recogniser failed or lagged). */
  unheard(): Gap | undefined {
    return this.finalsToMs < this.sentToMs ? { fromMs: this.finalsToMs, toMs: this.sentToMs } : undefined;
  }

  /** The message with its times on the meeting's clock, the gauge told how far recognition has got. */
  private onMeetingClock(m: StreamServerMessage): StreamServerMessage {
    if (m.type === 'heard') {
      const end = toMs(this.offsetMs, m.end);
      this.gauge.heard(end);
      return { ...m, end: end / 1000 };
    }
    if (m.type === 'partial' || m.type === 'final') {
      const start = toMs(this.offsetMs, m.start);
      const end = toMs(this.offsetMs, m.end);
      this.gauge.heard(end);
      return { ...m, start: start / 1000, end: end / 1000 };
    }
    return m;
  }
}
