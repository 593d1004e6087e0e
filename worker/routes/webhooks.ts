import { Hono } from 'hono';
import { API } from '../../contracts/api-paths';
import { createWebhookBody, webhookDeliveryParam, webhookIdParam } from '../../contracts/webhooks';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { listDeliveries, replayDelivery } from '../services/webhooks/deliveries';
import { createEndpoint, enableEndpoint, listEndpoints, removeEndpoint, rotateSecret } from '../services/webhooks/endpoints';

/** The signed-in user's webhook endpoints and their deliveries (docs/webhooks.md). */
export const webhookRoutes = new Hono<AppEnv>()
  .get(API.webhooks.endpoints, requireUser, async (c) => ok(c, await listEndpoints(c.var.db, c.var.userId)))
  .post(API.webhooks.endpoints, requireUser, validate('json', createWebhookBody), async (c) => {
    const { url, events } = c.req.valid('json');
    return ok(c, await createEndpoint(c.var.db, c.env, c.var.userId, url, events));
  })
  .delete(API.webhooks.endpoint, requireUser, validate('param', webhookIdParam), async (c) => {
    await removeEndpoint(c.var.db, c.var.userId, c.req.valid('param').id);
    return ok(c, null);
  })
  .post(API.webhooks.rotateSecret, requireUser, validate('param', webhookIdParam), async (c) =>
    ok(c, await rotateSecret(c.var.db, c.var.userId, c.req.valid('param').id)),
  )
  .post(API.webhooks.enable, requireUser, validate('param', webhookIdParam), async (c) => {
    await enableEndpoint(c.var.db, c.var.userId, c.req.valid('param').id);
    return ok(c, null);
  })
  .get(API.webhooks.deliveries, requireUser, validate('param', webhookIdParam), async (c) =>
    ok(c, await listDeliveries(c.var.db, c.var.userId, c.req.valid('param').id)),
  )
  .post(API.webhooks.replay, requireUser, validate('param', webhookDeliveryParam), async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    return ok(c, await replayDelivery(c.env, c.var.db, c.var.userId, id, deliveryId));
  });
