import type { DubLineRow } from '../../../contracts/dubbing';
import { setTime } from '../record-detail/transcript-edit';
import type { DraftLine, Refusal } from '../record-detail/transcript-edit';
import type { LineEdit } from './api';

/**
 * Unsaved edits of the dubbing editor, by line id, over the lines the server sent. Times are checked with
 * the record detail editor's rules (spec §5: end not before start, no overlap, not past the video).
 */

export type PendingEdits = Readonly<Record<number, LineEdit>>;

/** The line as the user sees it: the server's, with their unsaved changes. */
export const withEdits = (rows: readonly DubLineRow[], pending: PendingEdits): DubLineRow[] =>
  rows.map((row) => (pending[row.id] ? { ...row, ...pending[row.id], changed: true } : row));

/** `pending` with `change` to the line `row`; a field put back to the server's value is no change any more. */
export function edit(pending: PendingEdits, row: DubLineRow, change: Omit<LineEdit, 'id'>): PendingEdits {
  const merged: LineEdit = { ...pending[row.id], ...change, id: row.id };
  for (const field of ['start', 'end', 'text', 'translation'] as const) if (merged[field] === row[field]) delete merged[field];
  const { [row.id]: _, ...rest } = pending;
  return Object.keys(merged).length > 1 ? { ...rest, [row.id]: merged } : rest;
}

export const asDraft = (rows: readonly DubLineRow[]): DraftLine[] =>
  rows.map(({ id, start, end, text, speaker }) => ({ key: id, start, end, text, speaker, translations: {} }));

/** The line's new times, or the refusal of the typed time (indices on the page); neighbours are those on the page shown. */
export function checkTime(
  rows: readonly DubLineRow[],
  index: number,
  edge: 'start' | 'end',
  input: string,
  videoMs: number,
): { ok: true; start: number; end: number } | ({ ok: false } & Refusal) {
  const result = setTime({ lines: asDraft(rows), past: [], typing: null, nextKey: -1 }, index, edge, input, videoMs);
  if (!result.ok) return result;
  const line = result.transcript.lines[index]!;
  return { ok: true, start: line.start, end: line.end };
}
