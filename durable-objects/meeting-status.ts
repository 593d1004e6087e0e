import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ControlAction, MeetingStatus } from '../contracts/meeting';
import type { RecordStatus } from '../contracts/record-vocabulary';
import type { MediaSummary } from '../contracts/summary';
import { database } from '../worker/db/client';
import { meetings, records } from '../worker/db/schema';
import { hasTranscript, queueSummary } from '../worker/services/summary';
import { queueSender } from '../worker/services/jobs';

/**
 * A meeting's status and its mirror in D1. The host's controls move it: not started → in progress ⇄ paused →
 * ended. The record follows each change (with the audio's length so far); the meeting row keeps when it
 * first started and when it ended (its invitation and screen code then closed). An ended meeting may read
 * `finishing` on its record while its transcript is completed. Once it is over, its main translation is set
 * and its AI minutes are queued, each once, behind the labelling of its speakers over the whole recording
 * (worker/services/meeting-speakers.ts).
 */

const FROM: Record<ControlAction, MeetingStatus[]> = {
  start: ['not_started'],
  pause: ['in_progress'],
  resume: ['paused'],
  end: ['not_started', 'in_progress', 'paused'],
};
const TO: Record<ControlAction, MeetingStatus> = { start: 'in_progress', pause: 'paused', resume: 'in_progress', end: 'ended' };

/** What a host's control does from `status`: nothing (already there), a move to a status, or a refusal. */
export function transition(status: MeetingStatus, action: ControlAction): 'already' | 'refused' | MeetingStatus {
  if (status === TO[action]) return 'already';
  return FROM[action].includes(status) ? TO[action] : 'refused';
}

/** Writes the meeting's status (and its audio's length) to its record and meeting rows. */
export async function mirrorStatus(env: Env, recordId: number, status: MeetingStatus, durationMs: number, recordStatus: RecordStatus = status) {
  const db = database(env.DB);
  const now = Date.now();
  const meeting = eq(meetings.recordId, recordId);
  await db.batch([
    db
      .update(records)
      .set({ status: recordStatus, durationMs: Math.round(durationMs), updatedAt: now })
      .where(eq(records.id, recordId)),
    ...(status === 'in_progress'
      ? [
          db
            .update(meetings)
            .set({ startedAt: sql`coalesce(${meetings.startedAt}, ${now})` })
            .where(meeting),
        ]
      : []),
    ...(status === 'ended' ? [db.update(meetings).set({ endedAt: now, screenCode: null, inviteOpen: false }).where(meeting)] : []),
  ]);
}

/** Sets the record's translation once: an owner who later adds another keeps it through a repeated end (a repair). */
export async function setMainTranslation(env: Env, recordId: number, language: string | null) {
  await database(env.DB)
    .update(records)
    .set({ translationLanguage: language })
    .where(and(eq(records.id, recordId), isNull(records.translationLanguage)));
}

/**
 * Minutes are queued once per meeting: a repeated end (a repair) finds them already made or under way. `first`
 * (the live summary) is the minutes shown at once, until the full run replaces it.
 */
export async function queueMinutes(env: Env, recordId: number, userId: number, first?: MediaSummary) {
  const db = database(env.DB);
  try {
    if (await hasTranscript(db, recordId)) await queueSummary(db, queueSender(env.JOBS), { id: recordId, userId }, { once: true, first, speakersFirst: true });
  } catch (err) {
    // The meeting ends all the same; its owner can still ask for the minutes on the record page.
    console.error('meeting minutes not queued', recordId, String(err));
  }
}
