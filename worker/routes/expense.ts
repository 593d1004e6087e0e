import { API, API_AREAS } from '../../contracts/api-paths';
import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../lib/envelope';
import { forbidden } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { throttleGuesses } from '../middleware/throttle';
import { validate } from '../middleware/validate';
import { dubbingCostBody } from '../../contracts/dubbing';
import { MEETING_PACKAGE_TYPES, PACKAGE_TYPES } from '../../contracts/pay';
import { costs, purchases } from '../services/bills';
import { redeemCard } from '../services/cards';
import { packageNameIn, priceCategories } from '../services/payments/packages';
import { payRoutes } from './pay';
import { accountItems, check, permissions } from '../services/rights';

/** Rights, balances, bills and card codes of the signed-in user (spec §7 Expense). */
const page = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
/** Calls that name a user id may only name the caller. */
const ownId = z.object({ id: z.coerce.number().int().optional(), userId: z.coerce.number().int().optional() });

export const expense = new Hono<AppEnv>()
  .use(API_AREAS.expense, requireUser)
  .post(API.expense.queryAccountDetail, validate('json', ownId), async (c) => {
    const { id, userId } = c.req.valid('json');
    if ((id ?? userId ?? c.var.userId) !== c.var.userId) throw forbidden();
    return ok(c, await accountItems(c.var.db, c.var.userId, c.var.locale));
  })
  .post(API.expense.queryUserFunctionJudge, async (c) => ok(c, await permissions(c.var.db, c.var.userId)))
  .post(API.expense.queryAuthLanguageByUserId, async (c) => {
    const { recognitionCount, translateCount } = await permissions(c.var.db, c.var.userId);
    return ok(c, { recognitionCount, translateCount });
  })
  .post(API.expense.queryBuyRecord, validate('json', page), async (c) => ok(c, await purchases(c.var.db, c.var.userId, c.req.valid('json'), c.var.locale)))
  .post(API.expense.queryCostRecord, validate('json', page), async (c) => ok(c, await costs(c.var.db, c.var.userId, c.req.valid('json'))))
  .post(API.expense.queryCommonPricePackage, validate('json', z.object({ packageType: z.enum(PACKAGE_TYPES).optional() })), async (c) => {
    const { packageType } = c.req.valid('json');
    return ok(c, await priceCategories(c.var.db, c.var.locale, packageType ? [packageType] : undefined));
  })
  .post(API.expense.queryMeetingPricePackage, async (c) => ok(c, await priceCategories(c.var.db, c.var.locale, MEETING_PACKAGE_TYPES)))
  /** The rights picture the pay dialog may show; empty when the deployment has none (the dialog's own table then stands alone). */
  .get(API.expense.queryRightsPictureUrl, (c) => ok(c, { rightsPictureUrl: c.env.RIGHTS_PICTURE_URL ?? '' }))
  /** Whether the user can start (or keep) a live meeting of `duration` seconds now: the paying account, or the 925… refusal. */
  .post(API.expense.meetingRightsJudge, validate('json', z.object({ duration: z.coerce.number().int().min(1).max(86_400).default(60) })), async (c) =>
    ok(c, { accountType: await check(c.var.db, c.var.userId, 'realtime', c.req.valid('json').duration) }),
  )
  /** Whether the AI voiceover package can pay for `duration` seconds of dubbing (spec §4 dub submit's cost pre-check). */
  .post(API.expense.dubbingAccountCostBefore, validate('json', dubbingCostBody), async (c) => {
    const { userId, duration } = c.req.valid('json');
    if ((userId ?? c.var.userId) !== c.var.userId) throw forbidden();
    return ok(c, { accountType: await check(c.var.db, c.var.userId, 'dubbing', Math.max(1, Math.ceil(duration))) });
  })
  .route('/', payRoutes)
  .post(
    API.expense.exchangeCardPassword,
    throttleGuesses('card', { perIp: 30, perUser: 10, windowMs: 60 * 60_000 }),
    validate('param', z.object({ code: z.string().trim().min(1).max(64) })),
    async (c) => {
      const pkg = await redeemCard(c.env.DB, c.var.db, c.var.userId, c.req.valid('param').code);
      return ok(c, {
        packageName: await packageNameIn(c.var.db, pkg.id, c.var.locale),
        packageType: pkg.packageType,
        accounts: await accountItems(c.var.db, c.var.userId, c.var.locale),
      });
    },
  );
