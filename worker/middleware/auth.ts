import { createMiddleware } from 'hono/factory';
import { jwtVerify } from 'jose';
import { unauthorized } from '../lib/errors';
import type { AppEnv } from '../lib/types';

/**
 * Lets a request through only with a valid `Authorization: Bearer` token signed with JWT_SECRET, and
 * puts its user id on the context. Every route that touches a user's data sits behind this.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const token = header.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) throw unauthorized();
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(c.env.JWT_SECRET), {
      algorithms: ['HS256'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error('bad subject');
    c.set('userId', userId);
  } catch {
    throw unauthorized();
  }
  await next();
});
