/**
 * The engine's HTTP + WebSocket API (engine/ serves it, worker/services/providers/engine calls it).
 * Every path lives under /v1; every call except /v1/health carries `Authorization: Bearer ENGINE_SECRET` (the engine
 * also accepts ENGINE_SECRET_PREVIOUS while a rotation is under way).
 * Errors are `{ error: { code, message } }` with a 4xx/5xx status, never a 200 with a copy of the input.
 */
import { z } from 'zod';

export { ENGINE_PORT } from './engine-port';

export const ENGINE_PATHS = {
  health: '/v1/health',
  capabilities: '/v1/capabilities',
  probe: '/v1/media/probe',
  extract: '/v1/media/extract',
  vad: '/v1/vad',
  transcribe: '/v1/asr/transcribe',
  stream: '/v1/asr/stream',
  diarize: '/v1/diarize',
  cluster: '/v1/diarize/cluster',
  embeddings: '/v1/diarize/embeddings',
  translate: '/v1/translate',
  summarize: '/v1/summarize',
  /** A live meeting's running summary, refreshed from the summary so far and the lines said since. */
  summarizeLive: '/v1/summarize/live',
  /**
   * A question's answer written by the engine's OpenAI-compatible chat model, from the messages the Worker made
   * (contracts/ask-prompt.ts), as server-sent events `data: {"response": "…"}` ending with `data: [DONE]`. Only
   * when capabilities say `summary.backend` is "openai-compatible"; otherwise 404 `not_found`.
   */
  ask: '/v1/ask',
  /** `GET /v1/jobs/<id>`: an engine-side job's state (404 when the engine does not know the id). */
  jobs: '/v1/jobs',
  extractJob: '/v1/jobs/extract',
} as const;

/** Formats a user may upload (spec §9 local upload); the engine accepts exactly these containers. */
export const MEDIA_EXTENSIONS = ['mp3', 'mp4', 'wav', 'wmv', 'avi', 'ogg', 'flv'] as const;
export const ENGINE_SAMPLE_RATE = 16_000;

/** Machine-readable error codes; `message` carries the human reason. */
export const EngineErrorCode = {
  unauthorized: 'unauthorized',
  badRequest: 'bad_request',
  notFound: 'not_found',
  unsupportedMedia: 'unsupported_media',
  unreadableMedia: 'unreadable_media',
  noAudio: 'no_audio',
  tooLarge: 'too_large',
  unsupportedLanguage: 'unsupported_language',
  unsupportedPair: 'unsupported_pair',
  busy: 'busy',
  /**
   * 503: the engine is stopping (a rollout's SIGTERM) and takes no new work: start it on another instance. Work it
   * already holds (a job, a stream) is finished; a job's state stays readable at `GET jobs/<id>` until it exits.
   */
  draining: 'draining',
  timeout: 'timeout',
  upstream: 'upstream',
  internal: 'internal',
} as const;
export type EngineErrorCode = (typeof EngineErrorCode)[keyof typeof EngineErrorCode];

export interface EngineError {
  error: { code: EngineErrorCode; message: string };
}

// ---------------------------------------------------------------------------------------------------------
// Health and draining

/**
 * `GET /v1/health` (no secret): 200 while the engine takes work; 503 with `draining: true` from the moment it got
 * SIGTERM until it exits (ENGINE_DRAIN_SECONDS at most), so placement sends new work elsewhere. `streams` and
 * `jobs` are what it still holds.
 */
export interface EngineHealth {
  status: 'ok' | 'draining';
  draining: boolean;
  asr: boolean;
  /** Live streams open now. */
  streams: number;
  batch: { size: number; busy: number; queued: number; maxQueue: number };
  /** Engine-side jobs running now. */
  jobs: number;
}

/**
 * The WebSocket close code of a live stream whose engine is draining (RFC 6455's 1012, "service restart"): it
 * follows the stream's `moving` message and its last finals.
 */
export const STREAM_MOVING_CLOSE_CODE = 1012;

// ---------------------------------------------------------------------------------------------------------
// Capabilities

/** One language of one capability: available with a backend, or unavailable with the reason. */
export interface LanguageSupport {
  code: string;
  available: boolean;
  backend: string | null;
  reason: string | null;
}

export interface TranslationPair {
  from: string;
  to: string;
  backend: string;
}

export interface CapabilitiesResponse {
  engine: { version: string; cores: number };
  media: { available: boolean; backend: string; formats: readonly string[]; reason: string | null };
  vad: { available: boolean; backend: string; reason: string | null };
  asr: { batch: LanguageSupport[]; stream: LanguageSupport[] };
  diarization: { available: boolean; backend: string; reason: string | null };
  translation: { pairs: TranslationPair[]; unavailable: { from: string; to: string; reason: string }[] };
  /** Summaries always work: "extractive" offline, "openai-compatible" when a chat endpoint is configured. */
  summary: { backend: string };
  models: { name: string; kind: string; languages: string[]; installed: boolean }[];
}

// ---------------------------------------------------------------------------------------------------------
// Media. Media calls take either the raw file as the request body (options in the query string) or a JSON
// body `{ url, ...options }` naming a URL the Worker signed; the engine streams it, never buffering it whole.

export const mediaSource = z.object({ url: z.url({ protocol: /^https?$/ }).optional() });

export interface ProbeStream {
  index: number;
  type: 'audio' | 'video' | 'subtitle' | 'data';
  codec: string;
  sampleRate?: number;
  channels?: number;
  width?: number;
  height?: number;
}

export interface ProbeResponse {
  format: string;
  /** Seconds. */
  duration: number;
  bitRate: number | null;
  streams: ProbeStream[];
}

// ---------------------------------------------------------------------------------------------------------
// Engine-side jobs: file work that outlasts a queue consumer's patience runs in the engine under an id the
// Worker chooses. `POST` starts it (answering the state of a job already known by that id, never starting it
// twice; 429 with Retry-After when the engine's file-work slots and queue are full); `GET jobs/<id>` tells its
// state. Media moves by presigned URL only: `url` is read, `put` written (a plain S3 PUT of known length).

export const engineJobId = z.string().regex(/^[\w.:-]{1,120}$/);
const presigned = z.url({ protocol: /^https?$/ });

/** How far a running engine job got, when it can tell: its current step and the share of that step done (0–1). */
export interface EngineJobStep {
  step: string;
  fraction: number;
}

export type EngineJobStatus =
  | { id: string; state: 'running'; progress?: EngineJobStep }
  | { id: string; state: 'done'; result: unknown }
  | { id: string; state: 'failed'; error: { status: number; code: EngineErrorCode; message: string } };

/**
 * Where a job keeps its result once its output is stored, so the same job started again (its engine restarted,
 * was evicted, or drained before the Worker collected the result) answers it without redoing the work or writing
 * the output twice: `get`/`put` read and write a small JSON object beside the output (`{ id, outputBytes, result }`),
 * written only after the output; `output` reads the output itself (the object the job's `put` writes), to confirm
 * it is still stored whole. A kept result of another job id (a new upload at the same keys) is ignored.
 */
export const jobCheckpoint = z.object({ get: presigned, put: presigned, output: presigned });
export type JobCheckpoint = z.input<typeof jobCheckpoint>;

/**
 * `POST /v1/jobs/extract`: the audio of `url` as one 16 kHz mono PCM16 WAV (44-byte header) PUT to `put`, and
 * where speech is. With `player`, the same decode also writes the compressed audio the record keeps for its
 * player (AAC in MP4, engine/backends/media/player-audio.ts) PUT there: the WAV is only the recogniser's, and
 * the Worker removes it once the transcript is made.
 */
export const extractJob = z.object({ id: engineJobId, url: presigned, put: presigned, player: presigned.optional(), checkpoint: jobCheckpoint.optional() });
export type ExtractJob = z.input<typeof extractJob>;

export interface ExtractJobResult {
  /** Bytes of PCM after the WAV header. */
  bytes: number;
  /** Speech found by the VAD, seconds. */
  segments: TimeSpan[];
  /** Bytes of the player's compressed audio, when asked for. */
  playerBytes?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Speech

export interface TimeSpan {
  /** Seconds from the start of the media (or of the stream). */
  start: number;
  end: number;
}

export interface VadResponse {
  duration: number;
  segments: TimeSpan[];
}

export interface Word extends TimeSpan {
  word: string;
}

export interface TranscriptSegment extends TimeSpan {
  text: string;
  words?: Word[];
  /** Set when speaker separation ran: '1', '2', … in order of first appearance. */
  speaker?: string;
  /** The segment's speaker embedding, when asked for with `embeddings`. */
  embedding?: number[];
  /** Median voice pitch in Hz, with speaker separation or embeddings, when the segment has voiced frames. */
  pitch?: number;
}

/** A flag from JSON (true/false) or a query string ('true'/'false'/'1'/'0'): "false" must not read as true. */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** Spec §5: a proprietary-words library holds at most 150 words of at most 50 characters. */
export const HOTWORDS_MAX = { count: 150, chars: 50 } as const;

/**
 * Proprietary words the recogniser should get right: an array in a JSON body, or comma-separated in the
 * query string (`hotwords=Tingyi,Kubernetes`, URL-encoded). They are sent to recognisers that take a
 * prompt and every backend's text is corrected towards them afterwards (contracts/hotwords.ts).
 */
export const hotwordsOption = z
  .union([z.array(z.string()), z.string().transform((s) => s.split(','))])
  .transform((list) => [...new Set(list.map((w) => w.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(HOTWORDS_MAX.chars)).max(HOTWORDS_MAX.count))
  .optional();

/** The query-string form of a hot-word list (omitted when empty). */
export const hotwordsQuery = (hotwords: readonly string[] | undefined) => (hotwords?.length ? hotwords.join(',') : undefined);

export const transcribeOptions = mediaSource.extend({
  language: z.string().min(2).max(16).default('en-US'),
  /** Run speaker separation over the segments. */
  diarize: flag.default(false),
  /**
   * Return each segment's speaker embedding, so a caller that transcribes a long file in pieces can label
   * speakers across all of them at once (POST /v1/diarize/cluster).
   */
  embeddings: flag.default(false),
  /** At most this many speakers (see labelSpeakers); without it the engine finds the count itself. */
  maxSpeakers: z.coerce.number().int().min(1).max(35).optional(),
  hotwords: hotwordsOption,
  /** Only this stretch of the media, seconds (a file job's piece of its stored audio); times then count from `start`. */
  start: z.coerce.number().nonnegative().optional(),
  end: z.coerce.number().positive().optional(),
  /**
   * Answer as NDJSON (TranscribeEvent, one per line): `progress` events while the audio is decoded, then the
   * `result` (or an `error` met after the answer began), so a caller can show a piece's progress as it goes.
   */
  progress: flag.default(false),
});
export type TranscribeOptions = z.input<typeof transcribeOptions>;

/**
 * A line of a transcription answered with `progress`. `decoded`: seconds of the requested stretch recognised
 * so far (counted from its start), sent as each utterance comes back and at most about once a second.
 */
export type TranscribeEvent =
  | { type: 'progress'; decoded: number }
  | { type: 'result'; result: TranscribeResponse }
  | { type: 'error'; error: { status: number; code: EngineErrorCode; message: string } };

export interface TranscribeResponse {
  language: string;
  backend: string;
  duration: number;
  segments: TranscriptSegment[];
  /** Seconds spent decoding, so callers can watch the real-time factor. */
  processingSeconds: number;
}

export const diarizeOptions = mediaSource.extend({
  segments: z
    .array(z.object({ start: z.number().min(0), end: z.number().min(0) }))
    .min(1)
    .max(20_000),
  maxSpeakers: z.coerce.number().int().min(1).max(35).optional(),
});
export type DiarizeRequest = z.input<typeof diarizeOptions>;

/** Speaker labels for embeddings gathered from several transcriptions of one file's pieces. */
export const clusterRequest = z.object({
  embeddings: z.array(z.array(z.number()).min(1).max(256)).min(1).max(20_000),
  maxSpeakers: z.number().int().min(1).max(35).optional(),
  /** Each line's length in seconds: short replies then follow the speakers instead of founding their own. */
  seconds: z.array(z.number().min(0)).max(20_000).optional(),
  /** Each line's median pitch in Hz as transcription measured it (0 where none was voiced). */
  pitches: z.array(z.number().min(0)).max(20_000).optional(),
});
export type ClusterRequest = z.input<typeof clusterRequest>;

/**
 * Speaker embeddings (and median pitch) for given time spans of the media: the lines another recogniser
 * (Workers AI, an OpenAI-compatible one) wrote, so they are labelled by voice as the engine's own lines are.
 */
export const embeddingsOptions = diarizeOptions.omit({ maxSpeakers: true });
export type EmbeddingsRequest = z.input<typeof embeddingsOptions>;

export interface EmbeddingsResponse {
  /** One per requested span, in order (what /v1/asr/transcribe returns as a segment's `embedding`). */
  embeddings: number[][];
  /** Median voice pitch in Hz per span; null where the span has no voiced frames. */
  pitch: (number | null)[];
}

export interface DiarizeResponse {
  backend: string;
  speakers: number;
  /** One label per requested segment, in the same order. */
  labels: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Streaming recognition over WebSocket at /v1/asr/stream?language=en-US. Client → engine: binary frames of
// 16 kHz mono PCM16 little-endian; text `{"type":"end"}` to flush and close. Engine → client: the messages
// below, times in seconds from the first sample of the stream. With `&embeddings=true` each final carries
// `embedding`, the speaker embedding of that utterance's audio (as /v1/asr/transcribe returns per segment),
// for labelling speakers while the stream runs. `&hotwords=` (as for /v1/asr/transcribe) corrects partials
// and finals towards proprietary words. With `&recognise=false` the engine only cuts the stream into
// utterances (for a caller that recognises them itself with a batch recogniser): `speech` about once a second
// while an utterance grows, `utterance` when it ends (with its embedding when asked), and `heard`; no partials
// or finals. A language only a batch recogniser knows (an OpenAI-compatible one) is served the same way
// inside the engine (contracts/batch-live.ts), so the caller sees partials and finals as usual.

export const streamOptions = z.object({
  language: z.string().min(2).max(16).default('en-US'),
  embeddings: flag.default(false),
  recognise: flag.default(true),
  hotwords: hotwordsOption,
});

export type StreamServerMessage =
  | { type: 'ready'; backend: string; language: string; sampleRate: number }
  /** `stable`, when given, is the start of `text` that is settled: it stays as shown in later partials and the final. */
  | { type: 'partial'; utterance: number; text: string; stable?: string; start: number; end: number }
  | ({ type: 'final'; utterance: number } & TranscriptSegment)
  | { type: 'error'; code: EngineErrorCode; message: string }
  /**
   * Sent every STREAM_WORKING_MS after the client's `end` while audio it sent is still being decoded: a caller
   * waiting for the last finals (a meeting that is ending) can tell a busy recogniser from a stuck one.
   */
  | { type: 'working' }
  /**
   * Progress, every STREAM_HEARD_EVERY_S of audio: every sample up to `end` (seconds) has been decoded, and the
   * finals of utterances that ended before it sent. A caller compares it with the audio it sent to know how far behind recognition runs.
   */
  | { type: 'heard'; end: number }
  | { type: 'closed' }
  /**
   * The engine is draining: open a new stream (on another instance) and send it the audio from `end` (seconds of
   * this stream's audio) on. Audio sent here after this message is not heard; the finals of what came before still
   * arrive, then `closed`, then the socket closes with STREAM_MOVING_CLOSE_CODE.
   */
  | { type: 'moving'; end: number }
  /** With `recognise=false`: the open utterance so far, from its start to `end` (seconds). */
  | { type: 'speech'; utterance: number; start: number; end: number }
  /** With `recognise=false`: an utterance ended; its audio is `start`..`end`. */
  | { type: 'utterance'; utterance: number; start: number; end: number; embedding?: number[] };

/** How often a growing utterance is announced (`speech`), so a batch recogniser re-hears it for a partial. */
export const STREAM_SPEECH_EVERY_S = 1;

export const STREAM_WORKING_MS = 2000;
export const STREAM_HEARD_EVERY_S = 0.5;

export type StreamClientMessage = { type: 'end' };

// ---------------------------------------------------------------------------------------------------------
// Translation

export const translateRequest = z.object({
  from: z.string().min(2).max(16),
  to: z.string().min(2).max(16),
  /** Sentences in order; neighbours serve as context for backends that use it. */
  texts: z.array(z.string().max(5_000)).min(1).max(500),
  glossary: z
    .array(z.object({ source: z.string().min(1), target: z.string().min(1) }))
    .max(500)
    .optional(),
});
export type TranslateRequest = z.input<typeof translateRequest>;

export interface TranslateResponse {
  backend: string;
  texts: string[];
}
