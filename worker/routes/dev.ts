import { API, API_AREAS } from '../../contracts/api-paths';
import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../lib/envelope';
import { isLocalRequest } from '../lib/client';
import { notFound } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
import { captchaAnswer } from '../services/captcha';
import { outboxFor } from '../services/messenger';
import { devPay } from './dev-pay';
import { devS3 } from './dev-s3';

/**
 * Development-only helpers: outside ENVIRONMENT=development, or for a request that did not come from this
 * machine, every path here answers 404.
 */
export const dev = new Hono<AppEnv>()
  .use(API_AREAS.dev, async (c, next) => {
    if (!isLocalRequest(c)) throw notFound(c.req.path);
    await next();
  })
  // One address's messages only: the outbox never lists what was sent to everyone.
  .get(API.dev.outbox, validate('query', z.object({ to: z.string().trim().toLowerCase().min(1).max(254) })), async (c) =>
    ok(c, await outboxFor(c.var.db, c.req.valid('query').to)),
  )
  // For the browser tests only: where a captcha's answer is, so they can click it as a person would.
  .get(API.dev.captcha, validate('query', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const answer = await captchaAnswer(c.var.db, c.req.valid('query').id);
    if (!answer) throw notFound(c.req.path);
    return ok(c, answer);
  })
  .route('/', devS3)
  .route('/', devPay);
