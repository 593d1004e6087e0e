/**
 * When a failed delivery is tried again: the Standard Webhooks / Svix schedule (after 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h and 10 h), eight attempts over about 27 hours. Each wait fits one delayed queue message (Queues'
 * delaySeconds is at most 12 hours). WEBHOOK_RETRY_SECONDS replaces it (the tests use seconds).
 */
const STANDARD = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** Seconds to wait after the failed attempt number `attempts` (1-based), or undefined when it was the last. */
export function retryDelay(env: Pick<Env, 'WEBHOOK_RETRY_SECONDS'>, attempts: number): number | undefined {
  const schedule = env.WEBHOOK_RETRY_SECONDS ? env.WEBHOOK_RETRY_SECONDS.split(',').map(Number) : STANDARD;
  return schedule[attempts - 1];
}

/** An endpoint whose deliveries have all failed for this long is disabled and its owner told. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600_000;
/** How long the previous secret keeps signing after a rotation. */
export const PREVIOUS_SECRET_MS = 24 * 3600_000;
/** How long one attempt waits for the endpoint to answer. */
export const ATTEMPT_TIMEOUT_MS = 15_000;
