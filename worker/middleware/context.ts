import { createMiddleware } from 'hono/factory';
import { localeFromAcceptLanguage } from '../../contracts/locale';
import type { AppEnv } from '../lib/types';

/**
 * Gives every request an id (echoed in `x-request-id`, used in logs and 500 messages so a user's report
 * can be matched to a log line) and the locale its messages are written in.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  c.set('locale', localeFromAcceptLanguage(c.req.header('accept-language')));
  c.header('x-request-id', requestId);
  await next();
});
