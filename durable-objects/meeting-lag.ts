import { MEETING } from '../contracts/meeting';

/**
 * How far live recognition runs behind the host's audio: the audio sent to the recogniser against the audio
 * it reports as decoded (its `heard` progress, and the ends of its partials and finals), on the meeting's
 * clock. Past MEETING.lagShowSeconds the room tells every screen "subtitles delayed by N s" and sheds work
 * that can wait (partials' tails, which are stale by then) so finals come through first, and past
 * MEETING.lagShedTranslationSeconds the translation of words still being heard; once recognition is within a
 * second of the audio again it says so, once.
 */
export class LagGauge {
  private sentMs: number;
  private heardMs: number;
  private shown = 0;
  private readonly since: number;

  /**
   * @param fromMs where the recogniser's audio starts on the meeting's clock.
   * @param now when the recogniser's connection opened (ms since the epoch).
   */
  constructor(fromMs: number, now = Date.now()) {
    this.sentMs = fromMs;
    this.heardMs = fromMs;
    this.since = now;
  }

  /** The host's audio up to `toMs` has gone to the recogniser. */
  sent(toMs: number) {
    this.sentMs = Math.max(this.sentMs, toMs);
  }

  /** The recogniser has decoded the audio up to `toMs`. */
  heard(toMs: number) {
    this.heardMs = Math.max(this.heardMs, toMs);
  }

  get lagMs() {
    return Math.max(0, this.sentMs - this.heardMs);
  }

  /**
   * Recognition is so far behind (more than `maxMs`, on a connection at least that old) that subtitles are of
   * no use to anyone watching: the room starts recognition afresh at the current audio, and what it skipped
   * is recognised from the stored audio once the meeting ends.
   */
  hopeless(maxMs: number, now = Date.now()) {
    return this.lagMs > maxMs && now - this.since > maxMs;
  }

  /** Recognition is behind enough that partials are no longer worth sending. */
  get behind() {
    return this.lagMs > MEETING.lagShowSeconds * 1000;
  }

  /** Recognition is so far behind that translating the words still being heard waits for their final too. */
  get farBehind() {
    return this.lagMs > MEETING.lagShedTranslationSeconds * 1000;
  }

  /** The whole seconds of delay screens show now (0: none). */
  get showing() {
    return this.shown;
  }

  /**
   * The delay to announce when what screens should show has changed: whole seconds past the threshold,
   * 0 once recognition has caught up (below 1 s, so a delay hovering at the threshold does not flicker).
   */
  change(): number | undefined {
    const lag = this.lagMs;
    const seconds = Math.round(lag / 1000);
    let next = this.shown;
    if (lag > MEETING.lagShowSeconds * 1000) next = seconds;
    else if (this.shown > 0 && lag < 1000) next = 0;
    else if (this.shown > 0) next = Math.max(seconds, 1);
    if (next === this.shown) return undefined;
    this.shown = next;
    return next;
  }

  /** Stops showing a delay (the meeting paused or ended); returns 0 when screens were showing one. */
  clear(): number | undefined {
    if (!this.shown) return undefined;
    this.shown = 0;
    return 0;
  }
}
