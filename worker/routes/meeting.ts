import { Hono } from 'hono';
import { meetingListQuery } from '../../contracts/records';
import { page } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { listRecords } from '../services/records';

/** Meetings (spec §7 speech/meeting calls). Sign-in per route: participants reach some meeting calls without an account. */
export const meetingRoutes = new Hono<AppEnv>()
  .get('/getMeetingList', requireUser, validate('query', meetingListQuery), async (c) =>
    page(c, await listRecords(c.var.db, c.var.userId, { ...c.req.valid('query'), type: 'meeting' })),
  );
