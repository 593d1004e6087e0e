import { API_BASE } from '../../contracts/constants';
import type { Envelope } from '../../contracts/errors';

/**
 * Calls to the Tingyi API from the extension: the same paths and envelope as the web app (contracts/), with
 * the bearer token the web app handed over and `source=2`, the plugin's source (spec §6).
 */

export class TingyiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'TingyiError';
  }
}

export interface Target {
  origin: string;
  token: string | null;
}

export async function call<T>(
  target: Target,
  path: string,
  init: { method?: 'GET' | 'POST'; query?: Record<string, string | number>; body?: unknown } = {},
): Promise<T> {
  const url = new URL(`${target.origin}${API_BASE}${path}`);
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { 'accept-language': navigator.language };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope) throw new TingyiError(response.status, response.statusText);
  if (envelope.code !== 200) throw new TingyiError(envelope.code, envelope.msg);
  return envelope.data;
}

/** The web app's pages the extension opens. */
export const webPage = {
  signIn: (origin: string, extensionId: string) => `${origin}/pluginSignIn?extension=${encodeURIComponent(extensionId)}&source=2`,
  pay: (origin: string) => `${origin}/pluginPay?source=browser_plugin_media`,
  record: (origin: string, id: number) => `${origin}/meetingDetail?id=${id}`,
};
