import { eq } from 'drizzle-orm';
import { Code } from '../../contracts/errors';
import type { Db } from '../db/client';
import { cardCodes, packages } from '../db/schema';
import { ApiError } from '../lib/errors';
import { purchaseStatements } from './rights';

/**
 * Card-code redemption. Claiming the card, recording the purchase and granting the rights run in one D1
 * batch (a transaction); every statement after the claim applies only if this attempt's nonce is the one
 * the card row holds, so of any number of concurrent redemptions exactly one grants anything.
 */
export async function redeemCard(d1: D1Database, db: Db, userId: number, rawCode: string, now = Date.now()) {
  const code = rawCode.trim();
  const card = await db.query.cardCodes.findFirst({ where: eq(cardCodes.code, code) });
  if (!card) throw new ApiError(Code.BAD_REQUEST, 'cardInvalid');
  if (card.redeemedBy !== null) throw new ApiError(Code.CONFLICT, 'cardUsed');
  const pkg = await db.query.packages.findFirst({ where: eq(packages.id, card.packageId) });
  if (!pkg) throw new ApiError(Code.BAD_REQUEST, 'cardInvalid');

  const nonce = crypto.randomUUID();
  const guard = { sql: 'EXISTS (SELECT 1 FROM card_codes WHERE code = ?1 AND redeem_nonce = ?2)', params: [code, nonce] };
  const [claim] = await d1.batch([
    d1
      .prepare('UPDATE card_codes SET redeemed_by = ?3, redeemed_at = ?4, redeem_nonce = ?2 WHERE code = ?1 AND redeemed_by IS NULL')
      .bind(code, nonce, userId, now),
    ...purchaseStatements(d1, { userId, pkg, channel: 'card', reference: code, amountFen: 0 }, now, guard),
  ]);
  if (claim!.meta.changes !== 1) throw new ApiError(Code.CONFLICT, 'cardUsed');
  return pkg;
}
