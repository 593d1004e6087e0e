import { Code } from '../../contracts/errors';
import { formatTimecode, needsHours } from '../../contracts/timecode';
import { firstFault } from '../../contracts/timeline';
import type { RefusedLine, Span } from '../../contracts/timeline';
import { ApiError } from '../lib/errors';
import type { MessageKey } from '../lib/i18n';

/**
 * Saving timed lines (a transcript's or a dubbing project's): the first line that breaks spec §5's rule is
 * refused by its number and times as the editor shows them, with what to change, and the envelope's data
 * names it (contracts/timeline.ts RefusedLine) so the editor can take the user to it.
 */

const KEYS = { endsBeforeStart: 'lineEndsBeforeStart', overlapsPrevious: 'lineOverlapsPrevious', pastMedia: 'linePastMedia' } as const satisfies Record<
  string,
  MessageKey
>;

/** `ids`: the lines' ids in the same order, when they have them. */
export function assertLineTimes(spans: readonly Span[], durationMs: number, ids?: readonly number[]) {
  const found = firstFault(spans, durationMs);
  if (!found) return;
  const { index, fault } = found;
  const withHours = needsHours(durationMs);
  const time = (ms: number) => formatTimecode(ms, withHours);
  const span = spans[index]!;
  const params = {
    n: index + 1,
    start: time(span.start),
    end: time(span.end),
    previous: index,
    previousEnd: time(spans[index - 1]?.end ?? 0),
    mediaEnd: time(durationMs),
  };
  const data: RefusedLine = { line: index, ...(ids?.[index] !== undefined ? { id: ids[index] } : {}) };
  throw new ApiError(Code.BAD_REQUEST, KEYS[fault], params, data);
}
