import { eq } from 'drizzle-orm';
import { Code } from '../../../contracts/errors';
import { EDIT_LOCKED_STATUSES } from '../../../contracts/record-vocabulary';
import type { RecordStatus } from '../../../contracts/record-vocabulary';
import type { Locale } from '../../../contracts/locale';
import type { EditedLine, MediaSource } from '../../../contracts/transcription';
import { extensionOf } from '../../../contracts/upload-files';
import type { Db } from '../../db/client';
import { records, transcriptionJobs } from '../../db/schema';
import { runBatch } from '../../lib/batch';
import { ApiError } from '../../lib/errors';
import { canTranslate } from '../languages';
import { assertLineTimes } from '../line-rules';
import { keptVoiceprints, replaceLines, storedLines } from '../lines';
import { ownedRecord } from '../records';
import type { RecordEntity } from '../records';
import { presignGet, s3Target } from '../storage';
import { audioKey, playerAudioKey } from './audio';
import { keptTranslations, needsTranslation, queueRetranslation } from './retranslate';
import { readWords } from './words';
import type { Enqueue } from '../jobs';
import { type VectorEnv, queueLineVectors } from '../search/vectors';

/** The record detail page's server side: saving edited lines, translating later, the player's media and word timings. */

/** Lines still being produced by a job cannot be edited: the job would overwrite the edit. */
const isBusy = (status: RecordStatus) => EDIT_LOCKED_STATUSES.includes(status);

export async function saveLines(db: Db, env: VectorEnv, enqueue: Enqueue, userId: number, recordId: number, lines: EditedLine[]) {
  const record = await ownedRecord(db, userId, recordId);
  if (isBusy(record.status)) throw new ApiError(Code.CONFLICT, 'recordBusy');
  assertLineTimes(lines, record.durationMs);
  const edited = lines.map((l) => ({
    startMs: l.start,
    endMs: l.end,
    text: l.text,
    speaker: l.speaker ?? '',
    translations: l.translations ?? {},
  }));
  const stored = await storedLines(db, [recordId]);
  const voiceprints = await keptVoiceprints(db, recordId, edited);
  // A re-worded line's old translation no longer says what it says: it is dropped and made again.
  const rows = keptTranslations(stored, edited);
  const now = Date.now();
  // Only a save that changes what was said (times, speakers, words) is a person's change a summary may miss.
  const said = (lines: readonly { startMs: number; endMs: number; speaker: string; text: string }[]) =>
    JSON.stringify(lines.map((l) => [l.startMs, l.endMs, l.speaker, l.text]));
  const changes = said(stored) === said(rows) ? { updatedAt: now } : { updatedAt: now, linesEditedAt: now };
  // One batch: the transcript is replaced whole or not at all.
  await runBatch(db, [...replaceLines(db, recordId, rows, voiceprints), db.update(records).set(changes).where(eq(records.id, recordId))]);
  if (needsTranslation(record, rows)) await queueRetranslation(db, enqueue, recordId);
  if (changes.linesEditedAt) await queueLineVectors(env, enqueue, recordId);
}

/** Translates a finished record into `language` later (spec §7 addTranslation), through the job's translate stage. */
export async function addTranslation(db: Db, env: Env, userId: number, locale: Locale, recordId: number, language: string, enqueue: Enqueue) {
  const record = await ownedRecord(db, userId, recordId);
  if (isBusy(record.status)) throw new ApiError(Code.CONFLICT, 'recordBusy');
  if (!(await canTranslate(env, record.audioLanguage, language))) {
    throw new ApiError(Code.BAD_REQUEST, 'translationUnsupported', { from: record.audioLanguage, to: language });
  }
  const now = Date.now();
  await db.batch([
    db
      .insert(transcriptionJobs)
      .values({ recordId, userId, stage: 'translate', locale, updatedAt: now })
      .onConflictDoUpdate({ target: transcriptionJobs.recordId, set: { stage: 'translate', updatedAt: now } }),
    db.update(records).set({ translationLanguage: language, status: 'translating', errorReason: null, updatedAt: now }).where(eq(records.id, recordId)),
  ]);
  await enqueue([{ kind: 'translate', recordId }]);
  return ownedRecord(db, userId, recordId);
}

/** Containers every browser plays, with the type each is served as; other uploads are played from the job's extracted audio. */
const PLAYABLE = {
  mp3: { kind: 'audio', type: 'audio/mpeg' },
  wav: { kind: 'audio', type: 'audio/wav' },
  ogg: { kind: 'audio', type: 'audio/ogg' },
  mp4: { kind: 'video', type: 'video/mp4' },
} as const;

/** The stored object a record's player plays, what it is, and the type it is served as. */
export interface PlayableMedia {
  key: string;
  kind: MediaSource['kind'];
  type: string;
}

/**
 * What the player plays: the upload when every browser plays its container and it is still stored (its
 * retention may have removed it), else the compressed audio the extraction kept, else the WAV of a meeting or
 * of a record from before that audio was made.
 */
export async function playableMedia(media: R2Bucket, record: Pick<RecordEntity, 'id' | 'mediaKey'>): Promise<PlayableMedia> {
  const ext = record.mediaKey ? extensionOf(record.mediaKey) : '';
  if (record.mediaKey && ext in PLAYABLE && (await media.head(record.mediaKey))) {
    return { key: record.mediaKey, ...PLAYABLE[ext as keyof typeof PLAYABLE] };
  }
  if (await media.head(playerAudioKey(record.id))) return { key: playerAudioKey(record.id), kind: 'audio', type: 'audio/mp4' };
  if (await media.head(audioKey(record.id))) return { key: audioKey(record.id), kind: 'audio', type: 'audio/wav' };
  throw new ApiError(Code.NOT_FOUND, 'mediaMissing');
}

/** The owner's player's media, by a presigned URL. */
export async function mediaSource(db: Db, env: Env, origin: string, userId: number, recordId: number): Promise<MediaSource> {
  const record = await ownedRecord(db, userId, recordId);
  const target = await s3Target(env, origin);
  const { key, kind } = await playableMedia(env.MEDIA, record);
  return { url: await presignGet(target, key), kind };
}

/** The owner's record's word timings, for the player to seek to a clicked word. */
export async function recordWords(db: Db, env: Env, userId: number, recordId: number) {
  await ownedRecord(db, userId, recordId);
  return readWords(env.MEDIA, recordId);
}
