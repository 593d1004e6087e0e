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
  .use(async (c, next) => {
    if (!isLocalRequest(c)) throw notFound(c.req.path);
    await next();
  })
  // One address's messages only: the outbox never lists what was sent to everyone.
  .get('/outbox', validate('query', z.object({ to: z.string().trim().toLowerCase().min(1).max(254) })), async (c) =>
    ok(c, await outboxFor(c.var.db, c.req.valid('query').to)),
  )
  // For the browser tests only: where a captcha's answer is, so they can click it as a person would.
  .get('/captcha', validate('query', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const answer = await captchaAnswer(c.var.db, c.req.valid('query').id);
    if (!answer) throw notFound(c.req.path);
    return ok(c, answer);
  })
  .route('/s3', devS3)
  .route('/pay', devPay);
