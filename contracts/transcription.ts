import { z } from 'zod';
import { LOCAL_UPLOAD } from './constants';
import { recordName } from './records';
import { optionalNameText } from './text';
import { documentIds } from './vocabulary';

/**
 * Submitting an uploaded file for transcription (spec §3 local-upload form, latest-task record; §7
 * transwrite, getLatestTrans, refreshRecord).
 */

/** The spoken language and the language to translate into; '' or absent: no translation. */
export const formLanguages = {
  audioLanguage: z.string().min(2).max(16).default('zh-CN'),
  translationLanguage: z
    .string()
    .max(16)
    .nullish()
    .transform((v) => v || null),
};

export const transwriteBody = z.object({
  /** Uploaded file ids (spec: one file at a time). */
  ids: z.array(z.number().int().positive()).min(1).max(LOCAL_UPLOAD.maxFiles),
  ...formLanguages,
  showName: recordName,
  speaker: z.enum(['0', '1']).default('0'),
  maxSpeakers: z.coerce.number().int().min(LOCAL_UPLOAD.speakers.min).max(LOCAL_UPLOAD.speakers.max).default(LOCAL_UPLOAD.speakers.default),
  /**
   * The engine estimates how many speakers there are and `maxSpeakers` is ignored (as the dub form's field of
   * the same name). Absent: false, so a client that follows the spec's form gets the spec's count.
   */
  maxSpeakersAuto: z.boolean().default(false),
  /** Target folder; absent or unknown: the default folder. */
  folderId: z.coerce.number().int().nonnegative().optional(),
  folderName: z.string().max(250).optional(),
  /** Vocabulary libraries to apply (proprietary words, terms, sensitive words); SVIP only. */
  documentIds,
});
export type TranswriteBody = z.input<typeof transwriteBody>;
/** The dialog's choices, as kept on an upload; forms kept before vocabulary libraries or Auto existed lack those fields. */
export type TranscribeForm = Omit<z.output<typeof transwriteBody>, 'ids' | 'documentIds' | 'maxSpeakersAuto'> & {
  documentIds?: number[];
  maxSpeakersAuto?: boolean;
};

export interface TranswriteResult {
  code: number;
  msg: string;
  /** The created records, one per file. */
  ids: number[];
}

/** Spec §3 latest-task record: the newest upload, so the dialog can offer to resume it. */
export interface LatestTask {
  id: number;
  showName: string;
  languages: string;
  targetLanguages: string;
  /** JSON text `{"enabled":bool,"maxSpeakers":n,"maxSpeakersAuto":bool}`: the spec's two fields and whether the count was left to the engine. */
  speaker: string;
  /** Seconds. */
  duration: number;
  videoCover: string;
  /** TRANSCRIBED: uploaded and waiting to be submitted (the dialog offers to resume it). */
  state: 'UPLOADING' | 'TRANSCRIBED' | 'SUBMITTED';
}

export const refreshRecordBody = z.object({ id: z.number().int().positive() });

/** One subtitle line as the record detail editor saves it (times in ms from the media start). */
export const editedLine = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  text: z.string().max(5000),
  speaker: optionalNameText(100).default(''),
  translations: z.record(z.string().max(16), z.string().max(5000)).default({}),
});

/**
 * `editDetails`: the record's lines after editing (text, times, speaker renames and merges), replacing the
 * stored ones at once. Spec §5's timing rule (end not before start, no overlap, not past the media) is checked
 * by the Worker against the record, so a refusal names the line as the editor shows it (contracts/timeline.ts).
 */
export const editDetailsBody = z.object({
  id: z.number().int().positive(),
  lines: z.array(editedLine).min(1).max(20_000),
});
export type EditedLine = z.input<typeof editedLine>;

export const addTranslationBody = z.object({ id: z.number().int().positive(), language: z.string().min(2).max(16) });

/** `translateAgain`: the record's lines `lineIds` (none: all of them) are translated again into its translation language. */
export const translateAgainBody = z.object({
  id: z.number().int().positive(),
  lineIds: z.array(z.number().int().positive()).max(20_000).default([]),
});
export type TranslateAgainBody = z.input<typeof translateAgainBody>;

/** Where the record detail player streams the media from (a short-lived signed URL). */
export interface MediaSource {
  url: string;
  /** 'video' when the file has a picture, else 'audio'. */
  kind: 'audio' | 'video';
}
