import { z } from 'zod';
import { FOLDER } from './constants';
import type { JobProgress } from './job-progress';
import { nameText } from './text';
import {
  BATCH_MAX,
  EXPORT_CONTENTS,
  EXPORT_FORMATS,
  ORDER_COLUMNS,
  PAGE_SIZE,
  RECORD_NAME_MAX,
  RECORD_STATUSES,
  RECORD_TYPES,
  type RecordStatus,
  type RecordType,
  SHARE_EXPIRY_DAYS,
  SUMMARY_EXPORT_FORMATS,
  isPageAddress,
} from './record-vocabulary';

/**
 * Records, folders, sharing and export (spec §1, §3 Record / Folder / Subtitle line, §5 folder and title
 * rules, §7 transcript calls). The Worker validates with these schemas and the web app builds its forms
 * and requests from the same ones.
 */

const id = z.coerce.number().int().positive();
const flag = z.enum(['0', '1']);
/** Comma-separated ids in a query string (`ids=1,2,3`), as GET calls carry lists. */
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be comma-separated ids')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive()).min(1).max(BATCH_MAX));

export const recordName = nameText(RECORD_NAME_MAX);
export const folderName = nameText(FOLDER.nameMax);
/** The page a plugin session subtitled, kept as the record's note (see isPageAddress). */
export const sourceUrl = z.string().trim().refine(isPageAddress, 'must be an http(s) address of at most 2048 characters');

/** `GET /speech/audio/transcribe/query`: the records list with its filters, sort and page. */
export const recordQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
  orderByColumn: z.enum(ORDER_COLUMNS).default('create_time'),
  /** 'ascending' / 'descending' as the spec's clients send, or the short forms. */
  isAsc: z
    .enum(['asc', 'desc', 'ascending', 'descending'])
    .default('desc')
    .transform((v) => v === 'asc' || v === 'ascending'),
  folderId: id.optional(),
  type: z.enum(RECORD_TYPES).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  favourite: flag.optional(),
  shared: flag.optional(),
  /** Matched against the record name and its transcript text. */
  keyword: z.string().trim().max(100).optional(),
  /** Creation time range, epoch ms, inclusive. */
  beginTime: z.coerce.number().int().nonnegative().optional(),
  endTime: z.coerce.number().int().nonnegative().optional(),
});
export type RecordQuery = z.input<typeof recordQuery>;

/** `POST .../edit`: rename one record, or move / (un)favourite one or many. */
export const editRecordBody = z
  .object({
    ids: z.array(id).min(1).max(BATCH_MAX),
    name: recordName.optional(),
    folderId: id.optional(),
    favourite: z.boolean().optional(),
  })
  .refine((b) => b.name !== undefined || b.folderId !== undefined || b.favourite !== undefined, 'nothing to change')
  .refine((b) => b.name === undefined || b.ids.length === 1, 'a name is given to one record at a time');

export const removeRecordsBody = z.object({ ids: z.array(id).min(1).max(BATCH_MAX) });

/** `POST .../share`: open (or update) a record's share link, or close it. */
export const shareBody = z.object({
  id,
  enabled: z.boolean(),
  allowCopy: z.boolean().default(false),
  expiresInDays: z.union([z.literal(SHARE_EXPIRY_DAYS[0]), z.literal(SHARE_EXPIRY_DAYS[1]), z.literal(SHARE_EXPIRY_DAYS[2]), z.null()]).default(null),
});

export const shareToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const copyReplicaBody = z.object({ token: shareToken, folderId: id.optional() });

/** `GET .../export`: one record as a file, several as a zip of files. */
export const exportQuery = z.object({
  ids: idList,
  format: z.enum(EXPORT_FORMATS).default('txt'),
  content: z.enum(EXPORT_CONTENTS).default('source'),
  /** '1' puts the speaker's name before each line. */
  speaker: flag.default('1'),
  /** '1' puts each line's time range in TXT and DOCX (SRT and VTT always carry times). */
  timestamps: flag.default('1'),
});
export type ExportOptions = z.output<typeof exportQuery>;

/** Folder calls: `GET /speech/folder/getFolder`, `POST .../editFolder` (create or rename), `POST .../removeFolder`. */
export const editFolderBody = z.object({
  /** Present to rename; absent to create. */
  id: id.optional(),
  parentId: z.coerce.number().int().nonnegative().default(0),
  folderName,
});
export const removeFolderBody = z.object({ id });

export interface FolderNode {
  id: number;
  name: string;
  parentId: number;
  /** Comma-separated id path from the root, '0' for a top-level folder (spec §3). */
  ancestors: string;
  isDefault: boolean;
  /** Records directly in this folder. */
  recordCount: number;
  children: FolderNode[];
}

export interface RecordRow {
  id: number;
  name: string;
  type: RecordType;
  status: RecordStatus;
  /** Seconds. */
  duration: number;
  createTime: number;
  updateTime: number;
  folderId: number;
  favourite: boolean;
  shared: boolean;
  allowCopy: boolean;
  shareExpiresAt: number | null;
  audioLanguage: string;
  translationLanguage: string | null;
  errorReason: string | null;
  /** The page a browser plugin session subtitled (its note); absent for other records. */
  sourceUrl?: string;
  /** While a job runs (or its summary is being made): its stage, percentage and time left. Absent otherwise. */
  progress?: JobProgress;
}

/** A list page: `rows` and `total`, as the spec's clients read them (spec §7 "code and rows"). */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface SubtitleLine {
  id: number;
  seq: number;
  /** Milliseconds from the start of the media. */
  start: number;
  end: number;
  text: string;
  /** language code → translated text */
  translations: Record<string, string>;
  speaker: string;
  /** The line's translation is being made again (its words were edited, or "translate again" was asked). */
  translating?: true;
}

export interface ShareStatus {
  shared: boolean;
  token: string | null;
  allowCopy: boolean;
  expiresAt: number | null;
}

/** What `/meetingShare` shows: the record read-only, to anyone holding the link. */
export interface SharedRecord {
  name: string;
  type: RecordType;
  createTime: number;
  duration: number;
  ownerName: string;
  allowCopy: boolean;
  expiresAt: number | null;
  audioLanguage: string;
  translationLanguage: string | null;
  lines: SubtitleLine[];
  /** Whether an AI summary (a meeting's minutes) was made, so /meetingShareDownload can offer it. */
  hasSummary?: boolean;
}

/** `GET /speech/meeting/getMeetingList`: the records list's query; the type is always meeting. */
export const meetingListQuery = recordQuery.omit({ type: true });

/** `?id=` of the calls that read one record (`getTrans`, `getTransShareStatus`). */
export const recordIdQuery = z.object({ id });

/**
 * `GET .../shareDownload?token=&what=`: a shared record's transcript (as the owner's export makes it) or its
 * summary, for anyone holding a link whose owner allows copies.
 */
export const shareDownloadQuery = z.discriminatedUnion('what', [
  z.object({
    token: shareToken,
    what: z.literal('transcript'),
    format: z.enum(EXPORT_FORMATS).default('txt'),
    content: z.enum(EXPORT_CONTENTS).default('source'),
  }),
  z.object({ token: shareToken, what: z.literal('summary'), format: z.enum(SUMMARY_EXPORT_FORMATS).default('docx') }),
]);
export type ShareDownloadQuery = z.input<typeof shareDownloadQuery>;

/** `GET .../getTransResult?token=`: any text is accepted, so a mangled link reads "expired", not "invalid". */
export const sharedRecordQuery = z.object({ token: z.string().max(200) });

/** `GET .../getTrans`: one of the user's records with its transcript. */
export interface RecordDetail {
  record: RecordRow;
  lines: SubtitleLine[];
}

/** `POST /speech/folder/removeFolder`: how many folders went, and how many records moved to the default folder. */
export interface FolderRemoval {
  removedFolders: number;
  movedRecords: number;
}
