/**
 * Moving media to and from object storage by presigned URL, so no media body passes through the Worker:
 * downloads stream to a file, uploads are one S3 PUT of known length (R2 takes no chunked PUT) streamed
 * from a file, optionally behind a small header written first.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EngineHttpError } from '../../http';

/** Storage refusing or failing is not the media's fault: a 502, so the job is retried rather than ended. */
const storageError = (what: string, detail: string) => new EngineHttpError(502, 'upstream', `${what}: ${detail}`);

export async function download(url: string, path: string): Promise<void> {
  const res = await fetch(url).catch((err: unknown) => {
    throw storageError('the media could not be fetched', String(err));
  });
  if (res.status === 404) throw new EngineHttpError(422, 'unreadable_media', 'the media is no longer stored');
  if (!res.ok || !res.body) throw storageError('the media could not be fetched', `storage answered ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(path));
}

/** PUTs `head` (if any) followed by the file at `path`; answers the bytes sent. */
export async function upload(url: string, path: string, contentType: string, head: Buffer = Buffer.alloc(0)): Promise<number> {
  const size = head.length + (await stat(path)).size;
  async function* body() {
    if (head.length) yield head;
    yield* createReadStream(path);
  }
  const res = await fetch(url, {
    method: 'PUT',
    body: Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>,
    headers: { 'content-length': String(size), 'content-type': contentType },
    duplex: 'half',
  } as RequestInit).catch((err: unknown) => {
    throw storageError('the result could not be stored', String(err));
  });
  await res.body?.cancel();
  if (!res.ok) throw storageError('the result could not be stored', `storage answered ${res.status}`);
  return size;
}

/** Bytes at `url`, or null when nothing is stored there. */
export async function fetchBytes(url: string): Promise<Buffer | null> {
  const res = await fetch(url).catch(() => null);
  if (!res?.ok) {
    await res?.body?.cancel();
    return null;
  }
  return Buffer.from(await res.arrayBuffer());
}

/** Stores small bytes at `url`; a failure only costs a later render the work again, so it is logged, not thrown. */
export async function putBytes(url: string, bytes: Buffer): Promise<void> {
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-length': String(bytes.length) } }).catch(
    (err: unknown) => err,
  );
  if (res instanceof Response) await res.body?.cancel();
  if (!(res instanceof Response) || !res.ok) console.error(JSON.stringify({ level: 'warn', spokenStore: res instanceof Response ? res.status : String(res) }));
}
