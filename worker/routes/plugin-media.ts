import { API, API_AREAS } from '../../contracts/api-paths';
import { Hono } from 'hono';
import { mediaConsumeBody, mediaCostBody } from '../../contracts/plugin-media';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { chargeMediaSeconds, mediaAllowance } from '../services/media-subtitles';

/** The browser plugin's real-time subtitles of media (contracts/plugin-media.ts), for the signed-in user only. */
export const pluginMediaRoutes = new Hono<AppEnv>()
  .use(API_AREAS.pluginMedia, requireUser)
  /** May the user have `seconds` of subtitles now? The paying account, or the 925… refusal with its code. */
  .post(API.pluginMedia.cost, validate('json', mediaCostBody), async (c) => ok(c, await mediaAllowance(c.var.db, c.var.userId, c.req.valid('json').seconds)))
  /** `seconds` of subtitles were shown: charged once per media and number, refused once nothing can pay for them. */
  .post(API.pluginMedia.consumer, validate('json', mediaConsumeBody), async (c) =>
    ok(c, await chargeMediaSeconds(c.env.DB, c.var.db, c.var.userId, c.req.valid('json'))),
  );
