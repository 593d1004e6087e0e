import { and, desc, eq } from 'drizzle-orm';
import { LOCAL_UPLOAD } from '../../../contracts/constants';
import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import type { LatestTask, TranscribeForm } from '../../../contracts/transcription';
import type { AppliedVocabulary } from '../../../contracts/vocabulary';
import type { Db } from '../../db/client';
import { records, transcriptionJobs, uploads } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { targetFolder } from '../folders';
import type { Enqueue } from '../jobs';
import { ownedRecord } from '../records';
import { check, checkRecognitionLanguage } from '../rights';
import { checkLanguages } from '../languages';
import { resolveVocabulary } from '../vocabulary/resolve';

/**
 * Starting, and restarting, file transcriptions: `transwrite` checks the upload, the languages and the
 * user's quota before anything is created, then creates the record (`transcribing`) and its job and
 * enqueues the first stage. A refused submission keeps the dialog's choices on the upload for recovery.
 */

export async function submitTranscription(db: Db, env: Env, userId: number, locale: Locale, ids: number[], form: TranscribeForm, enqueue: Enqueue) {
  const files = await Promise.all(
    ids.map((id) => db.query.uploads.findFirst({ where: and(eq(uploads.id, id), eq(uploads.userId, userId), eq(uploads.kind, 'transcription')) })),
  );
  if (files.some((f) => !f)) throw new ApiError(Code.NOT_FOUND, 'uploadNotFound');
  if (files.some((f) => f!.state !== 'uploaded')) throw new ApiError(Code.CONFLICT, 'uploadNotReady');
  await checkLanguages(env, form.audioLanguage, 'file', form.translationLanguage ? [form.translationLanguage] : []);
  const seconds = files.reduce((sum, f) => sum + Math.ceil((f!.durationMs ?? 0) / 1000), 0);
  let vocabulary: AppliedVocabulary;
  try {
    await checkRecognitionLanguage(db, userId, form.audioLanguage);
    await check(db, userId, 'upload', seconds);
    // Resolved now, not when the job runs: a refused library stops the submission before any work, and a
    // library edited later does not change a job already under way.
    vocabulary = await resolveVocabulary(db, userId, form.documentIds ?? []);
  } catch (err) {
    // Keep the choices so that, after paying, reopening the dialog resumes this very submission.
    for (const f of files) await db.update(uploads).set({ form }).where(eq(uploads.id, f!.id));
    throw err;
  }

  const folder = await targetFolder(db, userId, form.folderId || undefined);
  const now = Date.now();
  const created: number[] = [];
  for (const file of files) {
    // Claiming the upload first means a double-clicked submit creates one record, not two. The record owns the
    // file from now on, and it and its job keep the choices: the upload keeps neither them nor the multipart id
    // that named it (schema.ts, uploads).
    const [claimed] = await db
      .update(uploads)
      .set({ state: 'submitted', form: null, uploadId: null })
      .where(and(eq(uploads.id, file!.id), eq(uploads.state, 'uploaded')))
      .returning();
    if (!claimed) throw new ApiError(Code.CONFLICT, 'uploadNotReady');
    const [record] = await db
      .insert(records)
      .values({
        userId,
        folderId: folder.id,
        name: files.length > 1 ? `${form.showName} (${created.length + 1})` : form.showName,
        type: 'transcription',
        status: 'transcribing',
        durationMs: claimed.durationMs ?? 0,
        audioLanguage: form.audioLanguage,
        translationLanguage: form.translationLanguage,
        mediaKey: claimed.objectName,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await db.batch([
      db.update(uploads).set({ recordId: record!.id }).where(eq(uploads.id, claimed.id)),
      db.insert(transcriptionJobs).values({
        recordId: record!.id,
        userId,
        stage: 'prepare',
        speaker: form.speaker === '1',
        // null: the engine estimates the count (its clustering picks the clearest split).
        maxSpeakers: form.speaker === '1' && !form.maxSpeakersAuto ? form.maxSpeakers : null,
        locale,
        vocabulary: nonEmpty(vocabulary),
        updatedAt: now,
      }),
    ]);
    created.push(record!.id);
  }
  await enqueue(created.map((recordId) => ({ kind: 'prepare', recordId })));
  return created;
}

/** The lists of `vocabulary` that hold something: most jobs apply none, and each job's row stays with its record (bench:storage). */
function nonEmpty(vocabulary: AppliedVocabulary): Partial<AppliedVocabulary> {
  return Object.fromEntries(Object.entries(vocabulary).filter(([, list]) => list.length > 0));
}

/** The retry action of a failed record: transcription resumes from what it heard, a failed translation is tried again. */
export async function retryTranscription(db: Db, userId: number, recordId: number, enqueue: Enqueue) {
  const record = await ownedRecord(db, userId, recordId);
  const job = await db.query.transcriptionJobs.findFirst({ where: eq(transcriptionJobs.recordId, recordId) });
  const now = Date.now();
  if (job && record.status === 'transcription_err') {
    // The pieces already heard stay: prepare sends only the rest (pipeline.ts), so a retry never starts from zero.
    await db.batch([
      db.update(transcriptionJobs).set({ stage: 'prepare', updatedAt: now }).where(eq(transcriptionJobs.recordId, recordId)),
      db.update(records).set({ status: 'transcribing', errorReason: null, updatedAt: now }).where(eq(records.id, recordId)),
    ]);
    await enqueue([{ kind: 'prepare', recordId }]);
  } else if (job && record.status === 'translation_err') {
    await db.batch([
      db.update(transcriptionJobs).set({ stage: 'translate', updatedAt: now }).where(eq(transcriptionJobs.recordId, recordId)),
      db.update(records).set({ status: 'translating', errorReason: null, updatedAt: now }).where(eq(records.id, recordId)),
    ]);
    await enqueue([{ kind: 'translate', recordId }]);
  } else {
    throw new ApiError(Code.CONFLICT, 'retryNotFailed');
  }
  return ownedRecord(db, userId, recordId);
}

const TASK_STATE = { uploading: 'UPLOADING', uploaded: 'TRANSCRIBED', submitted: 'SUBMITTED' } as const;

/** The choices a submitted upload was transcribed with, as its record and job keep them. */
async function submittedChoices(db: Db, recordId: number | null) {
  if (recordId === null) return null;
  const [choices] = await db
    .select({
      showName: records.name,
      audioLanguage: records.audioLanguage,
      translationLanguage: records.translationLanguage,
      speaker: transcriptionJobs.speaker,
      maxSpeakers: transcriptionJobs.maxSpeakers,
    })
    .from(records)
    .innerJoin(transcriptionJobs, eq(transcriptionJobs.recordId, records.id))
    .where(eq(records.id, recordId));
  if (!choices) return null;
  const { maxSpeakers, ...rest } = choices;
  return { ...rest, speaker: choices.speaker ? '1' : '0', maxSpeakers: maxSpeakers ?? undefined, maxSpeakersAuto: choices.speaker && maxSpeakers === null };
}

/** The user's newest upload as the spec's latest-task record, or null when there is none. */
export async function latestTask(db: Db, userId: number): Promise<LatestTask | null> {
  const row = await db.query.uploads.findFirst({ where: eq(uploads.userId, userId), orderBy: [desc(uploads.createdAt), desc(uploads.id)] });
  if (!row) return null;
  const form = row.state === 'submitted' ? await submittedChoices(db, row.recordId) : row.form;
  return {
    id: row.id,
    showName: form?.showName ?? row.name.replace(/\.[^.]+$/, ''),
    languages: form?.audioLanguage ?? 'zh-CN',
    targetLanguages: form?.translationLanguage ?? '',
    speaker: JSON.stringify({
      enabled: form?.speaker === '1',
      maxSpeakers: form?.maxSpeakers ?? LOCAL_UPLOAD.speakers.default,
      maxSpeakersAuto: form?.maxSpeakersAuto === true,
    }),
    duration: (row.durationMs ?? 0) / 1000,
    videoCover: '',
    state: TASK_STATE[row.state],
  };
}
