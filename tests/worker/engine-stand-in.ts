import { env } from 'cloudflare:workers';
import { vi } from 'vitest';

/**
 * A stand-in for what answers in the engine's place on the platform, named as such: the Worker's env points
 * ENGINE_URL at it, and each call gets the answer the test chose — the engine's own errors (its JSON error
 * body), or what @cloudflare/containers and gateways answer in front of it (a plain-text 429, 500 or 503),
 * or no answer at all (a network error). Every other fetch goes where it was going.
 */

export const STAND_IN_URL = 'http://engine-stand-in.test';

/** An answer, or `'network'` for a connection that fails. */
export type StandInAnswer = (() => Response) | 'network';

export const engineError =
  (status: number, code: string, headers: Record<string, string> = {}) =>
  () =>
    Response.json({ error: { code, message: `stand-in engine: ${code}` } }, { status, headers });
export const plainText = (status: number, text: string) => () => new Response(text, { status, headers: { 'content-type': 'text/plain' } });

/** Every refusal that means "no engine ready now": none of them says anything about the user's work. */
export const UNAVAILABLE: Record<string, StandInAnswer> = {
  'the engine full (429 busy)': engineError(429, 'busy', { 'retry-after': '5' }),
  'the instance limit (429 without the engine)': plainText(429, 'Maximum number of running container instances exceeded'),
  'a slow container start (500 without the engine)': plainText(500, 'Failed to start container: the container did not start within 20s'),
  'no instance available (503 without the engine)': plainText(503, 'There is no Container instance available at this time.'),
  'a draining engine (503 draining)': engineError(503, 'draining'),
  'a gateway timeout (504)': plainText(504, 'Gateway Timeout'),
  'the engine timing out (504 timeout)': engineError(504, 'timeout'),
  'a secret being rotated (401 unauthorized)': engineError(401, 'unauthorized'),
  'a network error': 'network',
};

/** Routes calls to STAND_IN_URL to `answer` (changeable between calls); returns the env to use and the calls seen. */
export function standInEngine(first: StandInAnswer) {
  let answer = first;
  const calls: string[] = [];
  const real = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(STAND_IN_URL)) return real(input, init);
    calls.push(new URL(url).pathname);
    if (answer === 'network') throw new TypeError('Network connection lost.');
    return answer();
  });
  return {
    env: { ...env, ENGINE_URL: STAND_IN_URL } as Env,
    calls,
    answer: (next: StandInAnswer) => {
      answer = next;
    },
    restore: () => spy.mockRestore(),
  };
}
