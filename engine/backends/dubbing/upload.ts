/**
 * The render request's multipart body: `plan` (JSON) first, then `video`, streamed to a temporary file and
 * never held in memory. The plan is checked before the video is read, so a bad plan is refused without
 * storing gigabytes first.
 */
import type { IncomingMessage } from 'node:http';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { badRequest, EngineHttpError } from '../../http';

const MAX_PLAN_BYTES = 48 * 1024 * 1024;

export interface RenderUpload<P> {
  plan: P;
  video: string;
  dispose(): Promise<void>;
}

function parsePlanJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('plan: not valid JSON');
  }
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_PLAN_BYTES) throw new EngineHttpError(413, 'too_large', `plan larger than ${MAX_PLAN_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readRenderUpload<P>(
  req: IncomingMessage,
  opts: { tmpDir: string; maxBytes: number; parsePlan: (json: unknown) => P },
): Promise<RenderUpload<P>> {
  let parser: busboy.Busboy;
  // Busboy reads only the first two parts (`plan`, `video`) and skips anything after them.
  try {
    parser = busboy({ headers: req.headers, limits: { parts: 2, fields: 1, files: 2, fieldSize: MAX_PLAN_BYTES, fileSize: opts.maxBytes } });
  } catch (err) {
    throw badRequest(`send multipart/form-data with the parts "plan" and "video": ${(err as Error).message}`);
  }
  await mkdir(opts.tmpDir, { recursive: true });
  const path = join(opts.tmpDir, `${randomUUID()}.video`);
  const dispose = () => unlink(path).catch(() => {});

  return new Promise<RenderUpload<P>>((resolve, reject) => {
    let plan: Promise<P> | null = null;
    let video: Promise<void> | null = null;
    let current: Readable | null = null;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      current?.destroy();
      req.unpipe(parser);
      req.resume();
      // Only once the writer has stopped: unlinking first could let a late open re-create the file.
      void Promise.resolve(video)
        .catch(() => {})
        .then(dispose);
      reject(err instanceof EngineHttpError ? err : badRequest(`malformed multipart body: ${(err as Error).message}`));
    };
    const takePlan = (text: Promise<string>) => {
      if (plan) return fail(badRequest('send one "plan" part'));
      plan = text.then((t) => opts.parsePlan(parsePlanJson(t)));
      plan.catch(fail);
    };

    parser.on('field', (name, value, info) => {
      if (name !== 'plan') return fail(badRequest(`unexpected part "${name}": send "plan" then "video"`));
      if (info.valueTruncated) return fail(new EngineHttpError(413, 'too_large', `plan larger than ${MAX_PLAN_BYTES} bytes`));
      takePlan(Promise.resolve(value));
    });
    // A plan sent as a Blob arrives as a file part; it is read the same way.
    parser.on('file', (name, stream) => {
      if (name === 'plan') return takePlan(readText(stream));
      if (name !== 'video' || !plan) {
        stream.resume();
        return fail(badRequest(name === 'video' ? 'the "plan" part must come before "video"' : `unexpected part "${name}": send "plan" then "video"`));
      }
      // Destroyed on failure so the file is closed even though the rest of the body is never parsed.
      current = stream;
      stream.on('limit', () => fail(new EngineHttpError(413, 'too_large', `video larger than ${opts.maxBytes} bytes`)));
      video = plan.then(() => pipeline(stream, createWriteStream(path)));
      video.catch(fail);
    });
    parser.on('error', fail);
    parser.on('close', async () => {
      if (failed) return;
      if (!plan) return fail(badRequest('missing the "plan" part'));
      if (!video) return fail(badRequest('missing the "video" part'));
      try {
        const parsed = await plan;
        await video;
        if (!failed) resolve({ plan: parsed, video: path, dispose });
      } catch (err) {
        fail(err);
      }
    });
    req.pipe(parser);
  });
}
