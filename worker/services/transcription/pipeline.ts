import { and, eq, inArray, sql } from 'drizzle-orm';
import { ENGINE_PATHS } from '../../../contracts/engine';
import type { DiarizeResponse, ExtractJobResult } from '../../../contracts/engine';
import { CHUNK_MAX_SECONDS } from '../../../contracts/jobs';
import type { JobMessage, JobOf } from '../../../contracts/jobs';
import type { RecordStatus } from '../../../contracts/record-vocabulary';
import { isLocale } from '../../../contracts/locale';
import { sensitiveMasker } from '../../../contracts/sensitive';
import { disjointSpans } from '../../../contracts/timeline';
import type { Db } from '../../db/client';
import { jobChunks, records, segments, transcriptionJobs } from '../../db/schema';
import { chunks, runBatch } from '../../lib/batch';
import { translate as message } from '../../lib/i18n';
import { type Enqueue, JobFailure } from '../jobs';
import { lineWhere, replaceLines } from '../lines';
import { charge } from '../rights';
import { ProviderError, providers } from '../providers';
import { translationBatches } from '../../../contracts/translation-batches';
import { sha256 } from '../../lib/encoding';
import { engineJob } from '../engine-jobs';
import { engineS3Target, jobCheckpoint, presignGet, presignPut } from '../storage';
import { BYTES_PER_SECOND, audioKey, dropWorkingAudio, extractionSource, playerAudioKey } from './audio';
import { recognisePiece } from './piece';
import { pieceProgress } from './piece-progress';
import { dropPieces, type HeardLine, readPieces, storePiece } from './pieces';
import { planPieces, splitLongLines } from './plan';
import { storeWords } from './words';
import { nameSpeakers } from '../voices';
import type { Voiceprint } from '../../../contracts/voiceprints';

/**
 * The stages of a file transcription, one queue message each (contracts/jobs.ts), for transcribed files and
 * dubbing projects alike. Each stage reads the job row first and does nothing that was already done: pieces
 * are stored once by (record, index) (what they heard in R2, until the lines are stored), lines are rewritten as a whole in one batch, and the charge is unique
 * by record — so a redelivered or duplicated message never duplicates lines or charges twice. Next-stage and
 * hand-on messages are sent before the stage is marked finished, so a crash in between repeats work instead
 * of stalling the job. What follows the lines (the summary, the dubbing) is handed on by a `transcribed`
 * message, never called from here.
 */

type Job = typeof transcriptionJobs.$inferSelect;

async function loadJob(db: Db, recordId: number) {
  const job = await db.query.transcriptionJobs.findFirst({ where: eq(transcriptionJobs.recordId, recordId) });
  const record = job && (await db.query.records.findFirst({ where: eq(records.id, recordId) }));
  return job && record ? { job, record } : undefined;
}

const setStage = (db: Db, recordId: number, stage: Job['stage'], from: Job['stage'][]) =>
  db
    .update(transcriptionJobs)
    .set({ stage, updatedAt: Date.now() })
    .where(and(eq(transcriptionJobs.recordId, recordId), inArray(transcriptionJobs.stage, from)))
    .returning({ recordId: transcriptionJobs.recordId });

/** Seconds between looks at a running extraction: a short file is ready at the first look. */
const EXTRACT_POLL_SECONDS = 5;

/**
 * Has the engine extract the audio once to a WAV in R2 and find speech (an engine-side job: the upload is read
 * and the audio written by presigned URL, never passing through here), then fans out one message per piece.
 * The same extraction stores the player's compressed audio. A retry after the upload was removed by its
 * retention (ORIGINAL_RETENTION_DAYS) extracts from that compressed audio instead.
 */
async function prepare(db: Db, env: Env, recordId: number, enqueue: Enqueue) {
  const loaded = await loadJob(db, recordId);
  if (loaded?.job.stage !== 'prepare') return;
  const { job, record } = loaded;
  // Started again (a lost engine, the sweep, the retry action) after the audio was extracted and planned: the
  // pieces are where the work stands, so only those not yet heard are sent, and nothing is extracted again.
  if (job.chunkCount > 0 && (await env.MEDIA.head(audioKey(recordId)))) {
    const planned = await db.query.jobChunks.findMany({ columns: { idx: true, done: true }, where: eq(jobChunks.recordId, recordId) });
    if (planned.length === job.chunkCount) {
      await enqueue(piecesLeft(recordId, planned));
      await setStage(db, recordId, 'chunks', ['prepare']);
      return;
    }
  }
  const source = await extractionSource(env.MEDIA, recordId, record.mediaKey);
  if (!source) throw new JobFailure('the uploaded file is missing');
  const fromUpload = source === record.mediaKey;
  const extract = (id: string) =>
    engineJob<ExtractJobResult>(
      env,
      ENGINE_PATHS.extractJob,
      id,
      async () => {
        const target = await engineS3Target(env);
        return {
          url: await presignGet(target, source),
          put: await presignPut(target, audioKey(recordId)),
          checkpoint: await jobCheckpoint(target, audioKey(recordId)),
          // Never written over the object being read; never for a dubbing project, whose editor plays its video.
          ...(fromUpload && record.type !== 'dubbing' ? { player: await presignPut(target, playerAudioKey(recordId)) } : {}),
        };
      },
      EXTRACT_POLL_SECONDS,
    );
  // The source names the job, so a record made again from another upload never collects an older one's audio.
  const id = `extract-${recordId}-${(await sha256(source)).slice(0, 16)}`;
  let extracted = await extract(id);
  // An engine keeps a finished job's answer a while: one from before this record's WAV was removed (a retry
  // after its transcript was made) is extracted again, under this attempt's id.
  if (!(await env.MEDIA.head(audioKey(recordId)))) extracted = await extract(`${id}-${job.updatedAt}`);
  const pieces = planPieces(extracted.segments, extracted.bytes / BYTES_PER_SECOND, Number(env.TRANSCRIBE_PIECE_SECONDS) || CHUNK_MAX_SECONDS);

  const rows = pieces.map((p, idx) => ({ recordId, idx, startMs: Math.round(p.start * 1000), endMs: Math.round(p.end * 1000) }));
  await runBatch(
    db,
    chunks(rows, 20).map((part) => db.insert(jobChunks).values(part).onConflictDoNothing()),
  );
  await db.update(transcriptionJobs).set({ chunkCount: rows.length }).where(eq(transcriptionJobs.recordId, recordId));
  await enqueue(rows.length ? rows.map(({ idx }) => ({ kind: 'chunk', recordId, idx })) : [{ kind: 'assemble', recordId }]);
  await setStage(db, recordId, 'chunks', ['prepare']);
}

/** The messages that finish a job's pieces: one per piece not yet heard, or the assembly when all were. */
function piecesLeft(recordId: number, planned: { idx: number; done: boolean }[]): JobMessage[] {
  const left = planned.filter((p) => !p.done);
  return left.length ? left.map(({ idx }) => ({ kind: 'chunk', recordId, idx })) : [{ kind: 'assemble', recordId }];
}

/**
 * What sends a job's current stage again (the hourly sweep, for a stage that went quiet): every stage is
 * idempotent, so this repeats nothing done; for the pieces, only those not yet heard.
 */
export async function stageMessages(db: Db, recordId: number, stage: Job['stage']): Promise<JobMessage[]> {
  switch (stage) {
    case 'prepare':
    case 'assemble':
    case 'translate':
      return [{ kind: stage, recordId }];
    case 'chunks':
      return piecesLeft(recordId, await db.query.jobChunks.findMany({ columns: { idx: true, done: true }, where: eq(jobChunks.recordId, recordId) }));
    default:
      return [];
  }
}

/** Recognises one piece; when it is the last one outstanding, asks for assembly. */
async function recognise(db: Db, env: Env, recordId: number, idx: number, enqueue: Enqueue) {
  const loaded = await loadJob(db, recordId);
  const piece = await db.query.jobChunks.findFirst({ where: and(eq(jobChunks.recordId, recordId), eq(jobChunks.idx, idx)) });
  if (!loaded || !piece || !['prepare', 'chunks'].includes(loaded.job.stage)) return;
  if (!piece.done) {
    const progress = pieceProgress(db, recordId, idx);
    const segments = await recognisePiece(env, recordId, piece.startMs, piece.endMs, {
      language: loaded.record.audioLanguage,
      embeddings: loaded.job.speaker,
      hotwords: loaded.job.vocabulary.hotwords,
      onProgress: progress.heard,
    }).finally(progress.settled);
    const lines: HeardLine[] = segments.map((s) => ({
      start: s.start,
      end: s.end,
      text: s.text,
      ...(s.embedding ? { embedding: s.embedding } : {}),
      ...(s.pitch ? { pitch: s.pitch } : {}),
      ...(s.words ? { words: s.words } : {}),
    }));
    if (!(await storePiece(db, env.MEDIA, recordId, idx, lines))) return;
  }
  // Parallel last pieces may both see none left and both ask: assembly does its work once.
  const [left] = await db
    .select({ n: sql<number>`count(*)` })
    .from(jobChunks)
    .where(and(eq(jobChunks.recordId, recordId), eq(jobChunks.done, false)));
  if (left!.n === 0) await enqueue([{ kind: 'assemble', recordId }]);
}

/** Orders all pieces' lines, labels speakers across the whole file, splits long lines, stores them, charges. */
async function assemble(db: Db, env: Env, recordId: number, enqueue: Enqueue) {
  const loaded = await loadJob(db, recordId);
  if (!loaded) return;
  // A repeated assembly after the lines were stored only finishes the clean-up a crash may have cut short.
  if (['translate', 'done'].includes(loaded.job.stage)) return dropWorkState(db, env.MEDIA, recordId, loaded.record.type === 'dubbing');
  if (!['prepare', 'chunks', 'assemble'].includes(loaded.job.stage)) return;
  const { job, record } = loaded;
  const pieces = await db.query.jobChunks.findMany({ where: eq(jobChunks.recordId, recordId), orderBy: jobChunks.idx });
  if (pieces.length !== job.chunkCount || pieces.some((p) => !p.done)) return; // a later message completes it
  await setStage(db, recordId, 'assemble', ['prepare', 'chunks']);

  const heard = (await readPieces(env.MEDIA, recordId, job.chunkCount)).flat().sort((a, b) => a.start - b.start);
  let speakers: string[] = [];
  let voiceprints = new Map<string, Voiceprint>();
  if (job.speaker && heard.length > 0 && heard.every((h) => h.embedding)) {
    const labels = await providers(env).engine.postJson<DiarizeResponse>(ENGINE_PATHS.cluster, {
      embeddings: heard.map((h) => h.embedding),
      seconds: heard.map((h) => h.end - h.start),
      pitches: heard.map((h) => h.pitch ?? 0),
      ...(job.maxSpeakers ? { maxSpeakers: Math.min(job.maxSpeakers, heard.length) } : {}),
    });
    const locale = isLocale(job.locale) ? job.locale : 'en-US';
    // A voice the user saved as a profile is named after it; others are "Speaker N".
    ({ names: speakers, voiceprints } = await nameSpeakers(db, record.userId, heard, labels.labels, (n) => message(locale, 'speakerName', { n })));
  }
  const lines = splitLongLines(heard.map((h, i) => ({ ...h, speaker: speakers[i] ?? '' })));
  // Whatever the recogniser (engine, Workers AI, an OpenAI-compatible one) and however the pieces were cut,
  // the lines stored are in order, disjoint and inside the media, so the editor accepts them back as they are.
  const spans = disjointSpans(
    lines.map((l) => ({ start: l.start * 1000, end: l.end * 1000 })),
    record.durationMs,
  );
  // Masked before they are stored, so the transcript, its shares, exports and summaries never hold the words.
  const mask = sensitiveMasker(job.vocabulary.sensitive ?? [], record.audioLanguage);
  const rows = lines.map((l, seq) => ({
    startMs: spans[seq]!.start,
    endMs: spans[seq]!.end,
    text: mask(l.text),
    speaker: l.speaker,
    pitchHz: l.pitch ?? null,
    translations: {},
  }));
  // One batch, one transaction: the record never shows half of a rewrite.
  await runBatch(db, replaceLines(db, recordId, rows, voiceprints));
  await storeWords(env.MEDIA, recordId, lines, rows);

  if (record.type === 'dubbing') {
    // A dubbing project is charged when its video is dubbed, from its own package.
    if (rows.length === 0) throw new JobFailure('No speech was found in the video, so there is nothing to dub.');
  } else {
    const seconds = Math.max(1, Math.round(record.durationMs / 1000));
    await charge(env.DB, db, record.userId, 'upload', seconds, `transcription:${recordId}`);
  }
  const translating = record.translationLanguage !== null && rows.length > 0;
  await enqueue([{ kind: 'transcribed', recordId, step: 'recognised' }, ...(translating ? [{ kind: 'translate', recordId } as const] : [])]);
  if (translating) {
    if (record.type !== 'dubbing') await db.update(records).set({ status: 'translating', updatedAt: Date.now() }).where(eq(records.id, recordId));
    await setStage(db, recordId, 'translate', ['assemble']);
  } else {
    await setStage(db, recordId, 'done', ['assemble']);
  }
  await dropWorkState(db, env.MEDIA, recordId, record.type === 'dubbing');
}

/** The lines are stored: nothing reads what the pieces heard (word timings, embeddings) or the WAV they were cut from again. */
async function dropWorkState(db: Db, bucket: R2Bucket, recordId: number, playsVideo: boolean) {
  await dropPieces(db, bucket, recordId);
  await dropWorkingAudio(bucket, recordId, playsVideo);
}

/**
 * Translates the lines that still lack the record's target language, in batches sized to the translator's
 * context, storing each batch as it returns. A batch that fails leaves its lines without the language, which
 * marks them: the stage then fails (the queue retries it, the record's retry action restarts it) and the next
 * run translates only those lines, so nothing translated is lost or paid for twice.
 */
async function translateLines(db: Db, env: Env, recordId: number, enqueue: Enqueue) {
  const loaded = await loadJob(db, recordId);
  if (!loaded || !['assemble', 'translate'].includes(loaded.job.stage)) return;
  const { job, record } = loaded;
  const target = record.translationLanguage;
  if (!target) return;
  const stored = await db.query.segments.findMany({ where: eq(segments.recordId, recordId), orderBy: segments.seq });
  const lines = stored.filter((l) => l.translations[target] === undefined);
  const translator = providers(env).translate;
  // A translation can carry a listed word through unchanged (a name, a word the translator does not know).
  const mask = sensitiveMasker(job.vocabulary.sensitive ?? [], target);
  let untranslated = 0;
  let failure: unknown;
  for (const batch of translationBatches(lines, (l) => l.text)) {
    let texts: string[];
    try {
      texts = await translator.translate(
        record.audioLanguage,
        target,
        batch.map((l) => l.text),
        job.vocabulary.terms ?? [],
      );
    } catch (err) {
      untranslated += batch.length;
      failure = err;
      continue;
    }
    await runBatch(
      db,
      batch.map((line, i) =>
        db
          .update(segments)
          .set({ translations: { ...line.translations, [target]: mask(texts[i] ?? '') } })
          .where(lineWhere(line)),
      ),
    );
  }
  if (failure) throw untranslatedLines(failure, untranslated, stored.length);
  await enqueue([{ kind: 'transcribed', recordId, step: 'translated' }]);
  await setStage(db, recordId, 'done', ['assemble', 'translate']);
}

/** The error a partly translated record fails with: the provider's (so a 4xx stays final), naming how many lines wait. */
function untranslatedLines(failure: unknown, missing: number, total: number) {
  const message = `${missing} of ${total} lines are not translated yet: ${failure instanceof Error ? failure.message : String(failure)}`;
  return failure instanceof ProviderError ? new ProviderError(message, failure.status, failure.code) : new Error(message);
}

/** The stages of a transcription job; what follows them belongs to the features they hand on to. */
export async function runTranscriptionStage(db: Db, env: Env, msg: JobOf<'prepare' | 'chunk' | 'assemble' | 'translate'>, enqueue: Enqueue) {
  switch (msg.kind) {
    case 'prepare':
      return prepare(db, env, msg.recordId, enqueue);
    case 'chunk':
      return recognise(db, env, msg.recordId, msg.idx, enqueue);
    case 'assemble':
      return assemble(db, env, msg.recordId, enqueue);
    case 'translate':
      return translateLines(db, env, msg.recordId, enqueue);
  }
}

/** Where a transcribed file's `transcribed` hand-on leaves it: complete, or still waiting for its translation. */
const COMPLETES: Record<JobOf<'transcribed'>['step'], { from: RecordStatus; to: RecordStatus; failed: RecordStatus }> = {
  recognised: { from: 'transcribing', to: 'transcription_completed', failed: 'transcription_err' },
  translated: { from: 'translating', to: 'translation_completed', failed: 'translation_err' },
};

/**
 * A transcribed file turns complete on its own hand-on, after the summary took it (queues/jobs.ts), so its
 * page never shows a finished record without its summary under way. Only a record still at the step's
 * status moves, so a redelivered hand-on changes nothing; dubbing projects never pass these statuses. Answers
 * whether it moved (once per completion, so its webhook goes out once).
 */
export async function completeTranscription(db: Db, msg: JobOf<'transcribed'>) {
  const { from, to } = COMPLETES[msg.step];
  const moved = await db
    .update(records)
    .set({ status: to, errorReason: null, updatedAt: Date.now() })
    .where(and(eq(records.id, msg.recordId), eq(records.status, from)))
    .returning({ id: records.id });
  return moved.length > 0;
}

/** A hand-on that could not be handled ends a file still waiting to turn complete with the reason; the retry action starts again. Answers whether it did. */
export async function failTranscribed(db: Db, msg: JobOf<'transcribed'>, reason: string) {
  const { from, failed } = COMPLETES[msg.step];
  const moved = await db
    .update(records)
    .set({ status: failed, errorReason: reason.slice(0, 500), updatedAt: Date.now() })
    .where(and(eq(records.id, msg.recordId), eq(records.status, from)))
    .returning({ id: records.id });
  return moved.length > 0;
}

/**
 * Ends a job with its reason kept on the record; the retry action starts again from the failed stage, keeping
 * the pieces already heard. A
 * dubbing project keeps the reason on the project instead (dubbing's own handler, queues/jobs.ts). Answers
 * whether it ended a transcribed file (its owner's webhooks are told).
 */
export async function failJob(db: Db, recordId: number, reason: string) {
  const loaded = await loadJob(db, recordId);
  if (!loaded || loaded.job.stage === 'done' || loaded.job.stage === 'failed') return false;
  if (loaded.record.type !== 'dubbing') {
    const status = loaded.job.stage === 'translate' ? 'translation_err' : 'transcription_err';
    await db
      .update(records)
      .set({ status, errorReason: reason.slice(0, 500), updatedAt: Date.now() })
      .where(eq(records.id, recordId));
  }
  await db.update(transcriptionJobs).set({ stage: 'failed', updatedAt: Date.now() }).where(eq(transcriptionJobs.recordId, recordId));
  // What the pieces heard stays (the failure may have been a service down for too long): the retry starts
  // from them (prepare) rather than from zero. Deleting the record removes them with it.
  return loaded.record.type !== 'dubbing';
}
