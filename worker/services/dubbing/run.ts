import { and, eq, inArray, sql } from 'drizzle-orm';
import { DUB_UPLOAD } from '../../../contracts/constants';
import { DUB_ENGINE_PATHS } from '../../../contracts/dubbing-engine';
import type { CloneSpec, RenderJob, RenderJobResult, RenderPlan } from '../../../contracts/dubbing-engine';
import type { EngineJobStep } from '../../../contracts/engine';
import type { DubStage } from '../../../contracts/dubbing';
import type { JobOf } from '../../../contracts/jobs';
import type { Db } from '../../db/client';
import { dubIterations, dubLines, dubProjects, records } from '../../db/schema';
import { type StoredLine, storedLines } from '../lines';
import { chunks, runBatch } from '../../lib/batch';
import { charge } from '../rights';
import { type Enqueue, JobFailure } from '../jobs';
import { sha256 } from '../../lib/encoding';
import { engineJob } from '../engine-jobs';
import { engineS3Target, jobCheckpoint, presignGet, presignPut } from '../storage';
import { saveIteration } from './iterations';
import { cloneSampleKey, dubbedKey, spokenKey } from './storage';
import { castVoices, requireVoices, speakerPitches } from './voices';
import { emitWebhookEvent } from '../webhooks/deliveries';

/**
 * The `dub` stage of a dubbing project (after its lines were recognised or imported, and translated): the
 * engine speaks every line in its speaker's voice and fits it to its slot, then lays the new voice over
 * the original background and burns the subtitles in when asked; the mp4 goes to R2 for 7 days. Runs
 * again on every re-dub: spoken lines are kept in R2, so only changed lines are spoken anew.
 * A redelivered message renders the same version to the same key, and charges are unique per version.
 * The project gets here from transcription's hand-on (`transcribed`) once its lines are ready, and ends
 * with the reason when they cannot be made, so the editor's retry resumes where it failed.
 */

const DAY_MS = 24 * 3600_000;
/** The project stages in which it waits for its lines from the transcription job. */
const AWAITING_LINES: DubStage[] = ['transcribing', 'translating'];

type Record_ = typeof records.$inferSelect;

/** What the new voice says: the translation, or the source text when the video keeps its language. */
export const spokenText = (line: Pick<StoredLine, 'text' | 'translations'>, target: string | null) => (target ? (line.translations[target] ?? '') : line.text);

export const spokenLanguage = (record: Pick<Record_, 'audioLanguage' | 'translationLanguage'>) => record.translationLanguage ?? record.audioLanguage;

/**
 * How far the render job got, as the engine reports it: speaking the lines, then rendering the video. Only the
 * stage and its progress change: `updatedAt` stays the run's start, from which its deadline counts.
 */
async function setDubProgress(db: Db, recordId: number, { step, fraction }: EngineJobStep) {
  const stage: DubStage = step === 'rendering' ? 'rendering' : 'synthesizing';
  await db
    .update(dubProjects)
    .set({ stage, progress: Math.round(Math.min(1, Math.max(0, fraction)) * 100) })
    .where(and(eq(dubProjects.recordId, recordId), inArray(dubProjects.stage, ['synthesizing', 'rendering'])));
}

/** Hands a project whose lines are ready to the `dub` stage. */
export async function startDubbing(db: Db, enqueue: Enqueue, recordId: number) {
  // Queued before the state changes, so a crash in between repeats the message rather than stalling.
  await enqueue([{ kind: 'dub', recordId }]);
  await db.batch([
    db.update(dubProjects).set({ stage: 'synthesizing', progress: 0, updatedAt: Date.now() }).where(eq(dubProjects.recordId, recordId)),
    db.update(records).set({ status: 'dubbing', errorReason: null, updatedAt: Date.now() }).where(eq(records.id, recordId)),
  ]);
}

/**
 * Transcription's hand-on (`transcribed`) for a dubbing project: its lines were recognised and are being
 * translated (the editor shows it), or they are ready and the project is dubbed. Only a project still
 * waiting for its lines moves, so a redelivered or late hand-on changes nothing and dubs nothing twice.
 */
export async function dubTranscribed(db: Db, enqueue: Enqueue, msg: JobOf<'transcribed'>) {
  const loaded = await projectOf(db, msg.recordId);
  if (!loaded || !AWAITING_LINES.includes(loaded.project.stage)) return;
  if (msg.step === 'recognised' && loaded.record.translationLanguage) {
    await db
      .update(dubProjects)
      .set({ stage: 'translating', progress: 0, updatedAt: Date.now() })
      .where(and(eq(dubProjects.recordId, msg.recordId), eq(dubProjects.stage, 'transcribing')));
    return;
  }
  await startDubbing(db, enqueue, msg.recordId);
}

/** A project whose lines could not be made (recognition or translation failed) ends with the reason; the editor's retry resumes there. Answers whether it did. */
export async function failLines(db: Db, recordId: number, reason: string) {
  const loaded = await projectOf(db, recordId);
  if (!loaded || !AWAITING_LINES.includes(loaded.project.stage)) return false;
  await failDub(db, recordId, reason);
  return true;
}

async function projectOf(db: Db, recordId: number) {
  const project = await db.query.dubProjects.findFirst({ where: eq(dubProjects.recordId, recordId) });
  const record = project && (await db.query.records.findFirst({ where: eq(records.id, recordId) }));
  return project && record ? { project, record } : undefined;
}

/** Seconds between looks at a running render: each look moves the editor's progress bar. */
const RENDER_POLL_SECONDS = 5;

/**
 * Speaks, fits and renders the project's lines as an engine-side job (the video read and the mp4 written by
 * presigned URL), waiting on later messages while it runs; then charges and records what was dubbed. Each
 * line's speech is kept in R2 by its language, voice and text, so a render started again (a retry, an engine
 * restart, a re-dub) speaks only lines no render spoke before.
 */
export async function runDub(db: Db, env: Env, recordId: number) {
  const loaded = await projectOf(db, recordId);
  if (!loaded || !['synthesizing', 'rendering'].includes(loaded.project.stage)) return;
  const { project, record } = loaded;
  const mediaKey = record.mediaKey;
  const gone = () => new JobFailure('The uploaded video is no longer kept (videos are kept for 7 days). Upload it again to dub it.');
  if (!mediaKey) throw gone();
  const lines = await storedLines(db, [recordId]);
  const language = spokenLanguage(record);
  const catalog = await requireVoices(env, language);
  const { voices, clones } = castVoices(lines, project, catalog);
  const pitches = speakerPitches(lines);
  const plan: RenderPlan = {
    language,
    duration: Math.max(record.durationMs / 1000, ...lines.map((l) => l.endMs / 1000)),
    lines: lines.map((l) => {
      const line = { start: l.startMs / 1000, end: l.endMs / 1000, text: spokenText(l, record.translationLanguage), voice: voices.get(l.speaker)!.voice };
      // A voice other than the speaker's clone speaks at the speaker's own pitch.
      const pitchHz = clones.has(l.speaker) ? undefined : pitches.get(l.speaker);
      return pitchHz ? { ...line, pitchHz: Math.round(pitchHz) } : line;
    }),
  };
  const { form } = project;
  const styled: RenderPlan = form.exportSubtitleInVideo
    ? {
        ...plan,
        subtitles: {
          fontSize: form.subtitleFontSize,
          maxChars: form.subtitleMaxCharCountPerSegment,
          primaryColor: form.subtitlePrimaryColor,
          outlineColor: form.subtitleOutlineColor,
        },
      }
    : plan;
  const version = project.version + 1;
  const key = dubbedKey(recordId, version);
  // What is rendered names the job: an edit between two tries renders anew rather than collecting the older render.
  const id = `dub-${recordId}-v${version}-${(await sha256(`${mediaKey}\n${JSON.stringify(styled)}`)).slice(0, 16)}`;
  const rendered = await engineJob<RenderJobResult>(
    env,
    DUB_ENGINE_PATHS.renderJob,
    id,
    async () => {
      if (!(await env.MEDIA.head(mediaKey))) throw gone();
      const target = await engineS3Target(env);
      const spoken = await Promise.all(
        plan.lines.map(async (l) => {
          if (!l.text.trim()) return null;
          const pitch = l.pitchHz ? `\u0000${l.pitchHz}` : '';
          const store = spokenKey(recordId, await sha256(`${language}\u0000${l.voice}\u0000${l.text.trim()}${pitch}`));
          return { get: await presignGet(target, store), put: await presignPut(target, store) };
        }),
      );
      const cloneSpecs = await Promise.all(
        [...clones].map(async ([speaker, clone]): Promise<CloneSpec> => {
          const sample = cloneSampleKey(recordId, await sha256(`${catalog.cloning}\u0000${speaker}`));
          const made = project.clones[speaker];
          return {
            voice: clone.voice,
            provider: catalog.cloning!,
            name: `${record.name.slice(0, 60)} · ${speaker}`.slice(0, 100),
            segments: clone.segments,
            text: clone.text,
            sample: { get: await presignGet(target, sample), put: await presignPut(target, sample) },
            providerVoice: made?.provider === catalog.cloning ? made.voice : null,
          };
        }),
      );
      return {
        video: await presignGet(target, mediaKey),
        put: await presignPut(target, key),
        checkpoint: await jobCheckpoint(target, key),
        plan: styled,
        spoken,
        ...(cloneSpecs.length ? { clones: cloneSpecs } : {}),
      } satisfies Omit<RenderJob, 'id'>;
    },
    RENDER_POLL_SECONDS,
    (progress) => setDubProgress(db, recordId, progress),
  );

  // The first dubbing costs the video's length; each re-dub half of it (spec §9).
  const seconds = Math.max(1, Math.round(record.durationMs / 1000));
  if (version === 1) await charge(env.DB, db, record.userId, 'dubbing', seconds, `dubbing:${recordId}`);
  else await charge(env.DB, db, record.userId, 'dubbing', Math.ceil(seconds * DUB_UPLOAD.redubChargeRatio), `dubbing:${recordId}:v${version}`);

  const now = Date.now();
  const expiresAt = now + DUB_UPLOAD.keepDays * DAY_MS;
  const dubbed = lines.map((l, i) => {
    const fit = rendered.lines[i]!;
    return {
      segmentId: l.id,
      recordId,
      text: plan.lines[i]!.text,
      voice: plan.lines[i]!.voice!,
      startMs: l.startMs,
      endMs: l.endMs,
      fit: fit.fit,
      tempo: Math.round(fit.tempo * 1000),
    };
  });
  // Each speaker keeps the clone made for them, so re-dubs and later versions speak with the same voice.
  const cloned = { ...project.clones };
  for (const [speaker, clone] of clones) {
    const made = rendered.clones?.find((c) => c.voice === clone.voice);
    if (made) cloned[speaker] = { provider: catalog.cloning!, voice: made.providerVoice };
  }
  const [{ next }] = (await db
    .select({ next: sql<number>`coalesce(max(${dubIterations.version}), 0) + 1` })
    .from(dubIterations)
    .where(eq(dubIterations.recordId, recordId))) as [{ next: number }];
  await runBatch(db, [
    db.delete(dubLines).where(eq(dubLines.recordId, recordId)),
    ...chunks(dubbed, 12).map((part) => db.insert(dubLines).values(part)),
    ...saveIteration(
      db,
      { recordId, version: next, name: `#${version}`, outputKey: key, expiresAt, createdAt: now, voiceMode: clones.size > 0 ? 'cloned' : 'matched' },
      lines.map((l, i) => ({ start: l.startMs, end: l.endMs, text: l.text, translation: plan.lines[i]!.text, speaker: l.speaker })),
    ),
    db
      .update(dubProjects)
      .set({ stage: 'done', progress: 100, version, outputKey: key, expiresAt, clones: cloned, updatedAt: now })
      .where(and(eq(dubProjects.recordId, recordId), inArray(dubProjects.stage, ['synthesizing', 'rendering']))),
    db.update(records).set({ status: 'dub_complete', errorReason: null, updatedAt: now }).where(eq(records.id, recordId)),
  ]);
  await emitWebhookEvent(env, record.userId, 'dubbing.completed', { recordId, name: record.name, recordType: record.type, version });
}

/** Ends a project's run with its reason kept on the record; the editor's retry starts the failed part again. */
export async function failDub(db: Db, recordId: number, reason: string) {
  await db.batch([
    db.update(dubProjects).set({ stage: 'failed', updatedAt: Date.now() }).where(eq(dubProjects.recordId, recordId)),
    db
      .update(records)
      .set({ status: 'dub_err', errorReason: reason.slice(0, 500), updatedAt: Date.now() })
      .where(eq(records.id, recordId)),
  ]);
}
