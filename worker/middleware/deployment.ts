import { createMiddleware } from 'hono/factory';
import { Code } from '../../contracts/errors';
import { weakSecretReason } from '../../contracts/secrets';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../lib/types';

/**
 * What every API answer carries, and what a deployment must have before it answers at all.
 *
 * JWT_SECRET signs session tokens and meeting socket tickets; a ticket needs no database row, so whoever knows
 * the secret can forge a host's way into any meeting. ENGINE_SECRET is all that stands between the engine
 * and anyone who can reach it. Outside development the API refuses to work with an example or short value of
 * either (contracts/secrets.ts), and says so in the log, rather than run forgeable.
 */
const SECRETS = ['JWT_SECRET', 'ENGINE_SECRET'] as const;

export const requireSafeSecrets = createMiddleware<AppEnv>(async (c, next) => {
  const weak =
    c.env.ENVIRONMENT === 'development'
      ? []
      : SECRETS.flatMap((name) => {
          const reason = weakSecretReason(name, c.env[name]);
          return reason ? [{ name, reason }] : [];
        });
  if (weak.length > 0) {
    for (const { name, reason } of weak) {
      console.error(
        JSON.stringify({
          level: 'error',
          event: 'unsafeSecret',
          reason,
          fix: `npx wrangler secret put ${name}   # e.g. the output of: openssl rand -base64 48`,
        }),
      );
    }
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
