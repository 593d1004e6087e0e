import { and, eq } from 'drizzle-orm';
import SrtParser from 'srt-parser-2';
import { DUB_UPLOAD } from '../../../contracts/constants';
import type { DubForm } from '../../../contracts/dubbing';
import { SRT_MAX_BYTES, type SrtFileType } from '../../../contracts/upload-files';
import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import { disjointLines } from '../../../contracts/timeline';
import type { Db } from '../../db/client';
import { dubProjects, records, segments, transcriptionJobs, uploads } from '../../db/schema';
import { chunks, runBatch } from '../../lib/batch';
import { randomToken } from '../../lib/encoding';
import { ApiError } from '../../lib/errors';
import { targetFolder } from '../folders';
import type { Enqueue } from '../jobs';
import { checkLanguages } from '../languages';
import { ownedRecord } from '../records';
import { check, checkRecognitionLanguage } from '../rights';
import { startDubbing } from './run';
import { requireVoices } from './voices';

/**
 * Starting dubbing projects (spec §7 transwrite under /speech/video/transcribe, /file/upload for SRT) and
 * running them again (videoSynthesis): every check — the upload, the languages, a voice for the spoken
 * language, the AI voiceover package — happens before anything is created.
 */

const srtPrefix = (userId: number) => `srt/${userId}/`;

/** `POST /file/upload`: stores an SRT for a later dub form; its `url` is only meaningful to this user's transwrite. */
export async function storeSrt(env: Env, userId: number, file: File) {
  if (!/\.srt$/i.test(file.name)) throw new ApiError(Code.BAD_REQUEST, 'srtFormat');
  if (file.size > SRT_MAX_BYTES) throw new ApiError(Code.BAD_REQUEST, 'srtTooLarge', { mb: SRT_MAX_BYTES / 1024 / 1024 });
  const text = await file.text();
  if (parseSrt(text, '1').length === 0) throw new ApiError(Code.BAD_REQUEST, 'srtEmpty');
  const key = `${srtPrefix(userId)}${randomToken(12)}.srt`;
  await env.MEDIA.put(key, text, { httpMetadata: { contentType: 'application/x-subrip; charset=utf-8' } });
  return { url: key, name: file.name };
}

interface ImportedLine {
  start: number;
  end: number;
  text: string;
  translation: string;
}

/** SRT cues as lines; a bilingual cue's first line is the source text and the rest its translation. */
export function parseSrt(text: string, kind: SrtFileType, durationMs?: number): ImportedLine[] {
  const cues = new SrtParser().fromSrt(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  const lines = cues
    .filter((c) => Number.isFinite(c.startSeconds) && c.endSeconds > c.startSeconds && c.text.trim() !== '')
    .sort((a, b) => a.startSeconds - b.startSeconds)
    .map((c) => {
      const rows = c.text
        .split('\n')
        .map((r) => r.replace(/<[^>]+>/g, '').trim())
        .filter(Boolean);
      const all = rows.join(' ');
      const [first = '', ...rest] = rows;
      const start = Math.round(c.startSeconds * 1000);
      const end = Math.round(c.endSeconds * 1000);
      if (kind === '3') return { start, end, text: first, translation: rest.join(' ') || first };
      return { start, end, text: all, translation: kind === '2' ? all : '' };
    });
  // Subtitle files often let one cue run into the next: the project keeps the editor's rule from the start.
  return disjointLines(lines, durationMs);
}

async function loadSrt(env: Env, userId: number, form: DubForm, durationMs: number) {
  if (!form.srtUrl) return null;
  if (!form.srtFileType) throw new ApiError(Code.BAD_REQUEST, 'srtKindMissing');
  // The url names an object under the user's own prefix, so one user cannot import another's file.
  if (!form.srtUrl.startsWith(srtPrefix(userId)) || form.srtUrl.includes('..')) throw new ApiError(Code.NOT_FOUND, 'srtMissing');
  const object = await env.MEDIA.get(form.srtUrl);
  if (!object) throw new ApiError(Code.NOT_FOUND, 'srtMissing');
  const lines = parseSrt(await object.text(), form.srtFileType, durationMs);
  if (lines.length === 0) throw new ApiError(Code.BAD_REQUEST, 'srtEmpty');
  return lines;
}

export async function submitDubbing(db: Db, env: Env, userId: number, locale: Locale, ids: number[], form: DubForm, enqueue: Enqueue) {
  const file = await db.query.uploads.findFirst({ where: and(eq(uploads.id, ids[0]!), eq(uploads.userId, userId), eq(uploads.kind, 'dubbing')) });
  if (!file) throw new ApiError(Code.NOT_FOUND, 'uploadNotFound');
  if (file.state !== 'uploaded') throw new ApiError(Code.CONFLICT, 'uploadNotReady');
  const imported = await loadSrt(env, userId, form, file.durationMs ?? 0);
  // A translation or bilingual SRT already says what to speak: nothing is recognised or translated.
  const recognise = imported === null;
  const translate = imported === null || form.srtFileType === '1';
  await checkLanguages(env, form.audioLanguage, recognise ? 'file' : null, translate && form.translationLanguage ? [form.translationLanguage] : []);
  await requireVoices(env, form.translationLanguage ?? form.audioLanguage);
  if (recognise) await checkRecognitionLanguage(db, userId, form.audioLanguage);
  const seconds = Math.max(1, Math.ceil((file.durationMs ?? 0) / 1000));
  await check(db, userId, 'dubbing', seconds);

  const [claimed] = await db
    .update(uploads)
    .set({ state: 'submitted', uploadId: null })
    .where(and(eq(uploads.id, file.id), eq(uploads.state, 'uploaded')))
    .returning();
  if (!claimed) throw new ApiError(Code.CONFLICT, 'uploadNotReady');
  const folder = await targetFolder(db, userId, form.folderId || undefined);
  const now = Date.now();
  const [record] = await db
    .insert(records)
    .values({
      userId,
      folderId: folder.id,
      name: claimed.name.replace(/\.[^.]+$/, '') || claimed.name,
      type: 'dubbing',
      status: 'dub_start',
      durationMs: claimed.durationMs ?? 0,
      audioLanguage: form.audioLanguage,
      translationLanguage: form.translationLanguage,
      mediaKey: claimed.objectName,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const recordId = record!.id;
  const speaker = form.maxSpeakersAuto || form.maxSpeakers >= 2;
  const target = form.translationLanguage;
  const stage = recognise ? 'prepare' : translate && target ? 'translate' : 'done';
  await runBatch(db, [
    db.update(uploads).set({ recordId }).where(eq(uploads.id, claimed.id)),
    db.insert(dubProjects).values({
      recordId,
      userId,
      form,
      stage: stage === 'prepare' ? 'transcribing' : stage === 'translate' ? 'translating' : 'synthesizing',
      updatedAt: now,
    }),
    db.insert(transcriptionJobs).values({
      recordId,
      userId,
      stage,
      speaker: recognise && speaker,
      maxSpeakers: recognise && speaker && !form.maxSpeakersAuto ? form.maxSpeakers : null,
      locale,
      updatedAt: now,
    }),
    ...chunks(imported ?? [], 12).map((part, n) =>
      db.insert(segments).values(
        part.map((line, i) => ({
          recordId,
          seq: n * 12 + i,
          startMs: line.start,
          durationMs: line.end - line.start,
          text: line.text,
          translations: target && line.translation ? { [target]: line.translation } : {},
        })),
      ),
    ),
  ]);
  if (stage === 'prepare') await enqueue([{ kind: 'prepare', recordId }]);
  else if (stage === 'translate') await enqueue([{ kind: 'translate', recordId }]);
  else await startDubbing(db, enqueue, recordId);
  return [recordId];
}

/** The seconds a re-dub charges (spec §9: half the video's length). */
export const redubSeconds = (durationMs: number) => Math.ceil(Math.max(1, Math.round(durationMs / 1000)) * DUB_UPLOAD.redubChargeRatio);

/**
 * `videoSynthesis`: dub the project again. A failed project resumes where it failed (recognition,
 * translation or speech) at no extra charge; a complete one is re-dubbed for half its length, once
 * something was changed, so a stray click does not charge for the same video again.
 */
export async function redub(db: Db, env: Env, userId: number, recordId: number, enqueue: Enqueue, changedLines: () => Promise<number>) {
  const record = await ownedRecord(db, userId, recordId);
  if (record.type !== 'dubbing') throw new ApiError(Code.NOT_FOUND, 'recordNotFound');
  const job = await db.query.transcriptionJobs.findFirst({ where: eq(transcriptionJobs.recordId, recordId) });
  if (record.status === 'dub_err' && job?.stage === 'failed') {
    const lines = await db.$count(segments, eq(segments.recordId, recordId));
    const now = Date.now();
    if (lines === 0) {
      // The pieces already heard stay: prepare sends only the rest (transcription/pipeline.ts), as a file's retry does.
      await db.batch([
        db.update(transcriptionJobs).set({ stage: 'prepare', updatedAt: now }).where(eq(transcriptionJobs.recordId, recordId)),
        db.update(dubProjects).set({ stage: 'transcribing', progress: 0, updatedAt: now }).where(eq(dubProjects.recordId, recordId)),
        db.update(records).set({ status: 'dub_start', errorReason: null, updatedAt: now }).where(eq(records.id, recordId)),
      ]);
      await enqueue([{ kind: 'prepare', recordId }]);
    } else if (!record.translationLanguage) {
      await db.update(transcriptionJobs).set({ stage: 'done', updatedAt: now }).where(eq(transcriptionJobs.recordId, recordId));
      await startDubbing(db, enqueue, recordId);
    } else {
      await db.batch([
        db.update(transcriptionJobs).set({ stage: 'translate', updatedAt: now }).where(eq(transcriptionJobs.recordId, recordId)),
        db.update(dubProjects).set({ stage: 'translating', progress: 0, updatedAt: now }).where(eq(dubProjects.recordId, recordId)),
        db.update(records).set({ status: 'dub_start', errorReason: null, updatedAt: now }).where(eq(records.id, recordId)),
      ]);
      await enqueue([{ kind: 'translate', recordId }]);
    }
    return;
  }
  if (record.status === 'dub_err') return startDubbing(db, enqueue, recordId);
  if (record.status !== 'dub_complete') throw new ApiError(Code.CONFLICT, 'dubBusy');
  // Nothing changed means nothing to speak again: refused before any charge, with the count the editor shows.
  if ((await changedLines()) === 0) throw new ApiError(Code.CONFLICT, 'dubNothingChanged', {}, { changedLines: 0 });
  if (!(record.mediaKey && (await env.MEDIA.head(record.mediaKey)))) throw new ApiError(Code.GONE, 'videoMissing');
  await check(db, userId, 'dubbing', redubSeconds(record.durationMs));
  await startDubbing(db, enqueue, recordId);
}

/** Lines of a project that is being dubbed cannot change under the engine. */
export function assertEditable(status: string) {
  if (status === 'dub_start' || status === 'dubbing') throw new ApiError(Code.CONFLICT, 'dubBusy');
}
