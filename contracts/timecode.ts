/**
 * Subtitle times as the editor shows and reads them (spec §5 "correct time format"): HH:MM:SS.mmm, or
 * MM:SS.mmm for media under an hour. Milliseconds may be shortened (".5" is half a second) or left out.
 */

const HOUR_MS = 3_600_000;
const TIMECODE = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/;

/** Milliseconds, or null when the text is not a time of either form. */
export function parseTimecode(text: string): number | null {
  const match = TIMECODE.exec(text.trim());
  if (!match) return null;
  const [, h, m, s, ms = '0'] = match;
  const minutes = Number(m);
  const seconds = Number(s);
  // Without an hour part the minutes may not spill over either: "75:00.000" is a typo, not 1h15.
  if (seconds > 59 || minutes > 59) return null;
  return (Number(h ?? 0) * 3600 + minutes * 60 + seconds) * 1000 + Number(ms.padEnd(3, '0'));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `withHours` keeps one form across a transcript whose media reaches an hour; longer times always get it. */
export function formatTimecode(ms: number, withHours = false): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / HOUR_MS);
  const m = Math.floor((total % HOUR_MS) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const rest = `${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
  return withHours || h > 0 ? `${pad(h)}:${rest}` : rest;
}

/**
 * A time to read rather than edit (line heads, the player, chapters): m:ss... as mm:ss, or h:mm:ss from an
 * hour on; whole seconds, rounded down so a line never shows a second it has not reached.
 */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const clock = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return h > 0 ? `${h}:${clock}` : clock;
}

export const needsHours = (mediaMs: number) => mediaMs >= HOUR_MS;
