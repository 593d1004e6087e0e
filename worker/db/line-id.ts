/**
 * A subtitle line's id, as the API and dubbing's `dub_lines` name it: computed from the line's key (record, seq)
 * by the `segments.id` virtual column, so D1 stores no id and no index for it. Ids stay unique across records and
 * below 2^53 for any record id D1 hands out.
 */

/** More places than any record has lines (a meeting of days at a line a second stays far below). */
export const LINE_ID_RECORD_STRIDE = 1 << 20;
