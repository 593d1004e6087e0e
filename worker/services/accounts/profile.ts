import { API, apiPath } from '../../../contracts/api-paths';
import { API_BASE } from '../../../contracts/constants';
import type { z } from 'zod';
import type { editClientBody } from '../../../contracts/auth';
import { Code } from '../../../contracts/errors';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/encoding';
import { ApiError, notFound } from '../../lib/errors';
import { requireCode } from '../codes';
import { proofAccepted, takeProofTry } from './lockout';
import { isOwnerQrKey, ownerQrKey } from '../owner-qr';
import { findByTarget, getUser, isEmail, publicName, updateUser, type User } from './users';

/** A user's own profile (name, avatar, sharing, email or phone) and the card the "my QR code" page shows (spec §7 System). */
const AVATAR_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The names avatars are stored under: a random token and the type's extension. */
const AVATAR_NAME = /^[A-Za-z0-9_-]{1,64}\.(png|jpg|gif|webp)$/;

export async function editProfile(db: Db, userId: number, changes: z.infer<typeof editClientBody>): Promise<User> {
  if (Object.values(changes).every((v) => v === undefined)) throw new ApiError(Code.BAD_REQUEST, 'nothingToChange');
  return updateUser(db, userId, changes);
}

/** Stores an uploaded picture (a common image type, at most 2 MB) as the user's avatar. */
export async function saveAvatar(env: Env, db: Db, userId: number, file: File | null | undefined): Promise<User> {
  const ext = file ? AVATAR_TYPES[file.type] : undefined;
  if (!file || !ext || file.size > AVATAR_MAX_BYTES) throw new ApiError(Code.BAD_REQUEST, 'avatarInvalid');
  const name = `${randomToken(9)}.${ext}`;
  await env.MEDIA.put(`avatars/${userId}/${name}`, file.stream(), { httpMetadata: { contentType: file.type } });
  return updateUser(db, userId, { avatar: `${API_BASE}${apiPath(API.system.avatar, { userId, name })}` });
}

/** A stored avatar; `path` names the request in the not-found answer. */
export async function avatarObject(env: Env, userId: string, name: string, path: string) {
  // Only names this app gives avatars reach storage (whose keys have a length limit of their own).
  if (!/^\d{1,15}$/.test(userId) || !AVATAR_NAME.test(name)) throw notFound(path.slice(0, 200));
  const object = await env.MEDIA.get(`avatars/${userId}/${name}`);
  if (!object) throw notFound(path);
  return object;
}

/**
 * Adds (or replaces) the account's email or phone, proven with a code within the sign-in limits; one another
 * account uses is refused.
 */
export async function bindAddress(db: Db, ip: string, userId: number, target: string, code: string): Promise<User> {
  const attempt = await takeProofTry(db, userId, ip);
  await requireCode(db, target, code);
  await proofAccepted(db, attempt);
  const owner = await findByTarget(db, target);
  if (owner && owner.id !== userId) throw new ApiError(Code.CONFLICT, 'targetTaken');
  return updateUser(db, userId, isEmail(target) ? { email: target } : { phone: target });
}

/**
 * What the "my QR code" landing page shows about a user and whether their code may be used: only to a holder of
 * the code's key, and to the owner (`viewerId`), who also gets the key to draw the code with. To anyone else
 * every id reads as unknown, so ids cannot be walked for names or sharing.
 */
export async function qrCard(secret: string, db: Db, userId: number, key: string | undefined, viewerId: number | undefined) {
  const owner = viewerId === userId;
  const user = owner || (await isOwnerQrKey(secret, userId, key)) ? await getUser(db, userId) : undefined;
  if (!user) throw notFound('user');
  const view = { userId: user.id, name: publicName(user), avatar: user.avatar, shareStatus: user.shareStatus };
  return owner ? { ...view, qrKey: await ownerQrKey(secret, user.id) } : view;
}
