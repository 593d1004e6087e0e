import type { Context } from 'hono';
import type { Envelope } from '../../contracts/errors';
import { Code } from '../../contracts/errors';
import { translate } from './i18n';
import type { AppEnv } from './types';

/** The success envelope `{ code: 200, msg, data }` with the message in the request's language. */
export function ok<T>(c: Context<AppEnv>, data: T) {
  return c.json<Envelope<T>>({ code: Code.OK, msg: translate(c.var.locale, 'ok'), data });
}
