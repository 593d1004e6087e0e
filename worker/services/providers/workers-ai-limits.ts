/**
 * Workers AI's requests-per-minute limit, kept by the whole deployment. Text generation (translation and
 * summaries) is allowed 300 requests a minute per account by default (Cloudflare's Workers AI limits page;
 * `WORKERS_AI_TEXT_RPM` names another). A limiter inside one isolate cannot keep that, since every Worker
 * isolate and every meeting room spends the same account's minute, so each such call first takes the next
 * moment of a pace kept in D1 (services/rate-limit.ts `reserve`: one upsert per call, no polling), spaced to
 * 90 % of the limit, and waits for it. Past the pace (other users of the account, a lower limit than
 * configured) Workers AI answers 429, which the binding throws as an Error whose message starts with the
 * internal code: 3021 "rate limiting: inference request per min rate reached" or 3040 "Capacity temporarily
 * exceeded" (Cloudflare's Workers AI errors page). Those wait with growing, jittered delays and try again.
 * 3036 (the day's free allocation used up) is a 429 too but is not retried: minutes of waiting cannot help.
 * A call that fails without any Workers AI answer (the binding's connection lost, a network error) is the
 * service being unreachable, as an unreachable engine is: users are told to try again (503), jobs retry.
 */
import { Code } from '../../../contracts/errors';
import { database } from '../../db/client';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { reserve } from '../rate-limit';
import { ProviderError } from './types';

/** The slice of the `Ai` binding the providers call; the generated `Ai` type satisfies it. */
export interface AiLike {
  run(model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

/** Waits until the caller may send its next request. */
export interface Pace {
  wait(): Promise<void>;
}

export const TEXT_GENERATION_RPM = 300;
const PACE_KEY = 'pace:workers-ai:text-generation';
/** Workers AI's internal codes for a 429 that passes with time. */
const RETRYABLE = new Set([3021, 3040]);

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface PaceOptions {
  perMinute: number;
  /** The length of the limit's minute: tests keep the ratio with a shorter one. */
  minuteMs?: number;
  /** The share of the limit the pace spends, leaving room for a late caller bunching up with the next. */
  headroom?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Calls spaced evenly under `perMinute` for every caller sharing the database. A caller queues at most a
 * minute ahead; one refused for a longer queue tries again later, and after three minutes gives up with a
 * 429 of its own, so its batch fails and stays marked for a later retry instead of holding its request open.
 */
export function d1Pace(db: Db, { perMinute, minuteMs = 60_000, headroom = 0.9, now = Date.now, sleep = delay }: PaceOptions): Pace {
  const intervalMs = Math.ceil(minuteMs / (perMinute * headroom));
  const lateMs = minuteMs * (1 - headroom);
  return {
    async wait() {
      const deadline = now() + 3 * minuteMs;
      for (;;) {
        const slot = await reserve(db, PACE_KEY, intervalMs, minuteMs);
        if (slot.ok) {
          await sleep(Math.max(0, slot.at - now()));
          // A call up to `lateMs` behind its moment (a slow answer, an isolate too busy to wake on time) stays
          // inside the limit: the headroom left a minute that many calls. One later than that would bunch
          // with the calls after it, so it takes a new moment; the missed one is gone for everyone.
          if (now() - slot.at <= lateMs || now() >= deadline) return;
          continue;
        }
        if (now() + slot.retryAfterMs > deadline)
          throw new ProviderError('Workers AI is at its request limit: too many requests are queued', 429, 'rate_limited');
        // Spread out, so callers refused together do not all come back at the same moment.
        await sleep(slot.retryAfterMs + Math.random() * intervalMs * 20);
      }
    },
  };
}

/** The internal code of an error thrown by the binding ("3021: rate limiting: …"), if it carries one. */
export function workersAiCode(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'number') return code;
  const match = /(?:^|:\s*)(\d{4}):/.exec(err instanceof Error ? err.message : String(err));
  return match ? Number(match[1]) : undefined;
}

/** Workers AI could not be reached: "busy or unavailable, try again" for users; the message keeps why for the log. */
export class AiUnavailable extends ApiError {
  constructor(model: string, cause: unknown) {
    super(Code.UNAVAILABLE, 'aiUnavailable');
    this.name = 'AiUnavailable';
    this.message = `Workers AI unreachable for ${model}: ${cause instanceof Error ? cause.message : String(cause)}`;
  }
}

/** `ai.run`, with a failure that carries no Workers AI answer (no internal code, not our own error) as AiUnavailable. */
async function reach(ai: AiLike, model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>) {
  try {
    return await ai.run(model, inputs, options);
  } catch (err) {
    if (err instanceof ApiError || err instanceof ProviderError || workersAiCode(err) !== undefined) throw err;
    throw new AiUnavailable(model, err);
  }
}

export interface RetryOptions {
  /** Tries after the first 429; with the default delays they span about a minute. */
  retries?: number;
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * `ai` whose calls to the `paced` models wait for the pace and retry a passing 429; other models go straight
 * through. Any call that cannot reach Workers AI fails as AiUnavailable.
 */
export function pacedAi(
  ai: AiLike,
  paced: readonly string[],
  pace: Pace | undefined,
  { retries = 6, backoffMs = 1000, sleep = delay }: RetryOptions = {},
): AiLike {
  return {
    async run(model, inputs, options) {
      if (!paced.includes(model)) return reach(ai, model, inputs, options);
      for (let attempt = 0; ; attempt++) {
        await pace?.wait();
        try {
          return await reach(ai, model, inputs, options);
        } catch (err) {
          const code = workersAiCode(err);
          if (code === undefined || !RETRYABLE.has(code)) throw err;
          if (attempt >= retries) throw new ProviderError(`${model} kept answering 429 (${code})`, 429, 'rate_limited');
          await sleep(backoffMs * 2 ** attempt * (0.5 + Math.random() / 2));
        }
      }
    },
  };
}

/** The deployment's pace for text generation, from its database and `WORKERS_AI_TEXT_RPM`; none without a database. */
export function textGenerationPace(env: { DB?: D1Database; WORKERS_AI_TEXT_RPM?: string }): Pace | undefined {
  return env.DB ? d1Pace(database(env.DB), { perMinute: Number(env.WORKERS_AI_TEXT_RPM) || TEXT_GENERATION_RPM }) : undefined;
}
