/**
 * Engine settings, all from the environment so the dev runner, tests and a container can each set them.
 * Defaults suit a 2-core development machine.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { ENGINE_PORT } from '../contracts/engine';
import { CLOUDFLARE_API } from './backends/dubbing/workers-ai';

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

export const ENGINE_VERSION = '0.1.0';
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface EngineConfig {
  port: number;
  host: string;
  secret: string;
  /** The secret before the current one, also accepted while a rotation rolls out (docs/deploy.md, rotating ENGINE_SECRET). */
  secretPrevious: string;
  /**
   * On SIGTERM (a rollout), how long running jobs, requests and live streams get to finish before the engine exits
   * anyway. Cloudflare allows a container 15 minutes after SIGTERM.
   */
  drainSeconds: number;
  /** Batch decoders, one per core: a decode is CPU-bound, more would only time-slice. */
  asrWorkers: number;
  /** Batch requests allowed to wait for a decoder before new ones get 429. */
  asrQueue: number;
  /** Wall-clock limit of one batch request, queueing excluded. */
  asrTimeoutMs: number;
  /** Live streams at once; each holds its own decoder for the whole session. */
  maxStreams: number;
  /** Largest upload accepted as a request body (the dubbing limit, spec §9). */
  maxUploadBytes: number;
  tmpDir: string;
  modelsDir: string;
  vadModel: string;
  pocketsphinxModel: string;
  python: string;
  /** OpenAI-compatible endpoints, used only when configured. */
  openaiAsr: { url: string; key: string; model: string } | null;
  openaiChat: { url: string; key: string; model: string } | null;
  /** An OpenAI-compatible `/audio/speech` endpoint: its voices are listed beside espeak-ng's when set. */
  openaiSpeech: { url: string; key: string; model: string } | null;
  /** Workers AI's MeloTTS over Cloudflare's REST API: its voices are listed first when set. */
  workersAiSpeech: { api: string; accountId: string; token: string } | null;
  /** ElevenLabs instant voice cloning and text to speech: speakers dubbed in their own voice when set (and consented to). */
  elevenLabs: { url: string; key: string; model: string } | null;
  /** An OpenAI-compatible `/audio/speech` endpoint that clones from a reference sample (backends/dubbing/clone.ts). */
  referenceSpeech: { url: string; key: string; model: string } | null;
  /**
   * Engine-side file jobs (extractions, dub renders) at once, and how many may wait: past both, a new job is
   * refused with 429 and the Worker's queue message waits. Each holds an ffmpeg process; half the cores
   * leaves room for live streams and piece recognition.
   */
  fileJobs: number;
  fileJobQueue: number;
  /** Disk kept for synthesised dubbing lines, so a render or re-dub reuses them (least recently used go first). */
  ttsCacheBytes: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  const cores = availableParallelism();
  const asrUrl = env.ENGINE_OPENAI_ASR_URL ?? '';
  const chatUrl = env.ENGINE_OPENAI_CHAT_URL ?? '';
  const speechUrl = env.ENGINE_OPENAI_SPEECH_URL ?? '';
  return {
    port: num(env.ENGINE_PORT, ENGINE_PORT),
    host: env.ENGINE_HOST ?? '127.0.0.1',
    secret: env.ENGINE_SECRET ?? '',
    secretPrevious: env.ENGINE_SECRET_PREVIOUS ?? '',
    drainSeconds: Math.max(0, num(env.ENGINE_DRAIN_SECONDS, 600)),
    asrWorkers: Math.max(1, num(env.ENGINE_ASR_WORKERS, cores)),
    asrQueue: Math.max(0, num(env.ENGINE_ASR_QUEUE, 4 * cores)),
    asrTimeoutMs: num(env.ENGINE_ASR_TIMEOUT_MS, 10 * 60_000),
    maxStreams: Math.max(1, num(env.ENGINE_MAX_STREAMS, 4 * cores)),
    maxUploadBytes: num(env.ENGINE_MAX_UPLOAD_BYTES, 5 * 1024 ** 3),
    // Absolute: renders run ffmpeg inside their own folder, where a relative path would point elsewhere.
    tmpDir: resolve(env.ENGINE_TMP_DIR ?? join(env.TMPDIR ?? '/tmp', 'tingyi-engine')),
    modelsDir: env.ENGINE_MODELS_DIR ?? join(ROOT, '.models'),
    vadModel: env.ENGINE_VAD_MODEL ?? join(ROOT, 'node_modules/@ricky0123/vad-web/dist/silero_vad_v5.onnx'),
    pocketsphinxModel: env.ENGINE_POCKETSPHINX_MODEL ?? '/usr/share/pocketsphinx/model/en-us',
    // Debian's python3-pocketsphinx lives in the system interpreter, not in a pyenv/venv one on PATH.
    python: env.ENGINE_PYTHON ?? '/usr/bin/python3',
    openaiAsr: asrUrl ? { url: asrUrl, key: env.ENGINE_OPENAI_ASR_KEY ?? '', model: env.ENGINE_OPENAI_ASR_MODEL ?? 'whisper-1' } : null,
    openaiChat: chatUrl ? { url: chatUrl, key: env.ENGINE_OPENAI_CHAT_KEY ?? '', model: env.ENGINE_OPENAI_CHAT_MODEL ?? 'gpt-4o-mini' } : null,
    openaiSpeech: speechUrl ? { url: speechUrl, key: env.ENGINE_OPENAI_SPEECH_KEY ?? '', model: env.ENGINE_OPENAI_SPEECH_MODEL ?? 'tts-1' } : null,
    elevenLabs: env.ENGINE_ELEVENLABS_API_KEY
      ? {
          url: env.ENGINE_ELEVENLABS_URL || 'https://api.elevenlabs.io',
          key: env.ENGINE_ELEVENLABS_API_KEY,
          model: env.ENGINE_ELEVENLABS_MODEL || 'eleven_multilingual_v2',
        }
      : null,
    referenceSpeech: env.ENGINE_CLONE_SPEECH_URL
      ? { url: env.ENGINE_CLONE_SPEECH_URL, key: env.ENGINE_CLONE_SPEECH_KEY ?? '', model: env.ENGINE_CLONE_SPEECH_MODEL || 'cosyvoice' }
      : null,
    workersAiSpeech:
      env.ENGINE_CF_ACCOUNT_ID && env.ENGINE_CF_API_TOKEN
        ? { api: env.ENGINE_CF_API_URL || CLOUDFLARE_API, accountId: env.ENGINE_CF_ACCOUNT_ID, token: env.ENGINE_CF_API_TOKEN }
        : null,
    fileJobs: Math.max(1, num(env.ENGINE_FILE_JOBS, Math.floor(cores / 2))),
    fileJobQueue: Math.max(0, num(env.ENGINE_FILE_JOB_QUEUE, cores)),
    ttsCacheBytes: num(env.ENGINE_TTS_CACHE_BYTES, 512 * 1024 ** 2),
  };
}
