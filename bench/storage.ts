/**
 * What a transcript costs in D1 and its audio in R2: transcribes a real recording through the whole app (Queues
 * fan-out into pieces, engine, D1, R2), with speakers, then translates it, and after each reads the local D1
 * file with SQLite's `dbstat`, summing the payload bytes (rows and index entries, without page slack) of the
 * record's tables and their indexes, scaled to an hour of audio (goal ≤ 50 KB for the transcript), and how
 * many audio-hours of such transcripts one D1 database (10 GB) holds. Beside it, R2's bytes per audio-hour:
 * the 16 kHz WAV every record used to keep (the engine's own WAV extraction of the same recording, measured)
 * against the compressed player audio the engine's extraction stored in R2 this run, with the upload itself.
 * It also checks the finished job left nothing behind: no `job_chunks` rows, no per-piece objects and no WAV
 * in R2. Summaries are left out: their size does not grow with the audio.
 * Run: npm run bench:storage   (quick check, as `npm test` runs it: -- --quick: 60 s of audio)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { API } from '../contracts/api-paths';
import type { RecordDetail } from '../contracts/records';
import type { RecordStatus } from '../contracts/record-vocabulary';
import type { TranswriteResult } from '../contracts/transcription';
import { extractProcess } from '../engine/backends/media/ffmpeg';
import { librivoxRecording } from '../engine/bench/common';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { complete, get, post, query, sqliteFile, startApp, upload, userWithHours } from './app';

const SECONDS = QUICK ? 60 : 600;
const GOAL_BYTES_PER_HOUR = 50 * 1024;
/** Cloudflare's limit on one D1 database (Workers Paid). */
const D1_DATABASE_BYTES = 10e9;
/** The tables holding a record's transcript and what its job keeps while it runs (their indexes count with them). */
const RECORD_TABLES = ['records', 'segments', 'line_speakers', 'transcription_jobs', 'job_chunks', 'uploads', 'upload_parts'];

const clip = librivoxRecording();
const file = join(dirname(clip.path), 'recording.mp3');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '-1', '-i', clip.path, '-t', String(SECONDS), '-b:a', '64k', file]);
const bytes = readFileSync(file);

/** Bytes of the WAV the engine extracts from `path` (its own ffmpeg arguments), counted as they stream. */
async function wavBytes(path: string) {
  const child = extractProcess(path, 'wav');
  let total = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) total += chunk.length;
  return total;
}

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
  const r2 = sqliteFile(app.state, 'r2');
  const pieceObjects = query<{ key: string }>(r2, `SELECT key FROM _mf_objects WHERE key LIKE 'records/${id}/pieces/%'`);
  const audioObjects = query<{ key: string; size: number }>(r2, `SELECT key, size FROM _mf_objects WHERE key LIKE 'records/${id}/audio.%'`);
  const playerBytes = audioObjects.find((o) => o.key.endsWith('.m4a'))?.size ?? 0;
  const wavLeft = audioObjects.filter((o) => o.key.endsWith('.wav')).length;
  const wav = await wavBytes(file);

  await post(app, API.transcription.addTranslation, { id, language: 'es-ES' }, token);
  await settle('translation_completed');
  const translated = measure();
  requireFigures('bench:storage', {
    lines: transcript.lines.length,
    'D1 bytes': recognised.total,
    'D1 bytes translated': translated.total,
    'R2 WAV bytes': wav,
    'R2 player audio bytes': playerBytes,
  });

  console.log(`${SECONDS} s MP3 of LibriVox speech, ${transcript.lines.length} lines with speakers (en-US), then translated to es-ES`);
  console.log('D1 payload bytes of the record (SQLite dbstat: rows and index entries, without page slack)');
  report('transcript', recognised);
  report('transcript and its translation', translated);
  console.log(`goal: ≤ ${GOAL_BYTES_PER_HOUR / 1024} KB of D1 per audio-hour of transcript`);
  const hoursPerDatabase = (m: ReturnType<typeof measure>) => Math.floor(D1_DATABASE_BYTES / ((m.total * 3600) / SECONDS));
  console.log(
    `one D1 database (10 GB) holds about ${hoursPerDatabase(recognised).toLocaleString('en')} audio-hours of transcripts, ` +
      `${hoursPerDatabase(translated).toLocaleString('en')} translated (payload only: page slack and other tables take some of it)`,
  );
  const perHourMb = (b: number) => ((b * 3600) / SECONDS / 1e6).toFixed(1);
  const row = (what: string, b: number) => console.log(`  ${what.padEnd(48)} ${perHourMb(b).padStart(7)} MB  ${(b / wav).toFixed(2)} of the WAV`);
  console.log('R2 bytes per audio-hour, what a record keeps:');
  row('before: the 16 kHz mono WAV (kept for life)', wav);
  row("after: AAC 48 kbit/s mono in MP4, the player's", playerBytes);
  row('the upload (a 64 kbit/s MP3 here; kept by default)', bytes.length);
  console.log(`left behind by the finished job: ${chunkRows!.n} job_chunks rows, ${pieceObjects.length} piece objects and ${wavLeft} WAV in R2`);
  if (chunkRows!.n > 0 || pieceObjects.length > 0 || wavLeft > 0) {
    console.error('the finished job left pieces behind');
    failed = true;
  }
} finally {
  await app.stop();
}
if (failed) process.exit(1);
