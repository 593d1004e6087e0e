import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { bindAccountBody, bindOtherBody, changePasswordBody, editClientBody } from '../../contracts/auth';
import { API } from '../../contracts/api-paths';
import { Code } from '../../contracts/errors';
import { users } from '../db/schema';
import { ok } from '../lib/envelope';
import { ApiError, forbidden, notFound, unauthorized } from '../lib/errors';
import { randomToken } from '../lib/encoding';
import { formFile } from '../lib/form-file';
import type { AppEnv } from '../lib/types';
import { requireUser, sessionOf } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { redeemCode, requireGoogle } from '../services/google';
import { isOwnerQrKey, ownerQrKey } from '../services/owner-qr';
import { hashPassword, verifyPassword } from '../services/passwords';
import { requireCode } from '../services/codes';
import { revokeUserSessions } from '../services/sessions';
import { canSignInWithout, findByTarget, getUser, isEmail, publicName, userInfo } from '../services/users';
import { requireWechat, scannedScene, spendScene } from '../services/wechat';

/** The signed-in user's own profile and security settings, and public config (spec §7 System). */
const publicConfig = {
  WEICHAT_MP_APP_ID: (env: Env) => env.WECHAT_MP_APP_ID,
} satisfies Record<string, (env: Env) => string>;

const configKey = z.object({ key: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/) });
const AVATAR_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The names avatars are stored under: a random token and the type's extension. */
const AVATAR_NAME = /^[A-Za-z0-9_-]{1,64}\.(png|jpg|gif|webp)$/;

async function currentUser(db: AppEnv['Variables']['db'], id: number) {
  const user = await getUser(db, id);
  if (!user) throw unauthorized();
  return user;
}

/** Unlinks a sign-in provider, unless it is the last way left into the account. */
async function unlink(c: Context<AppEnv>, provider: 'wechat' | 'google') {
  const user = await currentUser(c.var.db, c.var.userId);
  if (!canSignInWithout(user, provider)) throw new ApiError(Code.BAD_REQUEST, 'lastSignInMethod');
  const [updated] = await c.var.db
    .update(users)
    .set(provider === 'wechat' ? { wechatOpenId: null } : { googleSub: null })
    .where(eq(users.id, user.id))
    .returning();
  return ok(c, await userInfo(c.var.db, updated!));
}

export const system = new Hono<AppEnv>()
  .get(API.system.configKey, validate('param', configKey), (c) => {
    const { key } = c.req.valid('param');
    if (!Object.hasOwn(publicConfig, key)) throw new ApiError(Code.NOT_FOUND, 'unknownConfigKey', { key });
    return ok(c, publicConfig[key as keyof typeof publicConfig](c.env));
  })
  .get(API.system.getClientInfo, requireUser, async (c) => ok(c, await userInfo(c.var.db, await currentUser(c.var.db, c.var.userId))))
  // What the "my QR code" landing page shows about a user and whether their code may be used: only to a holder
  // of the code's key, and to the owner, who also gets the key to draw the code with. To anyone else every id
  // reads as unknown, so ids cannot be walked for names or sharing.
  .get(API.system.getClient, validate('query', z.object({ userId: z.coerce.number().int().positive(), key: z.string().max(64).optional() })), async (c) => {
    const { userId, key } = c.req.valid('query');
    const owner = (await sessionOf(c))?.userId === userId;
    const user = owner || (await isOwnerQrKey(c.env.JWT_SECRET, userId, key)) ? await getUser(c.var.db, userId) : undefined;
    if (!user) throw notFound('user');
    const view = { userId: user.id, name: publicName(user), avatar: user.avatar, shareStatus: user.shareStatus };
    return ok(c, owner ? { ...view, qrKey: await ownerQrKey(c.env.JWT_SECRET, user.id) } : view);
  })
  .post(API.system.clientUserEdit, requireUser, validate('json', editClientBody.extend({ id: z.coerce.number().int().optional() })), async (c) => {
    const { id, ...changes } = c.req.valid('json');
    if (id !== undefined && id !== c.var.userId) throw forbidden();
    if (Object.values(changes).every((v) => v === undefined)) throw new ApiError(Code.BAD_REQUEST, 'nothingToChange');
    const [user] = await c.var.db.update(users).set(changes).where(eq(users.id, c.var.userId)).returning();
    return ok(c, await userInfo(c.var.db, user!));
  })
  .post(API.system.userAvatar, requireUser, async (c) => {
    const file = await formFile(c);
    const ext = file ? AVATAR_TYPES[file.type] : undefined;
    if (!file || !ext || file.size > AVATAR_MAX_BYTES) throw new ApiError(Code.BAD_REQUEST, 'avatarInvalid');
    const key = `avatars/${c.var.userId}/${randomToken(9)}.${ext}`;
    await c.env.MEDIA.put(key, file.stream(), { httpMetadata: { contentType: file.type } });
    const avatar = `/prod-api/system/avatar/${key.slice('avatars/'.length)}`;
    const [user] = await c.var.db.update(users).set({ avatar }).where(eq(users.id, c.var.userId)).returning();
    return ok(c, await userInfo(c.var.db, user!));
  })
  .get(API.system.avatar, async (c) => {
    const { userId, name } = c.req.param();
    // Only names this app gives avatars reach storage (whose keys have a length limit of their own).
    if (!/^\d{1,15}$/.test(userId) || !AVATAR_NAME.test(name)) throw notFound(c.req.path.slice(0, 200));
    const object = await c.env.MEDIA.get(`avatars/${userId}/${name}`);
    if (!object) throw notFound(c.req.path);
    return new Response(object.body, {
      headers: { 'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream', 'cache-control': 'public, max-age=31536000, immutable' },
    });
  })
  .put(API.system.updatePwd, requireUser, validate('json', changePasswordBody), async (c) => {
    const { oldPassword, newPassword } = c.req.valid('json');
    const user = await currentUser(c.var.db, c.var.userId);
    if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new ApiError(Code.BAD_REQUEST, 'oldPasswordWrong');
    await c.var.db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(users.id, user.id));
    // Every other device signs in again with the new password; this one stays signed in.
    await revokeUserSessions(c.var.db, user.id, c.var.sessionId);
    return ok(c, null);
  })
  .put(API.system.bindingAccount, requireUser, validate('json', bindAccountBody), async (c) => {
    const { target, code } = c.req.valid('json');
    await requireCode(c.var.db, target, code);
    const owner = await findByTarget(c.var.db, target);
    if (owner && owner.id !== c.var.userId) throw new ApiError(Code.CONFLICT, 'targetTaken');
    const [user] = await c.var.db
      .update(users)
      .set(isEmail(target) ? { email: target } : { phone: target })
      .where(eq(users.id, c.var.userId))
      .returning();
    return ok(c, await userInfo(c.var.db, user!));
  })
  .put(API.system.bindingOther, requireUser, validate('json', bindOtherBody), async (c) => {
    const body = c.req.valid('json');
    const { db, userId } = c.var;
    let change: Partial<typeof users.$inferInsert>;
    if (body.type === 'wechat') {
      requireWechat(c.env);
      // Only a scene this user started in bind mode: nobody can attach their WeChat to someone else's account.
      const { openId, owner } = await scannedScene(db, body.scene, userId);
      if (owner && owner.id !== userId) throw new ApiError(Code.CONFLICT, 'wechatTaken');
      await spendScene(db, body.scene);
      change = { wechatOpenId: openId };
    } else {
      requireGoogle(c.env);
      const identity = await redeemCode(c.env, db, body.code, body.state, userId);
      if (!identity) throw new ApiError(Code.BAD_REQUEST, 'googleFailed');
      const owner = await db.query.users.findFirst({ where: eq(users.googleSub, identity.sub) });
      if (owner && owner.id !== userId) throw new ApiError(Code.CONFLICT, 'googleTaken');
      change = { googleSub: identity.sub };
    }
    const [user] = await db.update(users).set(change).where(eq(users.id, userId)).returning();
    return ok(c, await userInfo(db, user!));
  })
  .put(API.system.unbindWeCat, requireUser, (c) => unlink(c, 'wechat'))
  .put(API.system.unbindGoogle, requireUser, (c) => unlink(c, 'google'));
