/**
 * What every export format shares: the line as formats take it, clock times, and text on one line (the same
 * rule the subtitle cues use).
 */
import type { TimedText } from '../../../contracts/subtitle-cues';

export { oneLine } from '../../../contracts/subtitle-cues';

/** One transcript line as a format writes it, already on one line: the speaker ('' when names are off) and the text to show. */
export type ExportLine = TimedText;

/** `HH:MM:SS`, or `HH:MM:SS,mmm` / `HH:MM:SS.mmm` when a millisecond separator is given. */
export function clock(ms: number, millisSeparator?: ',' | '.') {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hms = `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}`;
  return millisSeparator ? `${hms}${millisSeparator}${pad(total % 1000, 3)}` : hms;
}
