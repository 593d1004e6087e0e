import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { API } from '../../contracts/api-paths';
import { openApiDocument } from '../lib/openapi';
import type { AppEnv } from '../lib/types';

/**
 * GET /prod-api/openapi.json: public, like any API reference. `served` is the app's route list, read when
 * first asked for (all routes are mounted by then) and kept for the isolate's life.
 */
export function openApiRoutes(served: readonly RouterRoute[]) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return new Hono<AppEnv>().get(API.openapi.document, (c) => {
    document ??= openApiDocument(served);
    return c.json(document, 200, { 'cache-control': 'public, max-age=300' });
  });
}
