import { createMiddleware } from 'hono/factory';
import { Code } from '../../contracts/errors';
import { clientIp } from '../lib/client';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { hit, peek } from '../services/rate-limit';

/**
 * Caps wrong guesses at short codes (screen codes, card codes): each refused try counts against the client
 * address and, when signed in, the account; past a cap the caller is told how long to wait. Codes that work
 * do not count, so people redeeming their own codes never meet the cap.
 */
export function throttleGuesses(action: string, limits: { perIp: number; perUser?: number; windowMs: number }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const keys: [string, number][] = [[`${action}:ip:${clientIp(c)}`, limits.perIp]];
    if (c.var.userId && limits.perUser) keys.push([`${action}:user:${c.var.userId}`, limits.perUser]);
    for (const [key, max] of keys) {
      const { count, retryAfterSeconds } = await peek(c.var.db, key, limits.windowMs);
      if (count >= max) throw new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyGuesses', { seconds: retryAfterSeconds }, 429);
    }
    await next();
    // Errors reach here as their envelope response (Hono's error handler has already run).
    if (c.res.status >= 400 && c.res.status < 500) await Promise.all(keys.map(([key]) => hit(c.var.db, key, limits.windowMs)));
  });
}
