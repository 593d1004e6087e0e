import { createMiddleware } from 'hono/factory';
import { Code } from '../../contracts/errors';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../lib/types';

/**
 * What every API answer carries, and what a deployment must have before it answers at all.
 *
 * JWT_SECRET signs session tokens and meeting socket tickets; a ticket needs no database row, so whoever knows
 * the secret can forge a host's way into any meeting. The example secrets below are public (they are in this
 * repository), so outside development the API refuses to work with one of them or with anything shorter than
 * 32 bytes, and says so in the log, rather than run forgeable.
 */
export const MIN_SECRET_BYTES = 32;
/** Secrets anyone who has read the repository knows: .dev.vars.example's and the ones older tests used. */
const EXAMPLE_SECRETS = new Set(['development-only-jwt-secret', 'worker-test-secret', 'change-me', 'secret']);

/** Why `secret` must not sign anything in production, or null when it may. */
export function weakSecretReason(secret: string | undefined): string | null {
  if (!secret) return 'JWT_SECRET is not set';
  if (EXAMPLE_SECRETS.has(secret)) return 'JWT_SECRET is the example value from this repository';
  if (new TextEncoder().encode(secret).length < MIN_SECRET_BYTES) return `JWT_SECRET is shorter than ${MIN_SECRET_BYTES} bytes`;
  return null;
}

export const requireSafeSecrets = createMiddleware<AppEnv>(async (c, next) => {
  const reason = c.env.ENVIRONMENT === 'development' ? null : weakSecretReason(c.env.JWT_SECRET);
  if (reason) {
    console.error(
      JSON.stringify({
        level: 'error',
        event: 'unsafeSecret',
        reason,
        fix: 'npx wrangler secret put JWT_SECRET   # e.g. the output of: openssl rand -base64 48',
      }),
    );
    throw new ApiError(Code.UNAVAILABLE, 'serverMisconfigured');
  }
  await next();
});

/**
 * Answers are never to be sniffed into another type (an uploaded avatar served as HTML) nor framed by another
 * site (clickjacking). The web app's pages get the same from web/public/_headers.
 */
const SECURITY_HEADERS: [string, string][] = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['content-security-policy', "frame-ancestors 'none'"],
];

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // A WebSocket upgrade's answer is the socket itself; its headers are not ours to add to.
  if (c.res.status === 101) return;
  // Answers passed through from elsewhere (a Durable Object, R2) may have immutable headers.
  const res = new Response(c.res.body, c.res);
  for (const [name, value] of SECURITY_HEADERS) if (!res.headers.has(name)) res.headers.set(name, value);
  c.res = res;
});
