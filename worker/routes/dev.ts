import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { outbox } from '../db/schema';
import { ok } from '../lib/envelope';
import { notFound } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
import { devPay } from './dev-pay';
import { devS3 } from './dev-s3';

/** Development-only helpers; outside ENVIRONMENT=development every path here answers 404. */
export const dev = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw notFound(c.req.path);
    await next();
  })
  .get('/outbox', validate('query', z.object({ to: z.string().trim().toLowerCase().optional() })), async (c) => {
    const { to } = c.req.valid('query');
    const rows = await c.var.db.query.outbox.findMany({
      where: to ? eq(outbox.recipient, to) : undefined,
      orderBy: desc(outbox.id),
      limit: 50,
    });
    return ok(c, rows);
  })
  .route('/s3', devS3)
  .route('/pay', devPay);
