import { Hono } from 'hono';
import type { AppEnv } from '../lib/types';
import { handleNotification } from '../services/payments/notifications';

/** Providers' payment notifications (no user session: each is trusted only by its signature). */
export const payNotify = new Hono<AppEnv>().post('/notify/:payType', (c) => handleNotification(c.env, c.var.db, c.req.param('payType'), c.req.raw));
