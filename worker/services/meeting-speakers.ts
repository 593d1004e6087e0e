import { eq } from 'drizzle-orm';
import { ENGINE_PATHS, type DiarizeResponse, type EmbeddingsResponse } from '../../contracts/engine';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contracts/locale';
import { defaultSpeakerNumber } from '../../contracts/speaker-labels';
import type { Db } from '../db/client';
import { records, summaries } from '../db/schema';
import { runBatch } from '../lib/batch';
import { translate as message } from '../lib/i18n';
import type { Enqueue } from './jobs';
import { relabelLines, storedLines } from './lines';
import { providers } from './providers';
import { engineS3Target, presignGet } from './storage';
import { audioKey, playerAudioKey } from './transcription/audio';
import { nameSpeakers } from './voices';

/**
 * An ended meeting's speakers, found again over its whole recording (the `speakers` job, sent by the room in
 * place of the minutes' `summary`, which it sends on). Live, each line got the label of the voice it sounded
 * nearest to among those heard so far, one line at a time; with every line known, the voices are clustered
 * together, as a file job's are (the engine measures each line's voice in the stored audio, then clusters all of
 * them at once), so a four-person meeting is not saved as one or two speakers. A cluster whose lines mostly
 * carry a name someone gave (the host, or a known voice named live) keeps that name; other clusters are named
 * after a saved voice they match, or "Speaker N". Only the lines' speakers change: their words, times,
 * translations and ids stay.
 */

/** A line this short carries too little voice to be measured: it takes the speaker of the line before it. */
const MIN_MEASURED_MS = 300;

/** The interface language the live labels were written in (they are written in the owner's), else English. */
function labelLocale(names: readonly string[]): Locale {
  for (const name of names) {
    const n = defaultSpeakerNumber(name);
    const locale = n === null ? undefined : LOCALES.find((l) => message(l, 'speakerName', { n: String(n) }) === name.trim());
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * Per cluster label, the name someone gave most of its lines' time, if any: a default name ("Speaker 2") was
 * only the live guess, so it counts for nothing.
 */
function givenNames(lines: readonly { startMs: number; endMs: number; speaker: string }[], labels: readonly string[]) {
  const time = new Map<string, Map<string, number>>();
  lines.forEach((l, i) => {
    const label = labels[i]!;
    const tally = time.get(label) ?? new Map<string, number>();
    const name = l.speaker && defaultSpeakerNumber(l.speaker) === null ? l.speaker : '';
    tally.set(name, (tally.get(name) ?? 0) + l.endMs - l.startMs);
    time.set(label, tally);
  });
  const out = new Map<string, string>();
  for (const [label, tally] of time) {
    const [name] = [...tally].sort((a, b) => b[1] - a[1])[0]!;
    if (name) out.set(label, name);
  }
  return out;
}

/** The meeting's stored recording the engine can read: its WAV until the hourly cron made the player audio from it. */
async function recordingUrl(env: Env, recordId: number): Promise<string | null> {
  for (const key of [audioKey(recordId), playerAudioKey(recordId)]) {
    if (await env.MEDIA.head(key)) return presignGet(await engineS3Target(env), key);
  }
  return null;
}

/** Labels an ended meeting's lines by voice over the whole recording, then sends its minutes on. */
export async function labelMeetingSpeakers(db: Db, env: Env, enqueue: Enqueue, recordId: number) {
  // The room queued the minutes behind this job: once they run (or ran), the lines have their speakers.
  const summary = await db.query.summaries.findFirst({ columns: { status: true }, where: eq(summaries.recordId, recordId) });
  if (summary?.status !== 'queued') return;
  await relabel(db, env, recordId);
  await enqueue([{ kind: 'summary', recordId }]);
}

async function relabel(db: Db, env: Env, recordId: number) {
  const record = await db.query.records.findFirst({ columns: { userId: true }, where: eq(records.id, recordId) });
  const lines = await storedLines(db, [recordId]);
  const measured = lines.filter((l) => l.endMs - l.startMs >= MIN_MEASURED_MS);
  if (!record || measured.length < 2) return;
  const url = await recordingUrl(env, recordId);
  if (!url) return; // nothing left to listen to: the live labels stay
  const engine = providers(env).engine;
  const voices = await engine.postJson<EmbeddingsResponse>(ENGINE_PATHS.embeddings, {
    url,
    segments: measured.map((l) => ({ start: l.startMs / 1000, end: l.endMs / 1000 })),
  });
  const seconds = measured.map((l) => (l.endMs - l.startMs) / 1000);
  const pitches = voices.pitch.map((p) => p ?? 0);
  const { labels } = await engine.postJson<DiarizeResponse>(ENGINE_PATHS.cluster, { embeddings: voices.embeddings, seconds, pitches });
  const heard = measured.map((l, i) => ({
    start: l.startMs / 1000,
    end: l.endMs / 1000,
    embedding: voices.embeddings[i]!,
    ...(voices.pitch[i] ? { pitch: voices.pitch[i]! } : {}),
  }));
  const locale = labelLocale(lines.map((l) => l.speaker));
  const named = await nameSpeakers(db, record.userId, heard, labels, (n) => message(locale, 'speakerName', { n }));
  const given = givenNames(measured, labels);
  const nameOf = new Map(measured.map((l, i) => [l.seq, given.get(labels[i]!) ?? named.names[i]!]));
  const pitchOf = new Map(measured.map((l, i) => [l.seq, voices.pitch[i] ?? null]));
  // A line too short to measure takes the speaker of the measured line starting nearest to it.
  const nearest = (startMs: number) => measured.reduce((a, b) => (Math.abs(b.startMs - startMs) < Math.abs(a.startMs - startMs) ? b : a));
  const relabelled = lines.map((l) => {
    const speaker = nameOf.get(l.seq) ?? nameOf.get(nearest(l.startMs).seq)!;
    return { seq: l.seq, speaker, pitchHz: pitchOf.get(l.seq) ?? null };
  });
  await runBatch(db, relabelLines(db, recordId, relabelled, named.voiceprints));
}
