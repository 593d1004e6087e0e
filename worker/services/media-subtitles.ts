import { eq } from 'drizzle-orm';
import type { MediaSubtitlesAnswer } from '../../contracts/plugin-media';
import type { Db } from '../db/client';
import { costRecords } from '../db/schema';
import { balances, charge, check } from './rights';

/**
 * The browser plugin's real-time subtitles of media (contracts/plugin-media.ts): whether they are counted, who
 * pays and what is left. A report of seconds shown is charged once, however often it is sent again.
 */
async function answer(db: Db, userId: number, accountType: string): Promise<MediaSubtitlesAnswer> {
  const unlimited = accountType !== 'duration';
  return { unlimited, accountType, remainingSeconds: unlimited ? null : ((await balances(db, userId)).duration?.remainingSeconds ?? 0) };
}

/** May the user have `seconds` of subtitles now? The paying account, or the 925… refusal with its code. */
export async function mediaAllowance(db: Db, userId: number, seconds: number) {
  return answer(db, userId, await check(db, userId, 'subtitles', seconds));
}

/**
 * `seconds` of subtitles were shown. Refused (and not charged) once a duration package cannot pay for them, so
 * the plugin stops; a report sent again (same media and number) is charged once.
 */
export async function chargeMediaSeconds(d1: D1Database, db: Db, userId: number, { mediaId, seq, seconds }: { mediaId: string; seq: number; seconds: number }) {
  const ref = `subtitles:${userId}:${mediaId}:${seq}`;
  const already = await db.query.costRecords.findFirst({ where: eq(costRecords.workRef, ref) });
  const accountType = already ? already.accountType : await check(db, userId, 'subtitles', seconds);
  if (!already) await charge(d1, db, userId, 'subtitles', seconds, ref);
  return answer(db, userId, accountType);
}
