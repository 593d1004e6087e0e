import { exports } from 'cloudflare:workers';
import type { Envelope } from '../../contracts/errors';

/** Calls the real Worker's fetch handler and returns the HTTP response with its parsed envelope. */
export async function call<T = unknown>(path: string, init: RequestInit = {}) {
  const response = await exports.default.fetch(new Request(`http://tingyi.test${path}`, init));
  const body = (await response.json()) as Envelope<T>;
  return { status: response.status, body, headers: response.headers };
}
