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
