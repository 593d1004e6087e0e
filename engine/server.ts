/**
 * The engine's HTTP + WebSocket front: routing, the shared-secret check, input handling and error mapping.
 * The work itself lives in backends/; this file only decides who may ask what, and how answers look.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  ENGINE_PATHS,
  clusterRequest,
  diarizeOptions,
  embeddingsOptions,
  engineJobId,
  extractJob,
  mediaSource,
  streamOptions,
  transcribeOptions,
  translateRequest,
  type DiarizeResponse,
  type EmbeddingsResponse,
  type EngineHealth,
  type StreamServerMessage,
  type TranscribeResponse,
  type VadResponse,
} from '../contracts/engine';
import { ENGINE_SAMPLE_RATE, STREAM_MOVING_CLOSE_CODE, STREAM_WORKING_MS } from '../contracts/engine';
import { liveSummarizeRequest } from '../contracts/live-summary-prompt';
import { summarizeRequest } from '../contracts/summary';
import { engineAskRequest } from '../contracts/ask-prompt';
import type { Engine } from './engine';
import { EngineHttpError, badRequest, isJson, mediaInput, parseWith, queryObject, readJson, progressAnswer, sendError, sendJson } from './http';
import { decodeTimeout, extractProcess, mediaTimeoutMs, pcmChunks, probe, probeAudio, spanSeconds } from './backends/media/ffmpeg';
import { speechSegments, vadStatus } from './backends/vad/silero';
import { transcribeSource } from './backends/asr/batch';
import { correctLinesInThread } from './backends/asr/hotwords-thread';
import { openAiTranscriber } from './backends/asr/openai';
import { StreamSession } from './backends/asr/stream';
import { embedSpans, embeddingJson } from './backends/diarization/mfcc';
import { spanFeatures } from './backends/diarization/spans';
import { labelSpeakersInThread } from './backends/diarization/cluster-thread';
import { z } from 'zod';
import { correctSegment, hotwordCorrector, noHotwords } from '../contracts/hotwords';
import { BatchLive } from '../contracts/batch-live';
import { languageInfo } from '../contracts/engine-languages';
import { DUB_ENGINE_PATHS, deleteClonesRequest, fitRequest, renderJob, renderPlan, speakRequest } from '../contracts/dubbing-engine';
import { checkLines, Dubbing } from './backends/dubbing';
import { Gate } from './backends/dubbing/gate';
import { extractJob as runExtractJob } from './backends/media/extract-job';
import { EngineJobs } from './jobs';
import { readRenderUpload } from './backends/dubbing/upload';
import { TTS_RATE } from './backends/dubbing/pcm';
import { wav } from './backends/asr/openai';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Text pieces as server-sent events `data: {"response": "…"}`, then `data: [DONE]`. The first piece is awaited
 * before the headers go out, so an upstream that refuses is still answered with its error status; one that fails
 * later ends the stream early, and the reader keeps what came.
 */
async function sendTextEvents(res: ServerResponse, pieces: AsyncIterable<string>) {
  const iterator = pieces[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  try {
    for (; !next.done; next = await iterator.next()) res.write(`data: ${JSON.stringify({ response: next.value })}\n\n`);
    res.end('data: [DONE]\n\n');
  } catch (err) {
    console.warn(`[engine] a streamed answer stopped: ${err instanceof Error ? err.message : String(err)}`);
    res.end();
  }
}

/** A render job names two presigned URLs per line (up to 20,000 lines), more than other JSON bodies hold. */
const RENDER_JOB_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Constant-time comparison of digests, so neither a secret's content nor its length leaks through timing. Every
 * configured secret is compared (the current one and, during a rotation, the previous one), not only up to a match.
 */
function secretMatches(header: string | undefined, secrets: string[]): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const a = createHash('sha256').update(given).digest();
  return secrets
    .filter((secret) => secret.length > 0)
    .map((secret) => timingSafeEqual(a, createHash('sha256').update(secret).digest()))
    .includes(true);
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/** Options from a JSON body (`{ url, … }`) or the query string (raw media body). */
async function mediaRequest<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.output<S> & { url?: string }> {
  if (isJson(req)) {
    const opts = parseWith(schema, await readJson(req)) as z.output<S> & { url?: string };
    if (!opts.url) throw badRequest('url: required when the body is JSON');
    return opts;
  }
  const query = queryObject(req);
  const parsed: Record<string, unknown> = { ...query };
  if (query.segments) {
    try {
      parsed.segments = JSON.parse(query.segments);
    } catch {
      throw badRequest('segments: not valid JSON');
    }
  }
  return parseWith(schema, parsed) as z.output<S> & { url?: string };
}

/** The engine's server, which can also drain: see `drain` in createEngineServer. */
export interface EngineServer extends Server {
  /**
   * Stops taking new work (health answers 503 `draining`, new jobs, requests and streams 503 `draining`), asks live
   * streams to move, and resolves true once every job, request and stream it held has finished, or false when
   * `graceMs` ran out first.
   */
  drain(graceMs: number): Promise<boolean>;
}

export function createEngineServer(engine: Engine): EngineServer {
  const { config } = engine;
  const secrets = [config.secret, config.secretPrevious];
  let draining = false;
  /** Requests being answered now: a drain waits for them as for jobs. */
  let requests = 0;
  /** Each open live stream's way to ask its caller to move; resolves once the socket is closed. */
  const live = new Set<() => Promise<void>>();
  const drainingError = () =>
    new EngineHttpError(503, 'draining', 'this engine is stopping and takes no new work; start it on another engine', { 'retry-after': '1' });
  const spool = { tmpDir: config.tmpDir, maxBytes: config.maxUploadBytes };
  const dubbing = new Dubbing(config);
  const jobs = new EngineJobs(new Gate(config.fileJobs, config.fileJobQueue, 'file job'));

  const withMedia = async <T>(req: IncomingMessage, url: string | undefined, fn: (source: string) => Promise<T>) => {
    const input = await mediaInput(req, url, spool);
    try {
      return await fn(input.source);
    } finally {
      await input.dispose();
    }
  };

  const routes: Record<string, Handler> = {
    [`GET ${ENGINE_PATHS.capabilities}`]: async (_req, res) => sendJson(res, 200, engine.capabilities()),

    [`POST ${ENGINE_PATHS.probe}`]: async (req, res) => {
      const { url } = await mediaRequest(req, mediaSource);
      sendJson(res, 200, await withMedia(req, url, probe));
    },

    [`POST ${ENGINE_PATHS.extract}`]: async (req, res) => {
      const opts = await mediaRequest(req, mediaSource.extend({ format: z.enum(['wav', 's16le']).default('wav') }));
      const input = await mediaInput(req, opts.url, spool);
      try {
        const info = await probeAudio(input.source);
        const timeoutMs = mediaTimeoutMs(info.duration);
        await new Promise<void>((resolve, reject) => {
          const child = extractProcess(input.source, opts.format);
          // A hung ffmpeg cuts the body short (the caller sees an incomplete answer) instead of holding it open forever.
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            res.destroy(decodeTimeout(timeoutMs));
          }, timeoutMs);
          let stderr = '';
          child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d.slice(0, 2000)));
          res.writeHead(200, {
            'content-type': opts.format === 'wav' ? 'audio/wav' : `audio/L16; rate=${ENGINE_SAMPLE_RATE}; channels=1`,
          });
          child.stdout.pipe(res);
          res.on('close', () => child.kill('SIGKILL'));
          child.on('error', reject);
          // Headers are gone by the time ffmpeg could fail mid-file; cutting the body short signals it.
          child.on('close', (code) => {
            clearTimeout(timer);
            if (code !== 0 && !res.writableEnded) res.destroy(new Error(stderr));
            resolve();
          });
        });
      } finally {
        await input.dispose();
      }
    },

    [`POST ${ENGINE_PATHS.vad}`]: async (req, res) => {
      const { url } = await mediaRequest(req, mediaSource);
      const body = await withMedia(req, url, async (source): Promise<VadResponse> => {
        const info = await probeAudio(source);
        const totals = { samples: 0 };
        const segments = [];
        for await (const seg of speechSegments(config.vadModel, pcmChunks(source, { timeoutMs: mediaTimeoutMs(info.duration) }), {}, totals)) {
          segments.push({ start: round(seg.voiced.start / ENGINE_SAMPLE_RATE), end: round(seg.voiced.end / ENGINE_SAMPLE_RATE) });
        }
        return { duration: round(totals.samples / ENGINE_SAMPLE_RATE), segments };
      });
      sendJson(res, 200, body);
    },

    [`POST ${ENGINE_PATHS.transcribe}`]: async (req, res) => {
      const opts = await mediaRequest(req, transcribeOptions);
      const backend = engine.batchBackend(opts.language);
      if (!backend) {
        const why = engine.capabilities().asr.batch.find((l) => l.code === opts.language)?.reason;
        throw new EngineHttpError(422, 'unsupported_language', why ?? `unknown language ${opts.language}`);
      }
      // Refuse before accepting a possibly large upload.
      if (engine.batch.full) throw engine.batch.busyError();
      const started = performance.now();
      const progress = opts.progress ? progressAnswer(res) : null;
      const transcribed = withMedia(req, opts.url, async (source): Promise<TranscribeResponse> => {
        const info = await probeAudio(source);
        const timeoutMs = mediaTimeoutMs(spanSeconds(info.duration, opts));
        const result = await engine.batch.run(
          (decoder, signal) =>
            transcribeSource(source, backend === 'pocketsphinx' ? decoder : openAiTranscriber(config.openaiAsr!, opts.language, fetch, opts.hotwords), {
              vadModel: config.vadModel,
              diarize: opts.diarize,
              embeddings: opts.embeddings,
              ...(opts.maxSpeakers ? { maxSpeakers: opts.maxSpeakers } : {}),
              span: { start: opts.start, end: opts.end },
              signal,
              timeoutMs,
              ...(progress ? { onDecoded: progress.decoded } : {}),
            }),
          config.asrTimeoutMs,
        );
        // Every backend's text is corrected, also after a prompt: a recogniser may still spell a name its own way.
        const segments = await correctLinesInThread(opts.hotwords, opts.language, result.segments);
        return { language: opts.language, backend, ...result, segments, processingSeconds: round((performance.now() - started) / 1000) };
      });
      if (progress) await progress.finish(transcribed);
      else sendJson(res, 200, await transcribed);
    },

    [`POST ${ENGINE_PATHS.diarize}`]: async (req, res) => {
      const opts = await mediaRequest(req, diarizeOptions);
      const body = await withMedia(req, opts.url, async (source): Promise<DiarizeResponse> => {
        const info = await probeAudio(source);
        const embeddings = await embedSpans(pcmChunks(source, { timeoutMs: mediaTimeoutMs(info.duration) }), opts.segments);
        const { labels, speakers } = await labelSpeakersInThread(embeddings, opts.maxSpeakers, { seconds: opts.segments.map((s) => s.end - s.start) });
        return { backend: 'mfcc-agglomerative', speakers, labels };
      });
      sendJson(res, 200, body);
    },

    [`POST ${ENGINE_PATHS.embeddings}`]: async (req, res) => {
      const opts = await mediaRequest(req, embeddingsOptions);
      const body = await withMedia(req, opts.url, async (source): Promise<EmbeddingsResponse> => {
        const info = await probeAudio(source);
        const features = await spanFeatures(pcmChunks(source, { timeoutMs: mediaTimeoutMs(info.duration) }), opts.segments);
        return { embeddings: features.map((f) => embeddingJson(f.embedding)), pitch: features.map((f) => (f.pitch ? Math.round(f.pitch) : null)) };
      });
      sendJson(res, 200, body);
    },

    [`POST ${ENGINE_PATHS.cluster}`]: async (req, res) => {
      const body = parseWith(clusterRequest, await readJson(req));
      if (new Set(body.embeddings.map((e) => e.length)).size !== 1) throw badRequest('embeddings: all must have the same length');
      for (const key of ['seconds', 'pitches'] as const) {
        if (body[key] && body[key].length !== body.embeddings.length) throw badRequest(`${key}: one value per embedding`);
      }
      // In a worker thread: thousands of lines would otherwise hold up every live stream on this engine.
      const { labels, speakers } = await labelSpeakersInThread(body.embeddings, body.maxSpeakers, { seconds: body.seconds, pitches: body.pitches });
      sendJson(res, 200, { backend: 'mfcc-agglomerative', speakers, labels } satisfies DiarizeResponse);
    },

    [`POST ${ENGINE_PATHS.translate}`]: async (req, res) => {
      const body = parseWith(translateRequest, await readJson(req));
      sendJson(res, 200, await engine.translation.translate(body.from, body.to, body.texts, body.glossary));
    },

    [`POST ${ENGINE_PATHS.summarize}`]: async (req, res) => {
      const body = parseWith(summarizeRequest, await readJson(req));
      sendJson(res, 200, await engine.summary.summarize(body));
    },

    [`POST ${ENGINE_PATHS.summarizeLive}`]: async (req, res) => {
      const body = parseWith(liveSummarizeRequest, await readJson(req));
      sendJson(res, 200, await engine.summary.live(body));
    },

    [`POST ${ENGINE_PATHS.ask}`]: async (req, res) => {
      const body = parseWith(engineAskRequest, await readJson(req));
      if (!engine.summary.ask)
        throw new EngineHttpError(404, 'not_found', 'no chat model is configured (ENGINE_OPENAI_CHAT_URL): answers are quoted by the Worker');
      await sendTextEvents(res, engine.summary.ask(body));
    },

    [`POST ${ENGINE_PATHS.extractJob}`]: async (req, res) => {
      const job = parseWith(extractJob, await readJson(req));
      sendJson(
        res,
        200,
        jobs.start(job.id, () => runExtractJob(job, config)),
      );
    },

    [`POST ${DUB_ENGINE_PATHS.renderJob}`]: async (req, res) => {
      const job = parseWith(renderJob, await readJson(req, RENDER_JOB_MAX_BYTES));
      checkLines(job.plan);
      if (job.spoken && job.spoken.length !== job.plan.lines.length) throw badRequest('spoken: one entry per line of the plan');
      const provider = dubbing.cloning();
      if (job.clones?.some((c) => c.provider !== provider)) throw badRequest(`clones: this engine clones with ${provider ?? 'no provider'}`);
      sendJson(
        res,
        200,
        jobs.start(job.id, (report) => dubbing.renderJob(job, report)),
      );
    },

    [`GET ${DUB_ENGINE_PATHS.voices}`]: async (_req, res) => sendJson(res, 200, { voices: await dubbing.voices(), cloning: dubbing.cloning() }),

    [`POST ${DUB_ENGINE_PATHS.deleteClones}`]: async (req, res) => {
      const { provider, voices } = parseWith(deleteClonesRequest, await readJson(req));
      sendJson(res, 200, { deleted: await dubbing.deleteClones(provider, voices) });
    },

    [`POST ${DUB_ENGINE_PATHS.speak}`]: async (req, res) => {
      const { voice, pcm } = await dubbing.speak(parseWith(speakRequest, await readJson(req)));
      const body = wav(pcm, TTS_RATE);
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': body.length, 'x-voice': voice.id });
      res.end(body);
    },

    [`POST ${DUB_ENGINE_PATHS.fit}`]: async (req, res) => {
      sendJson(res, 200, await dubbing.fit(checkLines(parseWith(fitRequest, await readJson(req)))));
    },

    [`POST ${DUB_ENGINE_PATHS.render}`]: async (req, res) => {
      // Refuse before accepting a possibly large upload.
      if (dubbing.renders.full) throw dubbing.renders.busyError();
      const upload = await readRenderUpload(req, { ...spool, parsePlan: (json) => checkLines(parseWith(renderPlan, json)) });
      try {
        const out = await dubbing.renders.run(() => dubbing.render(upload.plan, upload.video));
        try {
          const overflow = out.lines.filter((l) => l.fit === 'overflow').length;
          res.writeHead(200, {
            'content-type': 'video/mp4',
            'content-length': (await stat(out.path)).size,
            'x-dub-duration': String(round(out.duration)),
            'x-dub-overflow': String(overflow),
          });
          await pipeline(createReadStream(out.path), res);
        } finally {
          await out.dispose();
        }
      } finally {
        await upload.dispose();
      }
    },
  };

  /** `GET /v1/jobs/<id>`: an engine-side job's state, 404 for an id this engine does not know. */
  const jobStatus =
    (id: string): Handler =>
    async (_req, res) => {
      const status = engineJobId.safeParse(id).success ? jobs.status(id) : undefined;
      if (!status) throw new EngineHttpError(404, 'not_found', `no job ${id}`);
      sendJson(res, 200, status);
    };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://engine').pathname;
    if (req.method === 'GET' && path === ENGINE_PATHS.health) {
      const health: EngineHealth = {
        status: draining ? 'draining' : 'ok',
        draining,
        asr: engine.asrAvailable,
        streams: engine.activeStreams,
        batch: engine.batch.stats,
        jobs: jobs.running,
      };
      sendJson(res, draining ? 503 : 200, health);
      return;
    }
    const jobId = req.method === 'GET' && path.startsWith(`${ENGINE_PATHS.jobs}/`) ? decodeURIComponent(path.slice(ENGINE_PATHS.jobs.length + 1)) : null;
    const handler = jobId !== null ? jobStatus(jobId) : routes[`${req.method} ${path}`];
    const fail = (err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof EngineHttpError) return sendError(res, err);
      console.error(JSON.stringify({ level: 'error', path, error: String(err), stack: (err as Error)?.stack }));
      sendError(res, new EngineHttpError(500, 'internal', 'internal engine error'));
    };
    // Drain unread bodies so a refused upload does not stall the connection.
    const refuse = (err: EngineHttpError) => {
      req.resume();
      sendError(res, err);
    };
    if (!secretMatches(req.headers.authorization, secrets)) return refuse(new EngineHttpError(401, 'unauthorized', 'missing or wrong engine secret'));
    if (!handler) return refuse(new EngineHttpError(404, 'not_found', `no route ${req.method} ${path}`));
    // Reading stays open while draining (a job's state until the engine exits, capabilities); new work goes elsewhere.
    if (draining && req.method !== 'GET') return refuse(drainingError());
    requests++;
    res.on('close', () => requests--);
    handler(req, res).catch((err: unknown) => {
      req.resume();
      fail(err);
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://engine');
    const reject = (status: number, code: string, message: string) => {
      const body = JSON.stringify({ error: { code, message } });
      socket.end(
        `HTTP/1.1 ${status} ${code}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    };
    if (url.pathname !== ENGINE_PATHS.stream) return reject(404, 'not_found', `no WebSocket at ${url.pathname}`);
    if (!secretMatches(req.headers.authorization, secrets)) return reject(401, 'unauthorized', 'missing or wrong engine secret');
    if (draining) return reject(503, 'draining', 'this engine is stopping and takes no new streams; open it on another engine');
    let options: z.output<typeof streamOptions>;
    try {
      options = parseWith(streamOptions, Object.fromEntries(url.searchParams));
    } catch (err) {
      // parseWith only throws the engine's own 400.
      const { status, code, message } = err as EngineHttpError;
      return reject(status, code, message);
    }
    const { language } = options;
    // Cutting utterances for a caller that recognises them itself needs only the VAD.
    const known = options.recognise ? engine.streamBackend(language) : vadStatus(config.vadModel).available && languageInfo(language);
    if (!known) return reject(422, 'unsupported_language', `live recognition of ${language} is not installed`);
    if (engine.activeStreams >= config.maxStreams) return reject(429, 'busy', `all ${config.maxStreams} live streams are in use`);
    engine.activeStreams++;
    wss.handleUpgrade(req, socket, head, (ws) => void runStream(ws, options).finally(() => engine.activeStreams--));
  });

  async function runStream(ws: WebSocket, { language, embeddings, hotwords, recognise }: z.output<typeof streamOptions>) {
    // Loading (Chinese: pinyin) overlaps taking a decoder; only the decoder's results need it.
    const correcting = hotwordCorrector(hotwords ?? [], language);
    let correct = noHotwords;
    const reply = (raw: StreamServerMessage) => {
      const msg = raw.type === 'partial' ? { ...raw, text: correct(raw.text) } : raw.type === 'final' ? correctSegment(correct, raw) : raw;
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
    };
    const backend = recognise ? engine.streamBackend(language) : null;
    // A batch recogniser hears the utterances the session cuts; its partials and finals go out as PocketSphinx's do.
    const transcriber = backend === 'openai-compatible' ? openAiTranscriber(config.openaiAsr!, language, fetch, hotwords) : null;
    const batch = transcriber ? new BatchLive((pcm, offset) => transcriber.decode(pcm, offset), reply) : null;
    const send = (msg: StreamServerMessage) => void (batch?.cut(msg) || reply(msg));
    // Frames that arrive while the decoder process is starting are kept, not lost.
    const early: (Buffer | 'end')[] = [];
    let session: StreamSession | null = null;
    let ended = false;
    let moving = false;
    /** Samples taken into the session: where a stream that moves must carry on. */
    let taken = 0;
    const onFrame = (data: Buffer, isBinary: boolean) => {
      // After `end` or `moving`, audio belongs to no stream here (a moving caller sends it to the new one).
      if (ended || moving) return;
      if (!isBinary) {
        let msg: { type?: string } = {};
        try {
          msg = JSON.parse(data.toString('utf8')) as { type?: string };
        } catch {
          // ignored below
        }
        if (msg.type !== 'end') return send({ type: 'error', code: 'bad_request', message: 'text frames must be {"type":"end"}' });
        if (!session) return void early.push('end');
        return void finish();
      }
      if (!session) return void early.push(data);
      if (data.length % 2) return send({ type: 'error', code: 'bad_request', message: 'binary frames must hold whole PCM16 samples' });
      const pcm = new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
      taken += pcm.length;
      batch?.audio(pcm);
      session.push(pcm);
    };
    const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
    // Draining: the caller opens a stream elsewhere for audio from `end` on; this one finishes what it took.
    const move = () => {
      if (!ended && !moving) {
        moving = true;
        reply({ type: 'moving', end: round(taken / ENGINE_SAMPLE_RATE) });
        if (session) void finish();
        else early.push('end');
      }
      return closed;
    };
    live.add(move);
    void closed.then(() => live.delete(move));
    ws.on('message', (data, isBinary) => onFrame(data as Buffer, isBinary));
    const [decoder, corrector] = await Promise.all([backend === 'pocketsphinx' ? engine.takeStreamDecoder() : null, correcting]);
    correct = corrector;
    const finish = async () => {
      if (ended || !session) return;
      ended = true;
      const working = setInterval(() => send({ type: 'working' }), STREAM_WORKING_MS);
      try {
        await session.finish();
        await batch?.finish();
      } finally {
        clearInterval(working);
      }
      send({ type: 'closed' });
      ws.close(moving ? STREAM_MOVING_CLOSE_CODE : 1000);
    };
    try {
      session = new StreamSession(decoder, config.vadModel, send, { embeddings });
      send({ type: 'ready', backend: backend ?? 'vad', language, sampleRate: ENGINE_SAMPLE_RATE });
      for (const item of early.splice(0)) {
        if (item === 'end') void finish();
        else onFrame(item, true);
      }
      await closed;
    } finally {
      decoder?.close();
    }
  }

  server.on('close', () => {
    wss.close();
    void dubbing.close();
  });

  const drain = async (graceMs: number): Promise<boolean> => {
    draining = true;
    for (const move of live) void move();
    const deadline = Date.now() + graceMs;
    // A look every 100 ms: what is awaited (jobs, requests, streams) has no single event to wait on.
    while (jobs.running > 0 || requests > 0 || live.size > 0) {
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return true;
  };
  return Object.assign(server, { drain });
}
