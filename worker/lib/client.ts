import type { Context } from 'hono';
import { Code } from '../../contracts/errors';
import { ApiError } from './errors';
import type { AppEnv } from './types';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Every request of a development Worker is one client: see `clientIp`. */
const LOCAL_CLIENT = 'local';

/**
 * The one trusted client address, for rate limits and Turnstile. Deployed, Cloudflare's edge sets
 * `cf-connecting-ip` and replaces any value a client sends. Locally there is no edge: wrangler dev fills the
 * header from the socket only when the client has not sent one, so there it is the client's to choose and
 * every request counts as the same local client.
 */
export function clientIp(c: Context<AppEnv>) {
  return trustedClientIp(c) ?? LOCAL_CLIENT;
}

/** The address Cloudflare vouches for, when there is one (for services that want the real address, like Turnstile). */
export function trustedClientIp(c: Context<AppEnv>) {
  return c.env.ENVIRONMENT === 'development' ? undefined : c.req.header('cf-connecting-ip');
}

/**
 * A request from this machine to a development Worker: wrangler dev listens on loopback only and sets
 * `cf-connecting-ip` to the socket's address, and nothing forwarded it. A Worker reached through Cloudflare
 * (deployed, or tunnelled to) always carries the public client address, so it never passes.
 */
export function isLocalRequest(c: Context<AppEnv>) {
  if (c.env.ENVIRONMENT !== 'development') return false;
  if (c.req.header('x-forwarded-for') !== undefined || c.req.header('cf-ray') !== undefined) return false;
  const ip = c.req.header('cf-connecting-ip');
  return ip === undefined || LOOPBACK.test(ip);
}

/**
 * The site's own address for links and presigned URLs it hands out. Never the request's Host header, which
 * a client chooses: PUBLIC_ORIGIN when set, else (in development only, where the Worker listens on
 * loopback) the address the request came in on.
 */
export function publicOrigin(c: Context<AppEnv>) {
  if (c.env.PUBLIC_ORIGIN) return new URL(c.env.PUBLIC_ORIGIN).origin;
  if (c.env.ENVIRONMENT === 'development') return new URL(c.req.url).origin;
  throw new ApiError(Code.UNAVAILABLE, 'publicOriginMissing');
}
