import { Hono } from 'hono';
import { API, API_AREAS } from '../../contracts/api-paths';
import { mediaConsumeBody, mediaCostBody } from '../../contracts/plugin-media';
import type { MediaSubtitlesAnswer } from '../../contracts/plugin-media';
import type { Db } from '../db/client';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { balances, charge, check } from '../services/rights';

/** What the plugin is told: whether the subtitles are counted, who pays and what is left. */
async function answer(db: Db, userId: number, accountType: string): Promise<MediaSubtitlesAnswer> {
  const unlimited = accountType !== 'duration';
  return { unlimited, accountType, remainingSeconds: unlimited ? null : ((await balances(db, userId)).duration?.remainingSeconds ?? 0) };
}

/** The browser plugin's real-time subtitles of media (contracts/plugin-media.ts), for the signed-in user only. */
export const pluginMediaRoutes = new Hono<AppEnv>()
  .use(API_AREAS.pluginMedia, requireUser)
  /** May the user have `seconds` of subtitles now? The paying account, or the 925… refusal with its code. */
  .post(API.pluginMedia.cost, validate('json', mediaCostBody), async (c) => {
    const accountType = await check(c.var.db, c.var.userId, 'subtitles', c.req.valid('json').seconds);
    return ok(c, await answer(c.var.db, c.var.userId, accountType));
  })
  /**
   * `seconds` of subtitles were shown. Refused (and not charged) once a duration package cannot pay for them,
   * so the plugin stops; a report sent again (same media and number) is charged once.
   */
  .post(API.pluginMedia.consumer, validate('json', mediaConsumeBody), async (c) => {
    const { mediaId, seq, seconds } = c.req.valid('json');
    const ref = `subtitles:${c.var.userId}:${mediaId}:${seq}`;
    const already = await c.var.db.query.costRecords.findFirst({ where: (r, { eq }) => eq(r.workRef, ref) });
    const accountType = already ? already.accountType : await check(c.var.db, c.var.userId, 'subtitles', seconds);
    if (!already) await charge(c.env.DB, c.var.db, c.var.userId, 'subtitles', seconds, ref);
    return ok(c, await answer(c.var.db, c.var.userId, accountType));
  });
