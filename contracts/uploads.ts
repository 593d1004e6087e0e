import { z } from 'zod';
import { LOCAL_UPLOAD } from './constants';
import { nameText } from './text';
import { isAcceptedMedia } from './upload-files';

/**
 * Resumable multipart upload of a file for transcription (spec §3 chunk-upload init response and uploaded
 * file record, §5 local upload rules, §9 sizes). The browser PUTs each part to its presigned URL, reports
 * the part's ETag, and completes the upload; the server then probes the media's duration.
 */

const uploadId = z.string().min(1).max(1024);

export const uploadInitBody = z.object({
  /** Becomes the record's name: the same rules as any name. */
  oriFileName: nameText(255).refine(isAcceptedMedia, { message: `must end in ${LOCAL_UPLOAD.extensions.join(', ')}` }),
  fileSize: z.number().int().positive().max(LOCAL_UPLOAD.maxBytes),
  /** The upload this browser started earlier for the same file: resume it instead of starting over. */
  resumeUploadId: uploadId.optional(),
});

export interface UploadInitResponse {
  /** The uploaded file's id, given to `transwrite` later. */
  id: number;
  uploadId: string;
  /** One presigned PUT URL per part, part 1 first. */
  uploadUrls: string[];
  objectName: string;
  chunkSize: number;
  /** Parts already stored (when resuming): the browser skips them. */
  uploadedParts: number[];
}

export const uploadPartBody = z.object({
  uploadId,
  partNumber: z.number().int().min(1).max(10_000),
  /** The ETag header the storage answered the part's PUT with. */
  etag: z.string().trim().min(1).max(200),
});

export const mergeFileBody = z.object({ uploadId });
export const removeUploadsBody = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(LOCAL_UPLOAD.maxFiles * 20),
});

export type UploadState = 'uploading' | 'uploaded' | 'submitted';

/** Spec §3 uploaded file record. */
export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  /** Seconds, probed by the engine; null until the upload completes. */
  duration: number | null;
  audioDuration: number | null;
  createTime: number;
  state: UploadState;
}
