import type { Context } from 'hono';
import type { Envelope } from '../../contracts/errors';
import type { Page } from '../../contracts/records';
import { Code } from '../../contracts/errors';
import { translate } from './i18n';
import type { AppEnv } from './types';

/** The success envelope `{ code: 200, msg, data }` with the message in the request's language. */
export function ok<T>(c: Context<AppEnv>, data: T) {
  return c.json<Envelope<T>>({ code: Code.OK, msg: translate(c.var.locale, 'ok'), data });
}

/**
 * A list page: the envelope with `data: { rows, total }`, and `rows` and `total` repeated at the top level
 * because the spec's clients read "code and rows" there.
 */
export function page<T>(c: Context<AppEnv>, result: Page<T>) {
  return c.json<Envelope<Page<T>> & Page<T>>({ code: Code.OK, msg: translate(c.var.locale, 'ok'), data: result, rows: result.rows, total: result.total });
}
