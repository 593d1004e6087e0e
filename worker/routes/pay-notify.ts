import { Hono } from 'hono';
import { API } from '../../contracts/api-paths';
import { isLocalRequest } from '../lib/client';
import { notFound } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { DEV_PAY_TYPE } from '../services/payments/development';
import { handleNotification } from '../services/payments/notifications';

/**
 * Providers' payment notifications (no user session: each is trusted only by its signature). The development
 * provider's key is public, so its notifications are taken only from this machine, like the rest of /dev.
 */
export const payNotify = new Hono<AppEnv>().post(API.payNotify.notify, (c) => {
  const payType = c.req.param('payType');
  if (payType === DEV_PAY_TYPE && !isLocalRequest(c)) throw notFound(c.req.path);
  return handleNotification(c.env, c.var.db, payType, c.req.raw);
});
