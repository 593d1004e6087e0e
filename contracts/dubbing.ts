import { z } from 'zod';
import { DUB_UPLOAD } from './constants';
import type { CloneProvider, FitKind, Voice } from './dubbing-engine';
import type { RecordRow } from './records';
import { formLanguages } from './transcription';
import { nameText, optionalNameText } from './text';
import { SRT_FILE_TYPES, extensionOf } from './upload-files';

/**
 * AI dubbing (spec §1, §2 dubbing upload dialog, §3 dub form and dub uploaded file, §4 dub upload and
 * dubbing states, §5 dub upload rules, §7 `/speech/video/transcribe/*`, §9 dubbing limits).
 */

const id = z.coerce.number().int().positive();
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const isDubVideo = (name: string) => extensionOf(name) === 'mp4';

/** `POST /speech/video/transcribe/create`: starts (or resumes) the upload of one mp4; answers UploadInitResponse. */
export const dubUploadInitBody = z.object({
  /** Becomes the project's name: the same rules as any name. */
  oriFileName: nameText(255).refine(isDubVideo, { message: 'must be an mp4 file' }),
  fileSize: z.number().int().positive().max(DUB_UPLOAD.maxBytes),
  resumeUploadId: z.string().min(1).max(1024).optional(),
});

/** `POST /speech/video/transcribe/transwrite`: the dub form for one uploaded file (spec §3 dub form). */
export const dubTranswriteBody = z.object({
  ids: z.array(z.number().int().positive()).length(1),
  /** No translation language: the video is re-voiced in its own language. */
  ...formLanguages,
  maxSpeakers: z.coerce.number().int().min(DUB_UPLOAD.speakers.min).max(DUB_UPLOAD.speakers.max).default(DUB_UPLOAD.speakers.default),
  maxSpeakersAuto: z.boolean().default(false),
  folderId: z.coerce.number().int().nonnegative().optional(),
  folderName: z.string().max(250).optional(),
  /** Derived by the dialog: '1' when maxSpeakers is at least 2. */
  speaker: z.enum(['0', '1']).optional(),
  srtFileType: z.enum(SRT_FILE_TYPES).optional(),
  /** The `url` `/file/upload` answered for this file's SRT. */
  srtUrl: z.string().max(500).optional(),
  exportSubtitleInVideo: z.boolean().default(false),
  /** Px of a 720-line frame, scaled to the video's height; `auto`: a size that follows the video (the dialog's default). */
  subtitleFontSize: z
    .union([z.literal('auto'), z.coerce.number().int().min(DUB_UPLOAD.fontSize.min).max(DUB_UPLOAD.fontSize.max)])
    .default(DUB_UPLOAD.fontSize.default),
  subtitleMaxCharCountPerSegment: z.coerce.number().int().min(1).max(200).default(DUB_UPLOAD.maxCharsPerSegment),
  subtitleOutlineColor: colour.default(DUB_UPLOAD.outlineColor),
  subtitlePrimaryColor: colour.default(DUB_UPLOAD.primaryColor),
  /**
   * "I have the right to use these voices": each speaker is dubbed in their own voice, cloned from their lines
   * by the configured provider. Without it (or without a provider) voices are matched to the speakers.
   */
  cloneVoices: z.boolean().default(false),
});
export type DubTranswriteBody = z.input<typeof dubTranswriteBody>;
export type DubForm = Omit<z.output<typeof dubTranswriteBody>, 'ids'>;

/** `POST /expense/cost/dubbingAccountCostBefore`: can the dubbing package pay for `duration` seconds? */
export const dubbingCostBody = z.object({
  userId: z.coerce.number().int().optional(),
  rightsType: z.literal('7').default('7'),
  sourceType: z.literal('5').default('5'),
  duration: z.coerce
    .number()
    .nonnegative()
    .max(DUB_UPLOAD.maxSeconds * DUB_UPLOAD.maxFiles),
});

/**
 * Where a dubbing project is (spec §4 dubbing: start, in progress, complete). `transcribing` and
 * `translating` belong to `dub_start`; `synthesizing` (speaking and fitting) and `rendering` to `dubbing`.
 */
export type DubStage = 'transcribing' | 'translating' | 'synthesizing' | 'rendering' | 'done' | 'failed';

/** `GET /speech/video/transcribe/getFileByTaskId?id=`: one dubbing project. */
export interface DubProject {
  record: RecordRow;
  stage: DubStage;
  /** 0–100 within the current run. */
  progress: number;
  form: DubForm;
  /** The uploaded video, to preview while dubbing runs. */
  originalUrl: string | null;
  /** The latest dubbed video, while it is kept (spec §9: 7 days). */
  dubbedUrl: string | null;
  /** When the dubbed video is deleted, epoch ms. */
  expiresAt: number | null;
  /** Lines edited (text, time or voice) since the last dubbing: a re-dub speaks only these again. */
  changedLines: number;
  /** Seconds a re-dub would charge (spec §9: 50 % of the video's length). */
  redubSeconds: number;
}

/** `POST /speech/video/transcribe/getFileDataContentPageList`: a page of the project's lines. */
export const dubLinesQuery = z.object({
  id,
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

/** One line in the dubbing editor. Times in ms. */
export interface DubLineRow {
  id: number;
  seq: number;
  start: number;
  end: number;
  /** Source text. */
  text: string;
  /** What is spoken: the translation (or the source text when there is no translation language). */
  translation: string;
  speaker: string;
  voice: string;
  /** How the last dubbing fitted this line; null before it was dubbed. */
  fit: FitKind | null;
  tempo: number | null;
  /** Edited since the last dubbing. */
  changed: boolean;
}

/** The longest text or translation of one dubbing line. */
export const DUB_LINE_MAX_CHARS = 2000;

/** `POST /speech/video/transcribe/edits`: changed lines of one project (spec §5 subtitle editing rules). */
export const dubEditsBody = z.object({
  id,
  lines: z
    .array(
      // The timing rule and DUB_LINE_MAX_CHARS are checked by the Worker over the whole project, naming the line
      // as the editor numbers it (an edit's place in this list is not the line's number).
      z.object({
        id,
        start: z.number().int().min(0).optional(),
        end: z.number().int().min(0).optional(),
        text: z.string().max(20_000).optional(),
        translation: z.string().max(20_000).optional(),
      }),
    )
    .min(1)
    .max(500),
});
export type DubEditsBody = z.input<typeof dubEditsBody>;

/**
 * How a speaker's voice was chosen: `cloned` from their own speech (with consent, through the provider),
 * `matched` to their gender and pitch from the offline and configured voices, `chosen` in the editor.
 */
export type DubVoiceMode = 'cloned' | 'matched' | 'chosen';

/** A speaker's clone at the provider: ElevenLabs' voice id, null for a reference sample (kept in R2). */
export interface SpeakerClone {
  provider: CloneProvider;
  voice: string | null;
}

/** `GET /speech/video/transcribe/getSpeakerList?id=`: each speaker with the voice that speaks their lines. */
export interface DubSpeaker {
  speaker: string;
  voice: string;
  mode: DubVoiceMode;
  lines: number;
}

/** `POST /speech/video/transcribe/editSpeaker`: rename a speaker and/or choose their voice. */
export const dubEditSpeakerBody = z.object({
  id,
  speaker: z.string().max(100),
  name: nameText(100).optional(),
  voice: z.string().max(100).optional(),
});

/** `GET /speech/video/transcribe/serviceNameList?language=`: the voices that can speak a language. */
export const voicesQuery = z.object({ language: z.string().min(2).max(16).optional() });
export type DubVoice = Voice;

/** `POST /speech/video/transcribe/videoSynthesis`: dub the project again, speaking only its changed lines anew. */
export const videoSynthesisBody = z.object({ id });

/** `POST /speech/video/transcribe/createIteration`: keep the current lines as a named version. */
export const createIterationBody = z.object({ id, name: optionalNameText(100).optional() });

/** `GET /speech/video/transcribe/getIteration?id=`: the project's versions, newest first. */
export interface DubIteration {
  id: number;
  version: number;
  name: string;
  createTime: number;
  lines: number;
  /** The video dubbed from this version while it is kept; null for a version never dubbed or expired. */
  url: string | null;
  /** `cloned` when its speakers spoke in their own cloned voices (the owner ticked the consent), `matched` otherwise; null for a version saved by hand. */
  voices: 'cloned' | 'matched' | null;
}

/**
 * `GET /speech/video/transcribe/download/zip` and `download/destroy/zip` (spec §7: type, msgType, idStr,
 * speaker). `download/zip` packs each project's subtitles; `download/destroy/zip` also packs the dubbed
 * videos (which are destroyed after 7 days).
 */
export const dubDownloadQuery = z.object({
  idStr: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().positive())
        .min(1)
        .max(DUB_UPLOAD.maxFiles * 20),
    ),
  /** Subtitle format. */
  type: z.enum(['srt', 'vtt', 'txt']).default('srt'),
  /** 1 source, 2 translation, 3 bilingual. */
  msgType: z.enum(SRT_FILE_TYPES).default('3'),
  speaker: z.enum(['0', '1']).default('0'),
});

/** `POST /speech/audio/synthesis`: hear a text in a voice (answers audio/wav). */
export const synthesisBody = z.object({
  text: z.string().trim().min(1).max(500),
  language: z.string().min(2).max(16),
  voice: z.string().max(100).optional(),
});

/** `POST /file/upload` (multipart `file`): an SRT for a dubbing upload; `url` goes into the dub form's srtUrl. */
export interface FileUploadResult {
  url: string;
  name: string;
}

/** `GET /ai/dubbing/transAdjust?transId=`: translate the project's lines again, each with its neighbours as context. */
export const transAdjustQuery = z.object({ transId: id });
