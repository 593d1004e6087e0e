import { Hono } from 'hono';
import { createKeyBody, keyIdParam } from '../../contracts/api-keys';
import { API } from '../../contracts/api-paths';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-keys';

/**
 * A person's API keys (docs/api.md): list, create (the only answer that holds the key), revoke. These are not
 * key routes, so only a signed-in session reaches them: a leaked key cannot mint or revoke keys.
 */
export const developerRoutes = new Hono<AppEnv>()
  .get(API.keys.keys, requireUser, async (c) => ok(c, await listApiKeys(c.var.db, c.var.userId)))
  .post(API.keys.keys, requireUser, validate('json', createKeyBody), async (c) => ok(c, await createApiKey(c.var.db, c.var.userId, c.req.valid('json'))))
  .delete(API.keys.key, requireUser, validate('param', keyIdParam), async (c) => {
    await revokeApiKey(c.var.db, c.var.userId, c.req.valid('param').id);
    return ok(c, null);
  });
