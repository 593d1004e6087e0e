import { eq, or } from 'drizzle-orm';
import type { UserInfo } from '../../../contracts/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { balances, memberLevel } from '../rights';
import { grantTrial } from './trial';

/** Looking users up by what they sign in with, creating and changing them, and the profile the web app shows. */
export type User = typeof users.$inferSelect;

export const isEmail = (target: string) => target.includes('@');

/** The user whose username, email or phone is `identifier`. */
export function findByIdentifier(db: Db, identifier: string) {
  const value = identifier.trim();
  const lower = value.toLowerCase();
  return db.query.users.findFirst({
    where: or(eq(users.username, value), eq(users.email, lower), eq(users.phone, value)),
  });
}

export function findByTarget(db: Db, target: string) {
  return db.query.users.findFirst({ where: isEmail(target) ? eq(users.email, target) : eq(users.phone, target) });
}

/** A display name that does not expose the whole address: `ann` for ann@example.com, `138****5678` for a phone. */
export function defaultName(target: string) {
  if (isEmail(target)) return `${target.split('@')[0]!.slice(0, 24)}`;
  return target.length > 7 ? `${target.slice(0, 3)}****${target.slice(-4)}` : target;
}

/**
 * The name a public page (the QR-code landing) may show: an email account that never chose a name would
 * otherwise show its address's local part, so that is masked to its first character.
 */
export function publicName(user: Pick<User, 'name' | 'email'>) {
  if (user.email && user.name === defaultName(user.email)) return `${[...user.name][0] ?? ''}***`;
  return user.name;
}

/** A new user; `trialMinutes` (services/accounts/trial.ts) are credited to an account with a real way in. */
export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> & { name: string }, trialMinutes = 0) {
  const [user] = await db
    .insert(users)
    .values({ createdAt: Date.now(), ...values })
    .returning();
  if (!isGuest(user!)) await grantTrial(db, user!.id, trialMinutes);
  return user!;
}

/**
 * A guest account: one the browser's visitorId signs into. The id is a bearer secret kept in the browser, so it
 * stops being one the moment the account gains a real way in (an email, a phone, a password, WeChat or Google):
 * from then on only that way signs in.
 */
export function isGuest(user: User) {
  return Boolean(user.visitorId) && !(user.email || user.phone || user.passwordHash || user.wechatOpenId || user.googleSub);
}

export async function getUser(db: Db, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** The user a verified session names; an account deleted since reads as signed out. */
export async function signedInUser(db: Db, id: number) {
  const user = await getUser(db, id);
  if (!user) throw unauthorized();
  return user;
}

export const findByGoogleSub = (db: Db, sub: string) => db.query.users.findFirst({ where: eq(users.googleSub, sub) });

export const findByVisitorId = (db: Db, visitorId: string) => db.query.users.findFirst({ where: eq(users.visitorId, visitorId) });

/** The one place a user row changes: every profile, password and linking rule ends here. */
export async function updateUser(db: Db, id: number, changes: Partial<typeof users.$inferInsert>) {
  const [user] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return user!;
}

/**
 * Whether `user` can still sign in once `provider` is unlinked: an email or phone (codes), a username with
 * a password, or the other provider.
 */
export function canSignInWithout(user: User, provider: 'wechat' | 'google') {
  const other = provider === 'wechat' ? user.googleSub : user.wechatOpenId;
  return Boolean(user.email || user.phone || (user.username && user.passwordHash) || other);
}

export async function userInfo(db: Db, user: User): Promise<UserInfo> {
  const b = await balances(db, user.id);
  const level = memberLevel(b);
  return {
    id: user.id,
    name: user.name,
    avatar: user.avatar,
    username: user.username,
    email: user.email,
    phone: user.phone,
    hasPassword: Boolean(user.passwordHash),
    wechatBound: Boolean(user.wechatOpenId),
    googleBound: Boolean(user.googleSub),
    visitor: isGuest(user),
    shareStatus: user.shareStatus,
    memberLevel: level,
    validUntil: level ? b[level]!.validUntil : null,
  };
}
