/**
 * The arithmetic of fitting spoken lines into their time slots (contracts/dubbing-engine.ts). Pure, so the
 * rules can be tested without audio: borrow the pause after the slot, then speed up to MAX_TEMPO, then cut.
 */
import { BORROW_GAP_SECONDS, MAX_TEMPO, type LineFit } from '../../../contracts/dubbing-engine';

export interface Slot {
  start: number;
  end: number;
}

/** Where a line starts, where its own slot ends, and how far it may run into the pause after it. */
export interface Bounds {
  start: number;
  slotEnd: number;
  limit: number;
}

const ms = (s: number) => Math.round(s * 1000) / 1000;

/**
 * Each line's bounds. Neighbours are taken in time order, not list order, and a slot never reaches past the
 * next line's start, so even overlapping input slots give non-overlapping speech. Without `duration` the
 * last line cannot borrow: nothing says how much video follows it.
 */
export function lineBounds(lines: readonly Slot[], duration?: number): Bounds[] {
  const videoEnd = duration ?? Number.POSITIVE_INFINITY;
  const order = lines.map((_, i) => i).sort((a, b) => lines[a]!.start - lines[b]!.start || a - b);
  const bounds: Bounds[] = new Array(lines.length);
  order.forEach((index, k) => {
    const line = lines[index]!;
    const next = k + 1 < order.length ? lines[order[k + 1]!]!.start : undefined;
    const start = Math.min(line.start, videoEnd);
    const slotEnd = Math.max(start, Math.min(line.end, next ?? Number.POSITIVE_INFINITY, videoEnd));
    const borrowTo = next === undefined ? (duration ?? slotEnd) : next - BORROW_GAP_SECONDS;
    bounds[index] = { start, slotEnd, limit: Math.max(slotEnd, Math.min(borrowTo, videoEnd)) };
  });
  return bounds;
}

/** How one line of `speech` seconds fits its bounds; `null` speech is an empty line. */
export function fitLine(b: Bounds, speech: number | null): LineFit {
  if (speech === null) return { speech: 0, tempo: 1, start: ms(b.start), end: ms(b.start), fit: 'empty' };
  const room = b.limit - b.start;
  const as = (fit: LineFit['fit'], tempo: number, end: number): LineFit => ({ speech: ms(speech), tempo, start: ms(b.start), end: ms(end), fit });
  if (speech <= b.slotEnd - b.start) return as('fits', 1, b.start + speech);
  if (speech <= room) return as('borrowed', 1, b.start + speech);
  // Rounded up so the reported tempo, applied, still ends inside the room; capped because speech / room may
  // exceed MAX_TEMPO by a rounding error at the boundary.
  if (speech <= room * MAX_TEMPO) return as('sped', Math.min(MAX_TEMPO, Math.ceil((speech / room) * 1000) / 1000), b.limit);
  return as('overflow', MAX_TEMPO, b.limit);
}
