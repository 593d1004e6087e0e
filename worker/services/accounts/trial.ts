import { accounts } from '../../db/schema';
import type { Db } from '../../db/client';

/**
 * Trial minutes for a new account, so a newcomer can try transcription, a meeting and dubbing before paying.
 * The operator sets the amount (`TRIAL_MINUTES`; unset or 0 grants none, the production default). They
 * are given once, when an account with a real way in is created (not a guest account a browser makes by
 * itself), as a time package and a voiceover package of that many minutes each, valid for TRIAL_DAYS.
 */

export const TRIAL_DAYS = 30;
const DAY_MS = 86_400_000;

/** The operator's setting as whole minutes; anything that is not a positive number grants none. */
export function trialMinutes(env: Pick<Env, 'TRIAL_MINUTES'>): number {
  const minutes = Math.floor(Number(env.TRIAL_MINUTES));
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 0;
}

/** Credits the trial to a user just created; an account that already holds a balance of its kind is left as it is. */
export async function grantTrial(db: Db, userId: number, minutes: number, now = Date.now()) {
  if (minutes <= 0) return;
  const row = (accountType: 'duration' | 'dubbing') => ({ userId, accountType, validUntil: now + TRIAL_DAYS * DAY_MS, remainingSeconds: minutes * 60 });
  await db
    .insert(accounts)
    .values([row('duration'), row('dubbing')])
    .onConflictDoNothing();
}
