import { beforeEach, describe, expect, it } from 'vitest';
import type { UploadInitResponse, UploadedFile } from '../../contracts/uploads';
import { setRequestHooks } from '../../web/lib/request';
import { RESUME_STORAGE_KEY, UploadError, uploadMedia } from '../../web/lib/uploader';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { fail, ok } from './helpers/records';

const server = useApiServer();
const MB = 1024 * 1024;
const CHUNK = 10 * MB;

/** A file whose part n is filled with the n-th letter, so each PUT's bytes can be told apart. */
function mediaFile(size: number, name = 'talk.mp3'): File {
  const parts: string[] = [];
  for (let at = 0, n = 0; at < size; at += CHUNK, n++) parts.push(String.fromCharCode(97 + n).repeat(Math.min(CHUNK, size - at)));
  return new File(parts, name, { lastModified: 1_700_000_000_000 });
}

const uploaded = (id: number): UploadedFile => ({
  id,
  name: 'talk.mp3',
  size: 25 * MB,
  duration: 61.5,
  audioDuration: 61.5,
  createTime: 1_700_000_000_000,
  state: 'uploaded',
});

interface Storage {
  /** Parts the server says it already has. */
  uploadedParts: number[];
  /** How many URLs uploadInit hands out; by default one per 10 MB part. */
  urlCount?: number;
  /** What a part's PUT answers; by default 200 with an ETag, after `delayMs`. */
  put?: (part: number, attempt: number) => Reply;
  merge?: (attempt: number) => Reply;
  uploadId?: string;
}

let storage: Storage;
let inFlight = 0;
let mostInFlight = 0;
const PUT_DELAY = 150;

function fakeApi(request: RecordedRequest): Reply {
  const path = request.url.pathname;
  const part = /^\/storage\/part\/(\d+)$/.exec(path);
  if (part) {
    const n = Number(part[1]);
    const attempt = puts().filter((r) => r.url.pathname === path).length;
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const reply = storage.put?.(n, attempt) ?? { status: 200, body: '', headers: { ETag: `"etag-${n}"` }, delayMs: PUT_DELAY };
    // Registered before the reply's own timer, so the count drops just before the answer leaves.
    setTimeout(() => inFlight--, reply.delayMs ?? 0);
    return reply;
  }
  switch (path.replace('/prod-api/speech/audio/transcribe', '')) {
    case '/uploadInit': {
      const { fileSize } = JSON.parse(request.body) as { fileSize: number };
      const count = storage.urlCount ?? Math.max(1, Math.ceil(fileSize / (fileSize > 20 * MB ? CHUNK : fileSize)));
      const init: UploadInitResponse = {
        id: 41,
        uploadId: storage.uploadId ?? 'up-1',
        uploadUrls: Array.from({ length: count }, (_, i) => `${server.origin}/storage/part/${i + 1}?X-Amz-Signature=s`),
        objectName: 'uploads/1/x.mp3',
        chunkSize: fileSize > 20 * MB ? CHUNK : fileSize,
        uploadedParts: storage.uploadedParts,
      };
      return ok(init);
    }
    case '/uploadBlock':
      return ok({ uploadedParts: [] });
    case '/mergeFileData':
      return storage.merge?.(calls('/mergeFileData').length) ?? ok(uploaded(41));
    default:
      return fail(404, `No route ${path}`);
  }
}

const puts = () => server.requests.filter((r) => r.method === 'PUT');
const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api/speech/audio/transcribe${path}`);
const bodyOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );
const quick = { retryDelayMs: 5 };

beforeEach(() => {
  storage = { uploadedParts: [] };
  inFlight = 0;
  mostInFlight = 0;
  server.requests.length = 0;
  server.reply(fakeApi);
  setRequestHooks({ toast: () => {} });
});

describe('resumable multipart upload', () => {
  it('splits a 25 MB file into 10 MB parts, reports each part’s ETag and completes', async () => {
    const progress: [number, number][] = [];
    const file = await uploadMedia(mediaFile(25 * MB), { onProgress: (sent, total) => progress.push([sent, total]) });

    expect(file).toEqual(uploaded(41));
    expect(calls('/uploadInit').map(bodyOf)).toEqual([{ oriFileName: 'talk.mp3', fileSize: 25 * MB }]);
    const sentParts = puts()
      .map((r) => ({ path: r.url.pathname, length: r.body.length, letters: new Set(r.body).size, first: r.body[0], auth: r.headers.authorization }))
      .sort((a, b) => a.path.localeCompare(b.path));
    expect(sentParts).toEqual([
      { path: '/storage/part/1', length: CHUNK, letters: 1, first: 'a', auth: undefined },
      { path: '/storage/part/2', length: CHUNK, letters: 1, first: 'b', auth: undefined },
      { path: '/storage/part/3', length: 5 * MB, letters: 1, first: 'c', auth: undefined },
    ]);
    const reports = calls('/uploadBlock').map(bodyOf);
    expect(reports.sort((a, b) => Number(a.partNumber) - Number(b.partNumber))).toEqual([
      { uploadId: 'up-1', partNumber: 1, etag: '"etag-1"' },
      { uploadId: 'up-1', partNumber: 2, etag: '"etag-2"' },
      { uploadId: 'up-1', partNumber: 3, etag: '"etag-3"' },
    ]);
    // Completion comes once, after every part was reported.
    expect(calls('/mergeFileData').map(bodyOf)).toEqual([{ uploadId: 'up-1' }]);
    expect(server.requests.findIndex((r) => r.url.pathname.endsWith('/mergeFileData'))).toBe(server.requests.length - 1);
    expect(progress.at(-1)).toEqual([25 * MB, 25 * MB]);
    expect(progress.every(([sent], i) => i === 0 || sent >= progress[i - 1]![0])).toBe(true);
    expect(progress.length).toBeGreaterThan(3);
    expect(localStorage.getItem(RESUME_STORAGE_KEY)).toBe('{}');
  });

  it('sends a file of up to 20 MB as one part', async () => {
    await uploadMedia(mediaFile(15 * MB));
    expect(puts().map((r) => [r.url.pathname, r.body.length])).toEqual([['/storage/part/1', 15 * MB]]);
  });

  it('keeps at most 5 parts in flight', async () => {
    // Long enough that the first five are all still unanswered when the last of them arrives.
    storage.put = (n) => ({ status: 200, body: '', headers: { ETag: `"etag-${n}"` }, delayMs: 1500 });
    await uploadMedia(mediaFile(65 * MB));
    expect(puts().length).toBe(7);
    expect(mostInFlight).toBe(5);
  });

  it('resumes an interrupted upload of the same file without resending the parts the server has', async () => {
    const controller = new AbortController();
    storage.put = (n) => ({ status: 200, body: '', headers: { ETag: `"etag-${n}"` }, delayMs: 2000 });
    const first = uploadMedia(mediaFile(25 * MB), { signal: controller.signal });
    await until(() => puts().length === 3);
    controller.abort();
    expect(await rejection(first)).toEqual(new UploadError('cancelled'));

    server.requests.length = 0;
    storage = { uploadedParts: [1, 3] };
    const progress: number[] = [];
    await uploadMedia(mediaFile(25 * MB), { onProgress: (sent) => progress.push(sent) });
    expect(calls('/uploadInit').map(bodyOf)).toEqual([{ oriFileName: 'talk.mp3', fileSize: 25 * MB, resumeUploadId: 'up-1' }]);
    expect(puts().map((r) => r.url.pathname)).toEqual(['/storage/part/2']);
    expect(calls('/uploadBlock').map(bodyOf)).toEqual([{ uploadId: 'up-1', partNumber: 2, etag: '"etag-2"' }]);
    expect(progress[0]).toBe(15 * MB);
    expect(calls('/mergeFileData').length).toBe(1);
  });

  it('does not offer another file’s upload for resuming', async () => {
    localStorage.setItem(RESUME_STORAGE_KEY, JSON.stringify({ 'talk.mp3|26214400|1700000000000': 'up-9' }));
    await uploadMedia(mediaFile(15 * MB));
    expect(bodyOf(calls('/uploadInit')[0]!).resumeUploadId).toBeUndefined();
    // The other file's entry stays for when it is added again.
    expect(JSON.parse(localStorage.getItem(RESUME_STORAGE_KEY)!)).toEqual({ 'talk.mp3|26214400|1700000000000': 'up-9' });
  });

  it('retries a failed part, and after 3 failures stops the other parts and reports the upload error', async () => {
    storage.put = (n) => (n === 1 ? { status: 500, body: 'boom' } : { status: 200, body: '', headers: { ETag: `"etag-${n}"` }, delayMs: 3000 });
    const started = Date.now();
    const error = await rejection(uploadMedia(mediaFile(25 * MB), quick));

    expect(error).toEqual(new UploadError('failed'));
    expect(puts().filter((r) => r.url.pathname === '/storage/part/1').length).toBe(3);
    // Parts 2 and 3 were cut off rather than waited for: nothing reported, nothing completed.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(calls('/uploadBlock')).toEqual([]);
    expect(calls('/mergeFileData')).toEqual([]);
  });

  it('stores a part that fails once on its second try', async () => {
    storage.put = (n, attempt) => (n === 2 && attempt === 1 ? { status: 503, body: '' } : { status: 200, body: '', headers: { ETag: `"etag-${n}"` } });
    await uploadMedia(mediaFile(25 * MB), quick);
    expect(puts().filter((r) => r.url.pathname === '/storage/part/2').length).toBe(2);
    expect(calls('/uploadBlock').length).toBe(3);
  });

  it('treats a part answered without an ETag as failed', async () => {
    storage.put = () => ({ status: 200, body: '' });
    expect(await rejection(uploadMedia(mediaFile(15 * MB), quick))).toEqual(new UploadError('failed'));
    expect(puts().length).toBe(3);
    expect(calls('/uploadBlock')).toEqual([]);
  });

  it('reports the upload error when the server plans another number of parts than the file has', async () => {
    storage.urlCount = 2;
    expect(await rejection(uploadMedia(mediaFile(25 * MB)))).toEqual(new UploadError('failed'));
    expect(puts()).toEqual([]);
    expect(calls('/mergeFileData')).toEqual([]);
  });

  it('cancels every part in flight when aborted', async () => {
    storage.put = (n) => ({ status: 200, body: '', headers: { ETag: `"etag-${n}"` }, delayMs: 1500 });
    const controller = new AbortController();
    const upload = uploadMedia(mediaFile(25 * MB), { signal: controller.signal });
    await until(() => puts().length === 3);
    controller.abort();
    expect(await rejection(upload)).toEqual(new UploadError('cancelled'));
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(calls('/uploadBlock')).toEqual([]);
    expect(calls('/mergeFileData')).toEqual([]);
    // Kept so that adding the file again resumes it.
    expect(JSON.parse(localStorage.getItem(RESUME_STORAGE_KEY)!)).toEqual({ 'talk.mp3|26214400|1700000000000': 'up-1' });
  });

  it('tries the completion again while the engine is unavailable (503)', async () => {
    storage.merge = (attempt) => (attempt < 2 ? fail(503, 'Busy') : ok(uploaded(41)));
    expect(await uploadMedia(mediaFile(1 * MB), quick)).toEqual(uploaded(41));
    expect(calls('/mergeFileData').length).toBe(2);
  });

  it('passes the server’s reason when the completion is refused', async () => {
    storage.merge = () => fail(400, 'The media could not be read');
    const error = await rejection(uploadMedia(mediaFile(1 * MB), quick));
    expect(error).toMatchObject({ name: 'RequestError', kind: 'business', message: 'The media could not be read' });
    expect(calls('/mergeFileData').length).toBe(1);
  });
});

async function until(condition: () => boolean, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
