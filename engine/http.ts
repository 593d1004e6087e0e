/** Small HTTP helpers shared by the routes: typed errors, JSON in/out, media input handling. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { z } from 'zod';
import type { EngineError, EngineErrorCode, TranscribeEvent, TranscribeResponse } from '../contracts/engine';

export class EngineHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: EngineErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'EngineHttpError';
  }
}

export const badRequest = (message: string) => new EngineHttpError(400, 'bad_request', message);

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, err: EngineHttpError) {
  const body: EngineError = { error: { code: err.code, message: err.message } };
  sendJson(res, err.status, body, err.headers);
}

const MAX_JSON_BYTES = 8 * 1024 * 1024;

export async function readJson(req: IncomingMessage, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new EngineHttpError(413, 'too_large', `JSON body larger than ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw badRequest('body is not valid JSON');
  }
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const detail = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
    throw badRequest(detail);
  }
  return result.data;
}

export const isJson = (req: IncomingMessage) => (req.headers['content-type'] ?? '').startsWith('application/json');

/**
 * Where a media request's input lives: a URL ffmpeg reads itself (seeking with Range requests, so nothing
 * is held in memory), or the request body spooled to a temporary file. Spooling to disk rather than piping
 * into ffmpeg is deliberate: mp4 files with the index at the end cannot be demuxed from a pipe.
 */
export interface MediaInput {
  source: string;
  dispose(): Promise<void>;
}

export async function mediaInput(req: IncomingMessage, url: string | undefined, opts: { tmpDir: string; maxBytes: number }): Promise<MediaInput> {
  if (url) return { source: url, dispose: async () => {} };
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > opts.maxBytes) throw new EngineHttpError(413, 'too_large', `media larger than ${opts.maxBytes} bytes`);
  await mkdir(opts.tmpDir, { recursive: true });
  const path = join(opts.tmpDir, `${randomUUID()}.media`);
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > opts.maxBytes) cb(new EngineHttpError(413, 'too_large', `media larger than ${opts.maxBytes} bytes`));
      else cb(null, chunk);
    },
  });
  try {
    await pipeline(req, limit, createWriteStream(path));
  } catch (err) {
    await unlink(path).catch(() => {});
    throw err instanceof EngineHttpError ? err : badRequest(`could not read the request body: ${String(err)}`);
  }
  if (size === 0) {
    await unlink(path).catch(() => {});
    throw badRequest('send the media as the request body or a JSON body with "url"');
  }
  return { source: path, dispose: () => unlink(path).catch(() => {}) };
}

/** Query-string options as a plain object, for the zod schemas shared with JSON bodies. */
export function queryObject(req: IncomingMessage): Record<string, string> {
  const url = new URL(req.url ?? '/', 'http://engine');
  return Object.fromEntries(url.searchParams);
}

/**
 * A transcription answered as NDJSON (contracts/engine.ts TranscribeEvent): `progress` lines while the audio is
 * recognised, at most one per `gapMs`, then the result. A failure before the first line is an ordinary error
 * answer; one after it, when the status is already sent, is the last line.
 */
export function progressAnswer(res: ServerResponse, gapMs = 1000) {
  let last = 0;
  let furthest = 0;
  const line = (event: TranscribeEvent) => {
    if (res.writableEnded || res.destroyed) return;
    if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
    res.write(`${JSON.stringify(event)}\n`);
  };
  return {
    decoded(seconds: number) {
      furthest = Math.max(furthest, seconds);
      const now = Date.now();
      if (now - last < gapMs) return;
      last = now;
      line({ type: 'progress', decoded: Math.round(furthest * 1000) / 1000 });
    },
    async finish(work: Promise<TranscribeResponse>) {
      let event: TranscribeEvent;
      try {
        event = { type: 'result', result: await work };
      } catch (err) {
        if (!res.headersSent) throw err;
        if (!(err instanceof EngineHttpError))
          console.error(JSON.stringify({ level: 'error', path: 'transcribe', error: String(err), stack: (err as Error)?.stack }));
        const known = err instanceof EngineHttpError ? err : new EngineHttpError(500, 'internal', 'internal engine error');
        event = { type: 'error', error: { status: known.status, code: known.code, message: known.message } };
      }
      line(event);
      res.end();
    },
  };
}
