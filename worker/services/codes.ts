import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verificationCodes } from '../db/schema';
import { Code } from '../../contracts/errors';
import { safeEqual, sha256 } from '../lib/encoding';
import { ApiError } from '../lib/errors';

/**
 * Six-digit verification codes: one live code per address, a 60 s resend cooldown, 10 minutes to use it,
 * 5 wrong tries before it is burnt. Only a salted hash is stored.
 */
export const CODE_RULES = { cooldownMs: 60_000, lifetimeMs: 10 * 60_000, maxAttempts: 5 } as const;

const digest = (target: string, code: string) => sha256(`${target}\u0000${code}`);

/** Creates a code for `target`, or says how many seconds to wait when one was sent less than 60 s ago. */
export async function createCode(db: Db, target: string, now = Date.now()) {
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
  // One statement both checks the cooldown and inserts, so concurrent requests send one code, not several.
  const [created] = await db.all<{ id: number }>(sql`
    INSERT INTO ${verificationCodes} (target, code_hash, expires_at, created_at)
    SELECT ${target}, ${await digest(target, code)}, ${now + CODE_RULES.lifetimeMs}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM ${verificationCodes} WHERE target = ${target} AND created_at > ${now - CODE_RULES.cooldownMs})
    RETURNING id`);
  if (!created) {
    const last = await db.query.verificationCodes.findFirst({ where: eq(verificationCodes.target, target), orderBy: desc(verificationCodes.createdAt) });
    return { ok: false as const, waitSeconds: Math.max(1, Math.ceil(((last?.createdAt ?? now) + CODE_RULES.cooldownMs - now) / 1000)) };
  }
  // A new code replaces any older one still open for this address.
  await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.target, target), isNull(verificationCodes.usedAt), ne(verificationCodes.id, created.id)));
  return { ok: true as const, code };
}

export type CodeCheck = 'ok' | 'wrong' | 'expired';

/**
 * Consumes the live code for `target` when `code` matches. Every try is counted before the code is compared,
 * in one conditional update, so concurrent guesses get no more than the allowed tries between them.
 */
export async function checkCode(db: Db, target: string, code: string, now = Date.now()): Promise<CodeCheck> {
  const live = await db.query.verificationCodes.findFirst({
    where: and(eq(verificationCodes.target, target), isNull(verificationCodes.usedAt)),
    orderBy: desc(verificationCodes.createdAt),
  });
  if (!live) return 'expired';
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, live.id),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, CODE_RULES.maxAttempts),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (!counted) return 'expired';
  if (!safeEqual(await digest(target, code), live.codeHash)) return 'wrong';
  // Conditional on still being unused, so two concurrent requests cannot both spend one code.
  const spent = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, live.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return spent.length ? 'ok' : 'expired';
}

/** Spends the code or throws the message that tells the person what to do. */
export async function requireCode(db: Db, target: string, code: string) {
  const result = await checkCode(db, target, code);
  if (result === 'wrong') throw new ApiError(Code.BAD_REQUEST, 'codeWrong');
  if (result === 'expired') throw new ApiError(Code.BAD_REQUEST, 'codeExpired');
}
