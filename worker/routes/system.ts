import { API } from '../../contracts/api-paths';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { bindAccountBody, bindOtherBody, changePasswordBody, editClientBody } from '../../contracts/auth';
import { Code } from '../../contracts/errors';
import { clientIp } from '../lib/client';
import { ok } from '../lib/envelope';
import { ApiError, forbidden } from '../lib/errors';
import { formFile } from '../lib/form-file';
import type { AppEnv } from '../lib/types';
import { requireUser, sessionOf } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { linkProvider, unlinkProvider } from '../services/accounts/linking';
import { changePassword } from '../services/accounts/passwords';
import { avatarObject, bindAddress, editProfile, qrCard, saveAvatar } from '../services/accounts/profile';
import { signedInUser, userInfo, type User } from '../services/accounts/users';

/** The signed-in user's own profile and security settings, and public config (spec §7 System). */
const publicConfig = {
  WEICHAT_MP_APP_ID: (env: Env) => env.WECHAT_MP_APP_ID,
} satisfies Record<string, (env: Env) => string>;

const configKey = z.object({ key: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/) });

/** Every change to the profile is answered with the whole profile as it now is. */
const profile = async (c: Context<AppEnv>, user: User) => ok(c, await userInfo(c.var.db, user));

export const system = new Hono<AppEnv>()
  .get(API.system.configKey, validate('param', configKey), (c) => {
    const { key } = c.req.valid('param');
    if (!Object.hasOwn(publicConfig, key)) throw new ApiError(Code.NOT_FOUND, 'unknownConfigKey', { key });
    return ok(c, publicConfig[key as keyof typeof publicConfig](c.env));
  })
  .get(API.system.getClientInfo, requireUser, async (c) => profile(c, await signedInUser(c.var.db, c.var.userId)))
  // The "my QR code" landing page's card: see qrCard for who may see what.
  .get(API.system.getClient, validate('query', z.object({ userId: z.coerce.number().int().positive(), key: z.string().max(64).optional() })), async (c) => {
    const { userId, key } = c.req.valid('query');
    return ok(c, await qrCard(c.env.JWT_SECRET, c.var.db, userId, key, (await sessionOf(c))?.userId));
  })
  .post(API.system.clientUserEdit, requireUser, validate('json', editClientBody.extend({ id: z.coerce.number().int().optional() })), async (c) => {
    const { id, ...changes } = c.req.valid('json');
    if (id !== undefined && id !== c.var.userId) throw forbidden();
    return profile(c, await editProfile(c.var.db, c.var.userId, changes));
  })
  .post(API.system.userAvatar, requireUser, async (c) => profile(c, await saveAvatar(c.env, c.var.db, c.var.userId, await formFile(c))))
  .get(API.system.avatar, async (c) => {
    const { userId, name } = c.req.param();
    const object = await avatarObject(c.env, userId, name, c.req.path);
    return new Response(object.body, {
      headers: { 'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream', 'cache-control': 'public, max-age=31536000, immutable' },
    });
  })
  .put(API.system.updatePwd, requireUser, validate('json', changePasswordBody), async (c) => {
    const { oldPassword, newPassword } = c.req.valid('json');
    await changePassword(c.var.db, clientIp(c), c.var.userId, c.var.sessionId, oldPassword, newPassword);
    return ok(c, null);
  })
  .put(API.system.bindingAccount, requireUser, validate('json', bindAccountBody), async (c) => {
    const { target, code } = c.req.valid('json');
    return profile(c, await bindAddress(c.var.db, clientIp(c), c.var.userId, target, code));
  })
  .put(API.system.bindingOther, requireUser, validate('json', bindOtherBody), async (c) =>
    profile(c, await linkProvider(c.env, c.var.db, clientIp(c), c.var.userId, c.req.valid('json'))),
  )
  .put(API.system.unbindWeCat, requireUser, async (c) => profile(c, await unlinkProvider(c.var.db, c.var.userId, 'wechat')))
  .put(API.system.unbindGoogle, requireUser, async (c) => profile(c, await unlinkProvider(c.var.db, c.var.userId, 'google')));
