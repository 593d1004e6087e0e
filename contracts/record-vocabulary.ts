/**
 * The words records are described with (spec §3, §4): types, statuses, sort columns, page sizes, name and
 * batch limits, export choices. Plain values with no validation library, so the browser can use them without
 * downloading the schemas of records.ts.
 */

export const RECORD_TYPES = ['meeting', 'transcription', 'dubbing'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** Spec §3 transcription statuses and §4 meeting and dubbing states, one vocabulary for the one status column. */
export const STATUSES_BY_TYPE = {
  transcription: ['transcribing', 'transcription_completed', 'transcription_err', 'translating', 'translation_completed', 'translation_err'],
  /** `finishing`: the meeting has ended and the rest of its transcript is being recognised from its audio. */
  meeting: ['not_started', 'in_progress', 'paused', 'finishing', 'ended'],
  dubbing: ['dub_start', 'dubbing', 'dub_complete', 'dub_err'],
} as const satisfies Record<RecordType, readonly string[]>;
export const RECORD_STATUSES = [...STATUSES_BY_TYPE.transcription, ...STATUSES_BY_TYPE.meeting, ...STATUSES_BY_TYPE.dubbing] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/**
 * Statuses in which a job or a live meeting still writes the record's lines: the server refuses edits
 * (409) and the detail page shows the lines read-only.
 */
export const EDIT_LOCKED_STATUSES: readonly RecordStatus[] = ['transcribing', 'translating', 'in_progress', 'paused', 'finishing', 'dub_start', 'dubbing'];

/** Columns the list sorts by (RuoYi-style names the spec's clients send). */
export const ORDER_COLUMNS = ['create_time', 'update_time', 'name', 'duration'] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

export const PAGE_SIZE = { default: 10, max: 100 } as const;
export const RECORD_NAME_MAX = 250;
/** Longest page address a record keeps as its note (browsers' practical limit for links people share). */
export const SOURCE_URL_MAX = 2048;

/**
 * The page address a record keeps (a browser plugin session's tab): an absolute http(s) address within
 * SOURCE_URL_MAX, so the record page can link to it safely; anything else (chrome://, file:, data:) is not kept.
 */
export function isPageAddress(value: string): boolean {
  if (value.length > SOURCE_URL_MAX) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
/** Share link lifetimes offered in the share dialog; null is "never expires". */
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
/** Most records one batch call (delete, move, export) takes. */
export const BATCH_MAX = 1000;

export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_CONTENTS = ['source', 'translation', 'bilingual'] as const;
export type ExportContent = (typeof EXPORT_CONTENTS)[number];
/**
 * Most transcript lines one export call renders, all its records together: about 10 s of CPU each as
 * `npm run bench:export` measures it (a third of a Worker request's 30 s). Subtitle cues cost the most per
 * line (Chinese word breaking), Word files next; plain text is cheap. A Word file is built whole in memory (the
 * `docx` library cannot stream): 40,000 lines held a 102 MB document tree before packing, past a Worker's 128 MB,
 * where 10,000 lines (26 MB) pack within it, so Word is capped by memory rather than CPU.
 */
export const EXPORT_MAX_LINES: Record<ExportFormat, number> = { txt: 200_000, srt: 20_000, vtt: 20_000, docx: 10_000 };

/** A summary downloads as a Word document (the template) or Markdown. */
export const SUMMARY_EXPORT_FORMATS = ['docx', 'md'] as const;
export type SummaryExportFormat = (typeof SUMMARY_EXPORT_FORMATS)[number];

/**
 * The ASCII name of a summary download: the Worker's plain `filename` beside the record-named UTF-8 one, and
 * the name the web app saves under when it cannot read the header, so both agree.
 */
export const summaryFallbackName = (recordId: number, format: SummaryExportFormat) => `summary-${recordId}.${format}`;
