import { and, desc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import { ENGINE_PATHS } from '../../../contracts/engine';
import type { RecordStatus } from '../../../contracts/record-vocabulary';
import type { Db } from '../../db/client';
import { meetings, records } from '../../db/schema';
import { engineJob } from '../engine-jobs';
import { JobWaiting } from '../jobs';
import { engineS3Target, presignGet, presignPut } from '../storage';
import { chunks, runBatch } from '../../lib/batch';
import { audioKey, playerAudioKey } from './audio';

/**
 * Bounds on what records keep in R2 once their work is done, run by the hourly cron (worker/index.ts).
 *
 * How long a transcribed file's ORIGINAL upload is kept (ORIGINAL_RETENTION_DAYS, wrangler.toml). Empty or 0,
 * the default: for as long as its record, since it is the user's own file (a video plays as video only from
 * it). Set, the hourly cron removes the uploads of records older than that many days once their compressed
 * player audio exists, and clears their `mediaKey`: the record still plays (that audio), exports, and can be
 * transcribed again (extracted from that audio). Records from before the compressed audio was made have none,
 * so they keep their upload. Dubbing projects keep their own 7-day rule (dubbing/download.ts); meetings have no
 * upload.
 */

/** Records looked at per run: the newest past the cutoff first, so records that can never qualify (none of their compressed audio) never hold the rest back. */
const PAGE = 50;
const PAGES_PER_RUN = 10;
/** Statuses in which no job reads the upload. */
const AT_REST: RecordStatus[] = ['transcription_completed', 'translation_completed', 'transcription_err', 'translation_err'];

export async function cleanupOriginals(db: Db, env: Pick<Env, 'MEDIA' | 'ORIGINAL_RETENTION_DAYS'>, now = Date.now()): Promise<number> {
  const days = Number(env.ORIGINAL_RETENTION_DAYS);
  if (!(days > 0)) return 0;
  const cutoff = now - days * 86_400_000;
  let removed = 0;
  let before = Number.MAX_SAFE_INTEGER;
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    const candidates = await db
      .select({ id: records.id, mediaKey: records.mediaKey })
      .from(records)
      .where(
        and(
          eq(records.type, 'transcription'),
          isNotNull(records.mediaKey),
          lt(records.createdAt, cutoff),
          lt(records.id, before),
          inArray(records.status, AT_REST),
        ),
      )
      .orderBy(desc(records.id))
      .limit(PAGE);
    if (!candidates.length) break;
    before = candidates.at(-1)!.id;
    const heads = await Promise.all(candidates.map((r) => env.MEDIA.head(playerAudioKey(r.id))));
    const expired = candidates.filter((_, i) => heads[i]);
    // The key is cleared first, and only while the record is still at rest: a retry started meanwhile reads
    // its upload, and one started after extracts from the compressed audio.
    const cleared = (
      await runBatch(
        db,
        chunks(expired.map((r) => r.id)).map((part) =>
          db
            .update(records)
            .set({ mediaKey: null })
            .where(and(inArray(records.id, part), inArray(records.status, AT_REST)))
            .returning({ id: records.id }),
        ),
      )
    )
      .flat()
      .map((r) => r.id);
    const keys = expired.filter((r) => cleared.includes(r.id)).map((r) => r.mediaKey!);
    if (keys.length) await env.MEDIA.delete(keys);
    removed += keys.length;
    if (candidates.length < PAGE) break;
  }
  return removed;
}

/** Meetings ended this recently are looked at: an hourly cron gets several tries at each, and older ones are never scanned again. */
const MEETING_WINDOW_MS = 6 * 3600_000;

/**
 * A meeting's audio is written live as a 16 kHz WAV (durable-objects/meeting-audio.ts), which the room reads
 * back at its end for the stretches the live recogniser missed. Once it has ended, the engine's extraction
 * makes the same compressed player audio a file gets, and a later run, finding it stored, removes the WAV.
 * Answers the WAVs removed.
 */
export async function compressMeetingAudio(db: Db, env: Env, now = Date.now()): Promise<number> {
  const ended = await db
    .select({ id: records.id })
    .from(meetings)
    .innerJoin(records, eq(records.id, meetings.recordId))
    .where(and(eq(records.status, 'ended'), gt(meetings.endedAt, now - MEETING_WINDOW_MS)));
  let removed = 0;
  for (const { id } of ended) {
    const [player, wav] = await Promise.all([env.MEDIA.head(playerAudioKey(id)), env.MEDIA.head(audioKey(id))]);
    if (!wav) continue;
    if (!player) {
      try {
        await engineJob(
          env,
          ENGINE_PATHS.extractJob,
          `meeting-audio-${id}`,
          async () => {
            const target = await engineS3Target(env);
            // The WAV is written back as it was (now with its length in the header) before the player's audio.
            return {
              url: await presignGet(target, audioKey(id)),
              put: await presignPut(target, audioKey(id)),
              player: await presignPut(target, playerAudioKey(id)),
            };
          },
          0,
        );
      } catch (err) {
        // Running (the next run collects it) or refused: the WAV stays until a run succeeds, and plays meanwhile.
        if (!(err instanceof JobWaiting)) console.error(JSON.stringify({ level: 'warn', meetingAudio: id, error: String(err) }));
        continue;
      }
      if (!(await env.MEDIA.head(playerAudioKey(id)))) continue;
    }
    await env.MEDIA.delete(audioKey(id));
    removed++;
  }
  return removed;
}
