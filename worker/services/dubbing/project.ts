import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../contracts/errors';
import { DUB_LINE_MAX_CHARS } from '../../../contracts/dubbing';
import type {
  DubIteration,
  DubLineRow,
  DubProject,
  DubSpeaker,
  DubVoiceMode,
  dubEditSpeakerBody,
  dubEditsBody,
  dubLinesQuery,
} from '../../../contracts/dubbing';
import { CLONE_PREFIX } from '../../../contracts/dubbing-engine';
import type { Page } from '../../../contracts/records';
import { disjointSpans } from '../../../contracts/timeline';
import { translationBatches } from '../../../contracts/translation-batches';
import type { Db } from '../../db/client';
import { dubIterations, dubLines, dubProjects, segments } from '../../db/schema';
import { runBatch } from '../../lib/batch';
import { ApiError } from '../../lib/errors';
import { providers } from '../providers';
import { assertLineTimes } from '../line-rules';
import { lineWhere, renameSpeaker, storedLines } from '../lines';
import { progressOf } from '../job-progress';
import { ownedRecord, recordRow, withProgress } from '../records';
import { presignGet, s3Target } from '../storage';
import { saveIteration } from './iterations';
import { spokenLanguage, spokenText } from './run';
import { assertEditable, redubSeconds } from './submit';
import { castVoices, dubCatalog, voicesFor } from './voices';

/**
 * The dubbing editor's reads and edits (spec §7 getFileByTaskId, getFileDataContentPageList, edits,
 * getSpeakerList, editSpeaker, createIteration, getIteration; §5 subtitle editing rules). Every call
 * starts from the caller's own record, so one user never reaches another's project.
 */

export async function ownedProject(db: Db, userId: number, recordId: number) {
  const record = await ownedRecord(db, userId, recordId);
  const project = await db.query.dubProjects.findFirst({ where: eq(dubProjects.recordId, recordId) });
  if (!project || record.type !== 'dubbing') throw new ApiError(Code.NOT_FOUND, 'recordNotFound');
  return { record, project };
}

type Owned = Awaited<ReturnType<typeof ownedProject>>;

async function linesWithVoices(db: Db, env: Env, { record, project }: Owned) {
  const lines = await storedLines(db, [record.id]);
  const catalog = await dubCatalog(env, spokenLanguage(record)).catch(() => null);
  const cast = catalog?.voices.length ? castVoices(lines, project, catalog).voices : new Map<string, { voice: string; mode: DubVoiceMode }>();
  const dubbed = new Map((await db.query.dubLines.findMany({ where: eq(dubLines.recordId, record.id) })).map((d) => [d.segmentId, d]));
  return lines.map((line): DubLineRow & { mode: DubVoiceMode } => {
    const was = dubbed.get(line.id);
    const translation = spokenText(line, record.translationLanguage);
    const { voice, mode } = cast.get(line.speaker) ?? { voice: project.voices[line.speaker] ?? '', mode: 'chosen' };
    return {
      id: line.id,
      seq: line.seq,
      start: line.startMs,
      end: line.endMs,
      text: line.text,
      translation,
      speaker: line.speaker,
      voice,
      mode,
      fit: was?.fit ?? null,
      tempo: was ? was.tempo / 1000 : null,
      changed: project.version > 0 && (!was || was.text !== translation || was.voice !== voice || was.startMs !== line.startMs || was.endMs !== line.endMs),
    };
  });
}

export async function changedLineCount(db: Db, env: Env, userId: number, recordId: number) {
  return (await linesWithVoices(db, env, await ownedProject(db, userId, recordId))).filter((l) => l.changed).length;
}

export async function dubProject(db: Db, env: Env, origin: string, userId: number, recordId: number, now = Date.now()): Promise<DubProject> {
  const owned = await ownedProject(db, userId, recordId);
  const { record, project } = owned;
  const target = await s3Target(env, origin);
  const kept = project.outputKey !== null && (project.expiresAt ?? 0) > now;
  const original = record.mediaKey && (await env.MEDIA.head(record.mediaKey)) ? await presignGet(target, record.mediaKey) : null;
  return {
    // The whole run's progress (recognition, translation, speech, render) as the records list shows it.
    record: withProgress(recordRow(record, now), await progressOf(db, [record], now)),
    stage: project.stage,
    progress: project.progress,
    form: project.form,
    originalUrl: original,
    dubbedUrl: kept ? await presignGet(target, project.outputKey!) : null,
    expiresAt: kept ? project.expiresAt : null,
    changedLines: (await linesWithVoices(db, env, owned)).filter((l) => l.changed).length,
    redubSeconds: redubSeconds(record.durationMs),
  };
}

export async function dubLinesPage(db: Db, env: Env, userId: number, q: z.output<typeof dubLinesQuery>): Promise<Page<DubLineRow>> {
  const rows = await linesWithVoices(db, env, await ownedProject(db, userId, q.id));
  return { rows: rows.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize), total: rows.length };
}

const invalid = (detail: string) => new ApiError(Code.BAD_REQUEST, 'badRequest', { detail });

/**
 * Applies edits to lines, keeping spec §5's rules across the whole project: in order, no overlap, inside the
 * video. Lines stored before that rule held everywhere are first made disjoint and saved so with the edit, so
 * an edit is judged by what the user sees, never refused for a neighbour they did not touch.
 */
export async function editDubLines(db: Db, userId: number, body: z.output<typeof dubEditsBody>) {
  const { record } = await ownedProject(db, userId, body.id);
  assertEditable(record.status);
  const stored = await storedLines(db, [record.id]);
  const repaired = disjointSpans(
    stored.map((l) => ({ start: l.startMs, end: l.endMs })),
    record.durationMs,
  );
  const byId = new Map(stored.map((l, i) => [l.id, { ...l, startMs: repaired[i]!.start, endMs: repaired[i]!.end }]));
  for (const edit of body.lines) {
    const line = byId.get(edit.id);
    if (!line) throw new ApiError(Code.NOT_FOUND, 'recordNotFound');
    line.startMs = edit.start ?? line.startMs;
    line.endMs = edit.end ?? line.endMs;
    if (edit.text !== undefined) line.text = edit.text;
    if (edit.translation !== undefined) {
      if (record.translationLanguage) line.translations = { ...line.translations, [record.translationLanguage]: edit.translation };
      else line.text = edit.translation;
    }
  }
  const edited = [...byId.values()];
  const tooLong = body.lines.find((e) => (e.text?.length ?? 0) > DUB_LINE_MAX_CHARS || (e.translation?.length ?? 0) > DUB_LINE_MAX_CHARS);
  if (tooLong) {
    const line = edited.findIndex((l) => l.id === tooLong.id);
    throw new ApiError(Code.BAD_REQUEST, 'lineInvalid', { n: line + 1 }, { line, id: tooLong.id });
  }
  const touched = new Set(body.lines.map((e) => e.id));
  assertLineTimes(
    edited.map((l) => ({ start: l.startMs, end: l.endMs })),
    record.durationMs,
    edited.map((l) => l.id),
  );
  const changed = edited.filter((l, i) => touched.has(l.id) || l.startMs !== stored[i]!.startMs || l.endMs !== stored[i]!.endMs);
  await runBatch(
    db,
    changed.map((l) =>
      db
        .update(segments)
        .set({ startMs: l.startMs, durationMs: l.endMs - l.startMs, text: l.text, translations: l.translations })
        .where(lineWhere(l)),
    ),
  );
}

export async function dubSpeakers(db: Db, env: Env, userId: number, recordId: number): Promise<DubSpeaker[]> {
  const lines = await linesWithVoices(db, env, await ownedProject(db, userId, recordId));
  const speakers = new Map<string, DubSpeaker>();
  for (const line of lines) {
    const entry = speakers.get(line.speaker) ?? { speaker: line.speaker, voice: line.voice, mode: line.mode, lines: 0 };
    entry.lines++;
    speakers.set(line.speaker, entry);
  }
  return [...speakers.values()];
}

/** Renames a speaker on every line and/or gives them a voice of the project's language. */
export async function editDubSpeaker(db: Db, env: Env, userId: number, body: z.output<typeof dubEditSpeakerBody>) {
  const { record, project } = await ownedProject(db, userId, body.id);
  assertEditable(record.status);
  const voices = { ...project.voices };
  // Choosing the speaker's own (cloned) voice again drops the choice: the automatic cast clones them.
  if (body.voice?.startsWith(CLONE_PREFIX)) delete voices[body.speaker];
  else if (body.voice !== undefined) {
    if (!(await voicesFor(env, spokenLanguage(record))).some((v) => v.id === body.voice)) throw invalid('voice: not a voice of this language');
    voices[body.speaker] = body.voice;
  }
  const renamed = body.name !== undefined && body.name !== body.speaker ? body.name : null;
  const clones = { ...project.clones };
  for (const kept of [voices, clones] as Record<string, unknown>[]) {
    if (renamed === null || !(body.speaker in kept)) continue;
    kept[renamed] = kept[body.speaker];
    delete kept[body.speaker];
  }
  await db.batch([
    db.update(dubProjects).set({ voices, clones, updatedAt: Date.now() }).where(eq(dubProjects.recordId, record.id)),
    ...(renamed !== null ? await renameSpeaker(db, record.id, body.speaker, renamed) : []),
  ]);
  return dubSpeakers(db, env, userId, record.id);
}

async function iterationOf(env: Env, origin: string, row: typeof dubIterations.$inferSelect, now: number): Promise<DubIteration> {
  const kept = row.outputKey !== null && (row.expiresAt ?? 0) > now;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    createTime: row.createdAt,
    lines: row.lineCount,
    voices: row.voiceMode,
    url: kept ? await presignGet(await s3Target(env, origin), row.outputKey!) : null,
  };
}

export async function createIteration(db: Db, env: Env, origin: string, userId: number, recordId: number, name: string | undefined, now = Date.now()) {
  const owned = await ownedProject(db, userId, recordId);
  const lines = await linesWithVoices(db, env, owned);
  const last = await db.query.dubIterations.findFirst({ where: eq(dubIterations.recordId, recordId), orderBy: desc(dubIterations.version) });
  const version = (last?.version ?? 0) + 1;
  await runBatch(
    db,
    saveIteration(
      db,
      { recordId, version, name: name || `v${version}`, createdAt: now },
      lines.map((l) => ({ start: l.start, end: l.end, text: l.text, translation: l.translation, speaker: l.speaker })),
    ),
  );
  const row = await db.query.dubIterations.findFirst({ where: and(eq(dubIterations.recordId, recordId), eq(dubIterations.version, version)) });
  return iterationOf(env, origin, row!, now);
}

export async function listIterations(db: Db, env: Env, origin: string, userId: number, recordId: number, now = Date.now()) {
  await ownedProject(db, userId, recordId);
  const rows = await db.query.dubIterations.findMany({ where: eq(dubIterations.recordId, recordId), orderBy: desc(dubIterations.version) });
  return Promise.all(rows.map((r) => iterationOf(env, origin, r, now)));
}

/**
 * `transAdjust`: the lines translated again in batches sized to the model's context as a file's translation is
 * (contracts/translation-batches), each line with its neighbours as the translator's context.
 */
export async function retranslate(db: Db, env: Env, userId: number, recordId: number) {
  const { record } = await ownedProject(db, userId, recordId);
  assertEditable(record.status);
  const target = record.translationLanguage;
  if (!target) throw new ApiError(Code.BAD_REQUEST, 'dubNoTranslation');
  const lines = await storedLines(db, [recordId]);
  const translator = providers(env).translate;
  const updates = [];
  for (const batch of translationBatches(lines, (l) => l.text)) {
    const texts = await translator.translate(
      record.audioLanguage,
      target,
      batch.map((l) => l.text),
    );
    updates.push(
      ...batch.map((l, i) =>
        db
          .update(segments)
          .set({ translations: { ...l.translations, [target]: texts[i] ?? '' } })
          .where(lineWhere(l)),
      ),
    );
  }
  await runBatch(db, updates);
}
