import { createMiddleware } from 'hono/factory';
import { Code } from '../../contracts/errors';
import { clientIp } from '../lib/client';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { giveBack, type Limit, take } from '../services/rate-limit';

/**
 * Caps wrong guesses at short codes (screen codes, card codes) per client address and, when signed in, per
 * account; past a cap the caller is told how long to wait. Each try takes its slot before the code is looked
 * at, so a burst of concurrent guesses gets no more tries than the cap; a code that works gives its slot
 * back, so people redeeming their own codes never meet the cap.
 */
export function throttleGuesses(action: string, limits: { perIp: number; perUser?: number; windowMs: number }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const caps: Limit[] = [{ key: `${action}:ip:${clientIp(c)}`, max: limits.perIp, windowMs: limits.windowMs }];
    if (c.var.userId && limits.perUser) caps.push({ key: `${action}:user:${c.var.userId}`, max: limits.perUser, windowMs: limits.windowMs });
    const taken = await take(c.var.db, caps);
    if (!taken.ok) throw new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyGuesses', { seconds: taken.retryAfterSeconds });
    await next();
    // Errors reach here as their envelope response (Hono's error handler has already run).
    if (c.res.status < 400) await giveBack(c.var.db, taken.slots);
  });
}
