/**
 * Providers backed by the engine (engine/, API in contracts/engine.ts), and the one way the Worker reaches it:
 * ENGINE_URL when set (`npm start`, the tests, an engine hosted elsewhere), otherwise the ENGINE Container
 * binding (the deployment on Cloudflare), whose instances share the work by load (engineTarget).
 */
import type { CapabilitiesResponse, EngineError, StreamServerMessage, TranscribeEvent, TranscribeResponse, TranslateResponse } from '../../../contracts/engine';
import { ENGINE_PATHS, EngineErrorCode, hotwordsQuery } from '../../../contracts/engine';
import type { GlossaryTerm } from '../../../contracts/engine-translate';
import { Code } from '../../../contracts/errors';
import type { LiveSummaryContent } from '../../../contracts/live-summary-prompt';
import { type SummarizeResponse, withMeetingLists } from '../../../contracts/summary';
import { ApiError } from '../../lib/errors';
import { CONTAINER_ORIGIN, type ContainerNamespace, maxInstances, type PoolNamespace, placedFetch } from './engine-placement';
import {
  ProviderError,
  type LiveStream,
  socketLiveStream,
  type SocketLike,
  type StreamOptions,
  type StreamProvider,
  type SummarizeProvider,
  type TranscribeInput,
  type TranscribeProvider,
  type TranscribeResult,
  type TranslateProvider,
} from './types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface EngineOptions {
  baseUrl: string;
  secret: string;
  fetch: FetchLike;
  /** How long capabilities are reused before asking the engine again. */
  cacheMs?: number;
}

/**
 * No engine ready to answer: down, starting, at the instance limit, draining, mid secret rotation, or a
 * gateway answering in its place (EngineClient.refusal). Every caller gets the same answer for its user, "busy
 * or unavailable, try again" (503 in the envelope), and a queued job waits without spending a retry, until its
 * stage's deadline (queues/jobs.ts); the message keeps where and why for the log.
 */
export class EngineUnavailable extends ApiError {
  constructor(baseUrl: string, reason: string) {
    super(Code.UNAVAILABLE, 'engineUnavailable');
    this.name = 'EngineUnavailable';
    this.message = `engine unreachable at ${baseUrl}: ${reason}`;
  }
}

const cache = new Map<string, { at: number; value: Promise<CapabilitiesResponse> }>();

/** What decides where engine calls go (wrangler.toml: ENGINE_URL, ENGINE_MAX_INSTANCES, the ENGINE and ENGINE_POOL bindings). */
export type EngineEnv = Pick<Env, 'ENGINE_URL' | 'ENGINE_SECRET'> & {
  ENGINE?: ContainerNamespace<DurableObjectId>;
  ENGINE_POOL?: PoolNamespace<DurableObjectId>;
  ENGINE_MAX_INSTANCES?: string;
};

/**
 * Where one piece of work's engine calls go. With ENGINE_URL, that engine. With the Container binding, the
 * instance the EnginePool coordinator places it on by load (./engine-placement.ts), up to ENGINE_MAX_INSTANCES:
 * the same one for every call with the same `key` (a meeting's stream and its reconnections, an engine-side
 * file job), the least-loaded running one for calls without a key.
 */
export function engineTarget(env: EngineEnv, fetchImpl: FetchLike, key?: string): Pick<EngineOptions, 'baseUrl' | 'fetch'> {
  const url = env.ENGINE_URL?.trim();
  if (url) return { baseUrl: url, fetch: fetchImpl };
  if (!env.ENGINE || !env.ENGINE_POOL) {
    const missing: FetchLike = () => Promise.reject(new Error('ENGINE_URL is empty and the ENGINE Container binding (with ENGINE_POOL) is not declared'));
    return { baseUrl: CONTAINER_ORIGIN, fetch: missing };
  }
  return { baseUrl: CONTAINER_ORIGIN, fetch: placedFetch(env.ENGINE, env.ENGINE_POOL, maxInstances(env.ENGINE_MAX_INSTANCES), key) };
}

export class EngineClient {
  constructor(private readonly opts: EngineOptions) {}

  private url(path: string) {
    return this.opts.baseUrl.replace(/\/$/, '') + path;
  }

  private headers(extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.opts.secret}`, ...extra };
  }

  /** The engine's answer, or EngineUnavailable when the network never delivered one. */
  private async send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await this.opts.fetch(this.url(path), { ...init, headers: this.headers(init.headers as Record<string, string>) });
    } catch (err) {
      throw new EngineUnavailable(this.opts.baseUrl, String(err));
    }
  }

  /**
   * What a refusal means: the engine's own error (ProviderError, with its status and reason), or no engine
   * ready to answer (EngineUnavailable, which callers treat as "wait and try again", never as final):
   * - anything in front of the engine answering a 429 or 5xx without the engine's error body: a gateway, or
   *   @cloudflare/containers on a slow start (500), a failed start (429/500) or the instance limit (503);
   * - the engine saying it is draining for a deploy (503 `draining`): another instance takes the work;
   * - the engine refusing our secret (401): during a rotation an instance still holds the other one.
   * The engine's own 429 (`busy`) stays a ProviderError so its Retry-After is kept; callers wait on it too.
   */
  private async refusal(res: Response, fallback: string, status = res.status): Promise<ProviderError | EngineUnavailable> {
    const body = (await res.json().catch(() => null)) as EngineError | null;
    const code: string | undefined = body?.error?.code;
    if (!code && (res.status === 429 || res.status >= 500))
      return new EngineUnavailable(this.opts.baseUrl, `answered ${res.status} without the engine's error body`);
    if (code === 'draining' || code === EngineErrorCode.unauthorized) return new EngineUnavailable(this.opts.baseUrl, `engine answered ${res.status} ${code}`);
    const retryAfter = Number(res.headers.get('retry-after')) || undefined;
    return new ProviderError(body?.error.message ?? fallback, status, code ?? 'upstream', retryAfter);
  }

  /** A successful response (for streamed bodies such as extracted audio); engine errors become ProviderError. */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await this.send(path, init);
    if (!res.ok) throw await this.refusal(res, `engine answered ${res.status}`);
    return res;
  }

  async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    return (await (await this.request(path, init)).json()) as T;
  }

  /** Media as the request body (a stream is never buffered), options in the query string. */
  postMedia<T>(path: string, media: BodyInit, options: MediaOptions = {}) {
    const query = mediaQuery(options);
    return this.call<T>(`${path}${query.size ? `?${query}` : ''}`, { method: 'POST', body: media, headers: { 'content-type': 'application/octet-stream' } });
  }

  postJson<T>(path: string, body: unknown) {
    return this.call<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  }

  /** Capabilities, cached per engine URL: every language call derives from them. */
  capabilities(): Promise<CapabilitiesResponse> {
    const key = this.opts.baseUrl;
    const hit = cache.get(key);
    const ttl = this.opts.cacheMs ?? 30_000;
    if (hit && Date.now() - hit.at < ttl) return hit.value;
    const value = this.call<CapabilitiesResponse>(ENGINE_PATHS.capabilities);
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.delete(key));
    return value;
  }

  /** Opens the engine's live-recognition WebSocket through a Workers fetch upgrade. */
  async openSocket(language: string, options: StreamOptions = {}): Promise<SocketLike> {
    const hotwords = hotwordsQuery(options.hotwords);
    const query = new URLSearchParams({
      language,
      ...(options.embeddings ? { embeddings: 'true' } : {}),
      ...(options.recognise === false ? { recognise: 'false' } : {}),
      ...(hotwords ? { hotwords } : {}),
    });
    const res = await this.send(`${ENGINE_PATHS.stream}?${query}`, { headers: { upgrade: 'websocket' } });
    const socket = (res as Response & { webSocket?: SocketLike | null }).webSocket;
    if (res.status !== 101 || !socket) throw await this.refusal(res, `engine refused the stream (${res.status})`, res.status === 101 ? 502 : res.status);
    socket.accept?.();
    return socket;
  }
}

type MediaOptions = Record<string, string | number | boolean | undefined>;

const mediaQuery = (options: MediaOptions) => new URLSearchParams(Object.entries(options).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

/**
 * A transcription answered as NDJSON (TranscribeEvent): each `progress` line told to `onProgress`, the `result`
 * returned, an `error` thrown as the engine's refusal would have been. An answer cut short is the engine gone.
 */
async function transcribeEvents(res: Response, onProgress: (decodedSeconds: number) => void): Promise<TranscribeResponse> {
  const lines = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await lines.read();
    buffered += value ?? '';
    const complete = buffered.split('\n');
    buffered = done ? '' : complete.pop()!;
    for (const text of complete) {
      if (!text.trim()) continue;
      const event = JSON.parse(text) as TranscribeEvent;
      if (event.type === 'progress') onProgress(event.decoded);
      else if (event.type === 'result') return event.result;
      else throw new ProviderError(event.error.message, event.error.status, event.error.code);
    }
    if (done) throw new ProviderError('the engine ended its transcription answer without a result', 502, 'upstream');
  }
}

export function engineTranscribe(client: EngineClient): TranscribeProvider {
  return {
    name: 'engine',
    async transcribe(input: TranscribeInput): Promise<TranscribeResult> {
      const options = { language: input.language, embeddings: input.embeddings, ...(input.onProgress ? { progress: true } : {}) };
      const res = input.stored
        ? await client.request(ENGINE_PATHS.transcribe, {
            method: 'POST',
            body: JSON.stringify({ ...(await input.stored()), ...options, hotwords: input.hotwords }),
            headers: { 'content-type': 'application/json' },
          })
        : await client.request(`${ENGINE_PATHS.transcribe}?${mediaQuery({ ...options, hotwords: hotwordsQuery(input.hotwords) })}`, {
            method: 'POST',
            body: await input.audio(),
            headers: { 'content-type': 'application/octet-stream' },
          });
      const r = input.onProgress ? await transcribeEvents(res, input.onProgress) : ((await res.json()) as TranscribeResponse);
      return { language: r.language, duration: r.duration, segments: r.segments };
    },
    async languages() {
      return (await client.capabilities()).asr.batch.filter((l) => l.available).map((l) => l.code);
    },
  };
}

/** Wraps a socket speaking the engine protocol (which is also our LiveStream message format). */
export function engineLiveStream(socket: SocketLike): LiveStream {
  const { stream, emit } = socketLiveStream(socket, JSON.stringify({ type: 'end' }));
  socket.addEventListener('message', (event) => {
    if (typeof event.data === 'string') emit(JSON.parse(event.data) as StreamServerMessage);
  });
  return stream;
}

export function engineStream(client: EngineClient): StreamProvider {
  return {
    name: 'engine',
    open: async (language, options) => engineLiveStream(await client.openSocket(language, options)),
    async languages() {
      return (await client.capabilities()).asr.stream.filter((l) => l.available).map((l) => l.code);
    },
  };
}

export function engineTranslate(client: EngineClient): TranslateProvider {
  return {
    name: 'engine',
    async translate(from: string, to: string, texts: string[], glossary?: GlossaryTerm[]) {
      const r = await client.postJson<TranslateResponse>(ENGINE_PATHS.translate, { from, to, texts, ...(glossary?.length ? { glossary } : {}) });
      return r.texts;
    },
    async pairs() {
      return (await client.capabilities()).translation.pairs.map(({ from, to }) => ({ from, to }));
    },
  };
}

export function engineSummarize(client: EngineClient): SummarizeProvider {
  return {
    name: 'engine',
    async summarize(input) {
      const r = await client.postJson<SummarizeResponse>(ENGINE_PATHS.summarize, input);
      // `backend` is the engine's diagnostics, not part of the summary the record keeps; an engine older than
      // action items answers without their lists.
      const { method, language, chapters, speakers, keyPoints, mindMap, actionItems, decisions, questions } = r;
      return withMeetingLists({ method, language, chapters, speakers, keyPoints, mindMap, actionItems, decisions, questions });
    },
    async live(input) {
      return client.postJson<LiveSummaryContent>(ENGINE_PATHS.summarizeLive, input);
    },
  };
}
