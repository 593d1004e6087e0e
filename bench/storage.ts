/**
 * What a transcript costs in D1: transcribes a real recording through the whole app (Queues
 * fan-out into pieces, engine, D1, R2), with speakers, then translates it, and after each reads the local D1
 * file with SQLite's `dbstat`, summing the payload bytes (rows and index entries, without page slack) of the
 * record's tables and their indexes, scaled to an hour of audio (goal ≤ 50 KB for the transcript). It also checks the finished
 * job left nothing behind: no `job_chunks` rows and no per-piece objects in R2. Summaries are left out:
 * their size does not grow with the audio.
 * Run: npm run bench:storage   (quick check, as `npm test` runs it: -- --quick: 60 s of audio)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { API } from '../contracts/api-paths';
import type { RecordDetail } from '../contracts/records';
import type { RecordStatus } from '../contracts/record-vocabulary';
import type { TranswriteResult } from '../contracts/transcription';
import { librivoxRecording } from '../engine/bench/common';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { complete, get, post, query, sqliteFile, startApp, upload, userWithHours } from './app';

const SECONDS = QUICK ? 60 : 600;
const GOAL_BYTES_PER_HOUR = 50 * 1024;
/** The tables holding a record's transcript and what its job keeps while it runs (their indexes count with them). */
const RECORD_TABLES = ['records', 'segments', 'line_speakers', 'transcription_jobs', 'job_chunks', 'uploads', 'upload_parts'];

const clip = librivoxRecording();
const file = join(dirname(clip.path), 'recording.mp3');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '-1', '-i', clip.path, '-t', String(SECONDS), '-b:a', '64k', file]);
const bytes = readFileSync(file);

const app = await startApp('storage');
let failed = false;
try {
  const token = await userWithHours(app, 2);
  const { uploadId } = await upload(app, token, 'recording.mp3', bytes);
  const uploaded = await complete(app, token, uploadId);
  const submit = await post<TranswriteResult>(
    app,
    API.transcription.transwrite,
    { ids: [uploaded.id], audioLanguage: 'en-US', showName: 'Bench', speaker: '1', maxSpeakers: 2 },
    token,
  );
  const id = submit.ids[0]!;
  const settle = async (want: RecordStatus) => {
    for (;;) {
      const detail = await get<RecordDetail>(app, `${API.records.getTrans}?id=${id}`, token);
      if (!['transcribing', 'translating'].includes(detail.record.status)) {
        if (detail.record.status !== want) throw new Error(`job ended ${detail.record.status}: ${detail.record.errorReason}`);
        return detail;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const d1 = sqliteFile(app.state, 'd1');
  /** Payload bytes of the record's tables, and of the lines' own text and translations. */
  const measure = () => {
    // Per b-tree: a table and each of its indexes apart, so an index that repeats its table's columns shows.
    const tables = query<{ tbl: string; payload: number }>(
      d1,
      `SELECT s.name AS tbl, SUM(s.payload) AS payload FROM dbstat s JOIN sqlite_schema m ON m.name = s.name
       WHERE m.tbl_name IN (${RECORD_TABLES.map((t) => `'${t}'`).join(',')}) GROUP BY s.name ORDER BY payload DESC`,
    );
    const [text] = query<{ bytes: number | null }>(
      d1,
      `SELECT SUM(length(CAST(text AS BLOB)) + length(CAST(translations AS BLOB))) AS bytes FROM segments WHERE record_id = ${id}`,
    );
    return { tables, total: tables.reduce((sum, t) => sum + t.payload, 0), text: text?.bytes ?? 0 };
  };
  const perHourKb = (b: number) => ((b * 3600) / SECONDS / 1024).toFixed(1);
  const report = (title: string, m: ReturnType<typeof measure>) => {
    console.log(`${title}:`);
    for (const t of m.tables) console.log(`  ${t.tbl.padEnd(34)} ${String(t.payload).padStart(9)} bytes`);
    console.log(`  D1 per audio-hour:  ${perHourKb(m.total)} KB, of which the lines' own words: ${perHourKb(m.text)} KB`);
  };

  const transcript = await settle('transcription_completed');
  const recognised = measure();
  // Only now: a finished job must have cleaned up, whatever follows it.
  const [chunkRows] = query<{ n: number }>(d1, `SELECT COUNT(*) AS n FROM job_chunks WHERE record_id = ${id}`);
  const pieceObjects = query<{ key: string }>(sqliteFile(app.state, 'r2'), `SELECT key FROM _mf_objects WHERE key LIKE 'records/${id}/pieces/%'`);

  await post(app, API.transcription.addTranslation, { id, language: 'es-ES' }, token);
  await settle('translation_completed');
  const translated = measure();
  requireFigures('bench:storage', { lines: transcript.lines.length, 'D1 bytes': recognised.total, 'D1 bytes translated': translated.total });

  console.log(`${SECONDS} s MP3 of LibriVox speech, ${transcript.lines.length} lines with speakers (en-US), then translated to es-ES`);
  console.log('D1 payload bytes of the record (SQLite dbstat: rows and index entries, without page slack)');
  report('transcript', recognised);
  report('transcript and its translation', translated);
  console.log(`goal: ≤ ${GOAL_BYTES_PER_HOUR / 1024} KB of D1 per audio-hour of transcript`);
  console.log(`left behind by the finished job: ${chunkRows!.n} job_chunks rows, ${pieceObjects.length} piece objects in R2`);
  if (chunkRows!.n > 0 || pieceObjects.length > 0) {
    console.error('the finished job left pieces behind');
    failed = true;
  }
} finally {
  await app.stop();
}
if (failed) process.exit(1);
