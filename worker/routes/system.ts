import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../lib/errors';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';

/** Public configuration the web app reads by key (spec §7 System). Values come from the environment. */
const publicConfig = {
  WEICHAT_MP_APP_ID: (env: Env) => env.WECHAT_MP_APP_ID,
} satisfies Record<string, (env: Env) => string>;

const configKey = z.object({ key: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/) });

export const system = new Hono<AppEnv>().get(
  '/config/configKey/:key',
  validate('param', configKey),
  (c) => {
    const { key } = c.req.valid('param');
    if (!Object.hasOwn(publicConfig, key)) {
      throw new ApiError(404, 'unknownConfigKey', { key }, 404);
    }
    return ok(c, publicConfig[key as keyof typeof publicConfig](c.env));
  },
);
