/**
 * A live meeting's fixed figures (audio frames, screen codes, tickets, grace and lag), apart from the meeting
 * contract's schemas so that what needs only these (the screen-code Durable Object, loaded with the Worker)
 * builds no schema at startup. contracts/meeting.ts hands them on.
 */
export const MEETING = {
  /** One audio frame: 100 ms of 16 kHz mono PCM16 little-endian. */
  sampleRate: 16_000,
  frameMs: 100,
  /** Spec §9: screen-casting codes are six digits. */
  screenCodeLength: 6,
  /** A socket ticket is good for this long; clients ask for a fresh one on every (re)connect. */
  ticketSeconds: 60,
  /** Lines a viewer who joins late receives at once. */
  recentLines: 200,
  /** Default time a host may be gone before an in-progress meeting pauses itself. */
  hostGraceSeconds: 60,
  /**
   * Subtitles more than this far behind the speech are announced to every screen (a `lag` message), and the
   * room sheds partials' changing tails, sending only words that settle.
   */
  lagShowSeconds: 3,
  /**
   * Further behind than this, the translation of the line being heard is shed too, last: finals and their own
   * translations keep up. Below it a settled step's translation costs the translator tens of milliseconds.
   */
  lagShedTranslationSeconds: 6,
} as const;
