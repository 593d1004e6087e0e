import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { API_BASE } from '../../contracts/constants';
import { Code } from '../../contracts/errors';
import { DOWNLOAD_REFUSED_PARAM } from '../../contracts/download-refused';
import type { AppEnv } from '../lib/types';
import { ticketedPath } from '../services/download-tickets';

/**
 * A ticketed download the browser opened itself (web/lib/download.ts `downloadByLink`) and the Worker then
 * refused (the ticket expired or was spent, the record is gone): the browser would save the error envelope as
 * the file. Such a navigation is sent back to the page it came from with the envelope's code in
 * `?downloadRefused=`, which the app shows as a message in the user's language. API clients (a bearer token,
 * or no navigation headers) keep the JSON envelope.
 */
export const redirectRefusedDownload = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status < 400 || !isTicketedNavigation(c)) return;
  const code = await envelopeCode(c.res);
  c.res = undefined;
  c.res = new Response(null, { status: 303, headers: { location: backToApp(c.req.url, c.req.header('referer'), code) } });
});

function isTicketedNavigation(c: Context<AppEnv>): boolean {
  if (!c.req.query('ticket') || !ticketedPath(c.req.path) || c.req.header('authorization')) return false;
  return c.req.header('sec-fetch-mode') === 'navigate' || (c.req.header('accept') ?? '').includes('text/html');
}

async function envelopeCode(res: Response): Promise<number> {
  try {
    const { code } = (await res.clone().json()) as { code?: unknown };
    return typeof code === 'number' ? code : res.status;
  } catch {
    return res.status;
  }
}

/** The app page the download was started from (same origin only, never an API path), else the app's root. */
export function backToApp(requestUrl: string, referer: string | undefined, code: number): string {
  const origin = new URL(requestUrl).origin;
  let page = new URL('/', origin);
  try {
    const from = new URL(referer ?? '', origin);
    if (referer && from.origin === origin && !from.pathname.startsWith(API_BASE)) page = from;
  } catch {
    // An unreadable Referer: the app's root.
  }
  page.searchParams.set(DOWNLOAD_REFUSED_PARAM, String(code || Code.INTERNAL));
  page.hash = '';
  return `${page.pathname}${page.search}`;
}
