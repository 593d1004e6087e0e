import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { API, API_AREAS } from '../../contracts/api-paths';
import { captchas, outbox } from '../db/schema';
import { ok } from '../lib/envelope';
import { isLocalRequest } from '../lib/client';
import { notFound } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
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
  .get(API.dev.outbox, validate('query', z.object({ to: z.string().trim().toLowerCase().min(1).max(254) })), async (c) => {
    const { to } = c.req.valid('query');
    const rows = await c.var.db.query.outbox.findMany({
      where: eq(outbox.recipient, to),
      orderBy: desc(outbox.id),
      limit: 50,
    });
    return ok(c, rows);
  })
  // For the browser tests only: where a captcha's answer is, so they can click it as a person would.
  .get(API.dev.captcha, validate('query', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const row = await c.var.db.query.captchas.findFirst({ where: eq(captchas.id, c.req.valid('query').id) });
    if (!row) throw notFound(c.req.path);
    return ok(c, JSON.parse(row.answer) as { x: number; y: number }[]);
  })
  .route('/', devS3)
  .route('/', devPay);
