/**
 * File transcription speed: wall time from `transwrite` to `transcription_completed` for a 10-minute
 * recording going through the whole app (Queues fan-out into pieces, engine, D1), as a ratio to the
 * engine transcribing the same file in one request, measured in the same run.
 * Run: npm run bench:transcription   (quick check of the figures, as `npm test` runs it: -- --quick: 15 s)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { API } from '../contracts/api-paths';
import type { RecordDetail } from '../contracts/records';
import type { TranswriteResult } from '../contracts/transcription';
import { librivoxRecording, postLong } from '../engine/bench/common';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { complete, get, post, startApp, upload, userWithHours } from './app';

const SECONDS = QUICK ? 15 : 600;

const clip = librivoxRecording();
const file = join(dirname(clip.path), 'recording.mp3');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '-1', '-i', clip.path, '-t', String(SECONDS), '-b:a', '64k', file]);
const bytes = readFileSync(file);

const app = await startApp('transcription');
try {
  let started = performance.now();
  const direct = await postLong(`${app.engineUrl}/v1/asr/transcribe`, bytes, app.engineSecret);
  const engineSeconds = (performance.now() - started) / 1000;
  const engineLines = (JSON.parse(direct) as { segments: unknown[] }).segments.length;

  const token = await userWithHours(app, 2);
  const { uploadId } = await upload(app, token, 'recording.mp3', bytes);
  const uploaded = await complete(app, token, uploadId);
  started = performance.now();
  const submit = await post<TranswriteResult>(app, API.transcription.transwrite, { ids: [uploaded.id], audioLanguage: 'en-US', showName: 'Bench' }, token);
  let detail: RecordDetail;
  for (;;) {
    detail = await get<RecordDetail>(app, `${API.records.getTrans}?id=${submit.ids[0]}`, token);
    if (detail.record.status !== 'transcribing') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const appSeconds = (performance.now() - started) / 1000;
  if (detail.record.status !== 'transcription_completed') throw new Error(`job ended ${detail.record.status}: ${detail.record.errorReason}`);
  requireFigures('bench:transcription', {
    'engine segments': engineLines,
    'app lines': detail.lines.length,
    'engine time': engineSeconds,
    'app time': appSeconds,
  });

  console.log(`${SECONDS} s MP3 of LibriVox speech`);
  console.log(`engine, one request:          ${engineSeconds.toFixed(1)} s (${engineLines} segments, RTF ${(engineSeconds / SECONDS).toFixed(3)})`);
  console.log(`app, submit → completed:      ${appSeconds.toFixed(1)} s (${detail.lines.length} lines, RTF ${(appSeconds / SECONDS).toFixed(3)})`);
  console.log(`ratio app / engine:           ${(appSeconds / engineSeconds).toFixed(2)}`);
} finally {
  await app.stop();
}
