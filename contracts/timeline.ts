/**
 * The one rule every timed line in Tingyi keeps (spec §5): lines in order, disjoint, inside the media. Every
 * producer (file transcription, live meetings, dubbing projects, imported SRT) passes its lines through
 * `disjointSpans` before storing them, so whatever the app produced, its own editor accepts back.
 */

/** A line's time span in milliseconds from the media start. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The spans made disjoint and kept inside `[0, durationMs]` (no upper bound when durationMs is absent or 0).
 * Input must be ordered by start; output has the same length and order. Where two neighbours overlap, the
 * boundary moves to the middle of the overlap: both lines keep their share of the shared time, so neither
 * loses its words to the other. A line wholly inside its predecessor ends up zero-length at the boundary
 * rather than being dropped, so no text is lost.
 */
export function disjointSpans(spans: readonly Span[], durationMs?: number): Span[] {
  const limit = durationMs && durationMs > 0 ? durationMs : Number.POSITIVE_INFINITY;
  const out: Span[] = [];
  for (const span of spans) {
    const start = Math.min(Math.max(0, Math.round(span.start)), limit);
    const current = { start, end: Math.min(Math.max(start, Math.round(span.end)), limit) };
    const previous = out[out.length - 1];
    if (previous && current.start < previous.end) {
      const boundary = Math.min(Math.round((current.start + previous.end) / 2), current.end);
      previous.end = Math.max(previous.start, boundary);
      current.start = previous.end;
      current.end = Math.max(current.end, current.start);
    }
    out.push(current);
  }
  return out;
}

/** The index of the first line that overlaps the line before it or ends before it starts, or -1 when none does. */
export function firstOverlap(spans: readonly Span[]): number {
  return spans.findIndex((span, i) => span.end < span.start || (i > 0 && span.start < (spans[i - 1]?.end ?? 0)));
}

/** Why a line breaks the rule: it ends before it starts, starts before the line before it ends, or ends after the media. */
export type LineFault = 'endsBeforeStart' | 'overlapsPrevious' | 'pastMedia';

/** The first line that breaks the rule, by its index (counted from 0), or null when every line keeps it. */
export function firstFault(spans: readonly Span[], durationMs?: number): { index: number; fault: LineFault } | null {
  for (const [index, span] of spans.entries()) {
    if (span.end < span.start) return { index, fault: 'endsBeforeStart' };
    if (index > 0 && span.start < spans[index - 1]!.end) return { index, fault: 'overlapsPrevious' };
    if (durationMs && durationMs > 0 && span.end > durationMs) return { index, fault: 'pastMedia' };
  }
  return null;
}

/** `lines` with the times `disjointSpans` gives them; a line whose times already kept the rule is the same object. */
export function disjointLines<T extends Span>(lines: readonly T[], durationMs?: number): T[] {
  const spans = disjointSpans(lines, durationMs);
  return lines.map((line, i) => {
    const { start, end } = spans[i]!;
    return start === line.start && end === line.end ? line : { ...line, start, end };
  });
}

/** The data of a save refused for one line: its index (from 0) among the lines saved, and its id when it has one. */
export interface RefusedLine {
  line: number;
  id?: number;
}

/** The refused line an error envelope's data names, or null when it names none. */
export function refusedLine(data: unknown): RefusedLine | null {
  const line = typeof data === 'object' && data !== null ? (data as { line?: unknown }).line : undefined;
  return typeof line === 'number' && Number.isInteger(line) && line >= 0 ? (data as RefusedLine) : null;
}
