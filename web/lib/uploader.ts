import { API } from '../../contracts/api-paths';
import { DUB_UPLOAD, LOCAL_UPLOAD } from '../../contracts/constants';
import { Code } from '../../contracts/errors';
import { dubPartPlan, partPlan } from '../../contracts/upload-files';
import type { UploadInitResponse, UploadedFile } from '../../contracts/uploads';
import { isRequestError, post } from './request';

/**
 * The resumable multipart upload of a file for transcription (spec §4 local transcription dialog, §8 upload
 * errors, §9 sizes): `uploadInit` hands out one presigned URL per part, the browser PUTs the parts straight
 * to object storage a few at a time and reports each part's ETag, then `mergeFileData` completes the file.
 * The upload id is remembered per file, so adding the same file after an interruption (a closed tab, a
 * cancel, a lost connection) sends only the parts that never arrived.
 */

/** Where one kind of upload goes: its three calls, how it cuts a file into parts, and how many parts fly at once. */
export interface UploadTarget {
  init: string;
  part: string;
  complete: string;
  plan: (size: number) => { chunkSize: number; partCount: number };
  parallelParts: number;
  /** localStorage: `{ "name|size|lastModified": uploadId }` of uploads begun but not completed. */
  resumeStorageKey: string;
}

/** Files to transcribe (the default). */
export const TRANSCRIBE_UPLOAD: UploadTarget = {
  init: API.uploads.uploadInit,
  part: API.uploads.uploadBlock,
  complete: API.uploads.mergeFileData,
  plan: partPlan,
  parallelParts: LOCAL_UPLOAD.parallelParts,
  resumeStorageKey: 'uploadResume',
};

/** Videos to dub: the same protocol under `/speech/video/transcribe`, with its own part sizes (spec §7). */
export const DUB_VIDEO_UPLOAD: UploadTarget = {
  init: API.dubbing.create,
  part: API.dubbing.uploadBlock,
  complete: API.dubbing.upload,
  plan: dubPartPlan,
  parallelParts: DUB_UPLOAD.parallel,
  // Apart from the transcription uploads': the same file may be sent to both, each with its own upload id.
  resumeStorageKey: 'dubUploadResume',
};

export const RESUME_STORAGE_KEY = TRANSCRIBE_UPLOAD.resumeStorageKey;
/** Enough for the files a user plausibly leaves half-sent; older entries are forgotten first. */
const RESUME_KEEP = 20;
/** A part (or the completion while the engine is busy) is tried this many times before giving up. */
const TRIES = 3;

/** `failed`: a part could not be stored, or the server planned other parts than the file has (spec §8). */
export class UploadError extends Error {
  constructor(readonly kind: 'failed' | 'cancelled') {
    super(kind === 'failed' ? 'upload failed' : 'upload cancelled');
    this.name = 'UploadError';
  }
}

export function isUploadError(error: unknown, kind?: UploadError['kind']): error is UploadError {
  return error instanceof UploadError && (kind === undefined || error.kind === kind);
}

export interface UploadOptions {
  /** Aborting cancels every request in flight; the promise then rejects with a `cancelled` UploadError. */
  signal?: AbortSignal;
  /** Bytes stored so far (parts stored by an earlier attempt count from the start) and the file's size. */
  onProgress?: (sent: number, total: number) => void;
  /** The pause before the second try of a part or of the completion; each further try waits longer. */
  retryDelayMs?: number;
  /** TRANSCRIBE_UPLOAD unless given. */
  target?: UploadTarget;
}

/**
 * Uploads `file` and resolves with its server record. Rejects with an UploadError, or with the request
 * layer's RequestError when the server refused a call (its message says why; the calls are silent, so the
 * caller shows it).
 */
export async function uploadMedia(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const { signal, target = TRANSCRIBE_UPLOAD } = options;
  const key = fingerprint(file);
  try {
    const init = (
      await post<UploadInitResponse>(
        target.init,
        { oriFileName: file.name, fileSize: file.size, resumeUploadId: resumeIds(target)[key] },
        { silent: true, signal },
      )
    ).data;
    const plan = target.plan(file.size);
    if (init.uploadUrls.length !== plan.partCount || init.chunkSize !== plan.chunkSize) throw new UploadError('failed');
    rememberUpload(target, key, init.uploadId);
    await sendParts(file, init, target, options);
    const uploaded = await complete(init.uploadId, target, options);
    rememberUpload(target, key, null);
    return uploaded;
  } catch (error) {
    if (signal?.aborted) throw new UploadError('cancelled');
    throw error;
  }
}

function fingerprint(file: File): string {
  return `${file.name}|${file.size}|${file.lastModified}`;
}

function resumeIds(target: UploadTarget): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(target.resumeStorageKey) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, string>) : {};
  } catch {
    return {}; // storage disabled or garbled: start afresh
  }
}

function rememberUpload(target: UploadTarget, key: string, uploadId: string | null): void {
  const ids = resumeIds(target);
  delete ids[key];
  if (uploadId !== null) ids[key] = uploadId;
  const kept = Object.entries(ids).slice(-RESUME_KEEP);
  try {
    localStorage.setItem(target.resumeStorageKey, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage disabled: this upload just cannot be resumed after a reload.
  }
}

async function sendParts(file: File, init: UploadInitResponse, target: UploadTarget, { signal, onProgress, retryDelayMs = 500 }: UploadOptions) {
  const { chunkSize, uploadId } = init;
  const partBytes = (n: number) => Math.min(chunkSize, file.size - (n - 1) * chunkSize);
  const sent = new Map<number, number>(init.uploadedParts.map((n) => [n, partBytes(n)]));
  const tell = () =>
    onProgress?.(
      [...sent.values()].reduce((a, b) => a + b, 0),
      file.size,
    );
  const report = (n: number, bytes: number) => {
    sent.set(n, bytes);
    tell();
  };
  tell();

  const queue = init.uploadUrls.map((_, i) => i + 1).filter((n) => !sent.has(n));
  // One part failing for good stops the others, like a cancel from the caller does.
  const stop = new AbortController();
  const cancel = () => stop.abort();
  signal?.addEventListener('abort', cancel);

  const sendPart = async (n: number) => {
    const body = file.slice((n - 1) * chunkSize, (n - 1) * chunkSize + partBytes(n));
    for (let attempt = 1; ; attempt++) {
      try {
        const etag = await putPart(init.uploadUrls[n - 1]!, body, stop.signal, (loaded) => report(n, loaded));
        await post(target.part, { uploadId, partNumber: n, etag }, { silent: true, signal: stop.signal });
        report(n, body.size);
        return;
      } catch (error) {
        // The server refusing the report (not the connection failing) will refuse it again.
        if (stop.signal.aborted || (isRequestError(error) && error.kind !== 'network')) throw error;
        report(n, 0);
        if (attempt >= TRIES) throw new UploadError('failed');
        await pause(retryDelayMs * attempt, stop.signal);
      }
    }
  };
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n);
  };

  try {
    await Promise.all(Array.from({ length: Math.min(target.parallelParts, queue.length) }, worker));
  } catch (error) {
    stop.abort();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * PUTs one part to its presigned URL: storage, not the API, so no token and no envelope. XHR rather than
 * fetch for the upload progress events. Resolves with the ETag the storage answered.
 */
function putPart(url: string, body: Blob, signal: AbortSignal, onProgress: (loaded: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new UploadError('cancelled'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort);
    xhr.upload.onprogress = (event) => onProgress(Math.min(event.loaded, body.size));
    xhr.onload = () => {
      const etag = xhr.getResponseHeader('ETag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      else reject(new Error(`part upload answered ${xhr.status}${etag ? '' : ' without an ETag'}`));
    };
    xhr.onerror = () => reject(new Error('part upload failed'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new UploadError('cancelled'));
    xhr.onloadend = () => signal.removeEventListener('abort', abort);
    xhr.open('PUT', url);
    xhr.send(body);
  });
}

/** Completes the upload; the engine probing the media may be briefly unavailable (503), so that is retried. */
async function complete(uploadId: string, target: UploadTarget, { signal, retryDelayMs = 500 }: UploadOptions): Promise<UploadedFile> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await post<UploadedFile>(target.complete, { uploadId }, { silent: true, signal, long: true })).data;
    } catch (error) {
      if (!isRequestError(error) || error.code !== Code.UNAVAILABLE || attempt >= TRIES) throw error;
      await pause(retryDelayMs * attempt, signal);
    }
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', cancelled);
      resolve();
    };
    const cancelled = () => {
      clearTimeout(timer);
      reject(new UploadError('cancelled'));
    };
    const timer = setTimeout(done, ms);
    if (signal?.aborted) cancelled();
    else signal?.addEventListener('abort', cancelled);
  });
}
