/**
 * Chooses the implementation of each capability from configuration (wrangler.toml [vars]):
 * ASR_PROVIDER, STREAM_PROVIDER, TRANSLATE_PROVIDER, SUMMARY_PROVIDER = "engine" | "workers-ai". Workers AI needs the `AI`
 * binding, which is optional so local development (where Workers AI is unreachable) works without it. Its
 * text-generation calls are paced for the whole deployment through `DB` (./workers-ai-limits.ts).
 */
import { EngineClient, type EngineEnv, engineStream, engineSummarize, engineTarget, engineTranscribe, engineTranslate, type FetchLike } from './engine';
import { ProviderError, type StreamProvider, type SummarizeProvider, type TranscribeProvider, type TranslateProvider } from './types';
import { type LiveModel, MODELS, workersAiStream, workersAiSummarize, workersAiTranscribe, workersAiTranslate } from './workers-ai';
import { type AiLike, pacedAi, textGenerationPace } from './workers-ai-limits';

export type ProviderEnv = EngineEnv &
  Pick<Env, 'ASR_PROVIDER' | 'STREAM_PROVIDER' | 'TRANSLATE_PROVIDER' | 'SUMMARY_PROVIDER'> & {
    AI?: Ai | AiLike;
    /** Where the pace of Workers AI calls is kept; without it calls are not paced (a 429 is still retried). */
    DB?: D1Database;
    /** The account's text-generation requests per minute (Workers AI's default: 300). */
    WORKERS_AI_TEXT_RPM?: string;
    /** Workers AI's live recogniser: "nova-3" (the default) or "whisper". */
    WORKERS_AI_LIVE_MODEL?: string;
  };

function liveModel(env: ProviderEnv): LiveModel {
  const choice = (env.WORKERS_AI_LIVE_MODEL || 'nova-3').trim();
  if (choice === 'nova-3' || choice === 'whisper') return choice;
  throw new ProviderError(`WORKERS_AI_LIVE_MODEL must be "nova-3" or "whisper", not "${choice}"`, 500, 'misconfigured');
}

export interface Providers {
  engine: EngineClient;
  transcribe: TranscribeProvider;
  stream: StreamProvider;
  translate: TranslateProvider;
  summarize: SummarizeProvider;
}

function pick<T>(setting: string, name: string, engine: () => T, workersAi: (ai: AiLike) => T, ai: AiLike | undefined): T {
  const choice = (setting || 'engine').trim();
  if (choice === 'engine') return engine();
  if (choice === 'workers-ai') {
    if (!ai) throw new ProviderError(`${name}=workers-ai but the AI binding is not configured`, 500, 'misconfigured');
    return workersAi(ai);
  }
  throw new ProviderError(`${name} must be "engine" or "workers-ai", not "${choice}"`, 500, 'misconfigured');
}

export interface ProviderOptions {
  /** Keeps every engine call of one piece of work on one engine instance (engineTarget): a meeting, a record. */
  engineKey?: string;
  fetch?: FetchLike;
}

/** The engine alone, for work that needs no other provider. */
export function engineClient(env: ProviderEnv, { engineKey, fetch: fetchImpl = (input, init) => fetch(input, init) }: ProviderOptions = {}) {
  return new EngineClient({ ...engineTarget(env, fetchImpl, engineKey), secret: env.ENGINE_SECRET });
}

export function providers(env: ProviderEnv, options: ProviderOptions = {}): Providers {
  const engine = engineClient(env, options);
  const ai = env.AI && pacedAi(env.AI as AiLike, [MODELS.translate, MODELS.summarize], textGenerationPace(env));
  return {
    engine,
    transcribe: pick(env.ASR_PROVIDER, 'ASR_PROVIDER', () => engineTranscribe(engine), workersAiTranscribe, ai),
    stream: pick(
      env.STREAM_PROVIDER,
      'STREAM_PROVIDER',
      () => engineStream(engine),
      (a) => workersAiStream(a, { engine, model: liveModel(env) }),
      ai,
    ),
    translate: pick(env.TRANSLATE_PROVIDER, 'TRANSLATE_PROVIDER', () => engineTranslate(engine), workersAiTranslate, ai),
    summarize: pick(env.SUMMARY_PROVIDER, 'SUMMARY_PROVIDER', () => engineSummarize(engine), workersAiSummarize, ai),
  };
}

export * from './types';
export { EngineClient } from './engine';
