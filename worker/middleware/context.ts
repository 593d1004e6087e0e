import { createMiddleware } from 'hono/factory';
import { localeFromAcceptLanguage } from '../../contracts/locale';
import { database } from '../db/client';
import type { AppEnv } from '../lib/types';

/**
 * Gives every request an id (echoed in `x-request-id`, used in logs and 500 messages so a user's report
 * can be matched to a log line), the locale its messages are written in, and the database handle.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  c.set('locale', localeFromAcceptLanguage(c.req.header('accept-language')));
  c.set('db', database(c.env.DB));
  c.header('x-request-id', requestId);
  await next();
});
