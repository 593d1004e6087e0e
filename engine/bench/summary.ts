/**
 * Summary quality and speed.
 * (1) Chapter boundaries on a recording of five read texts on different subjects joined together: espeak-ng
 *     speech, transcribed by the engine (PocketSphinx en-US), summarised by the extractive backend; boundary
 *     precision / recall / F1 within ±10 s and WindowDiff against the known joins, beside equal-length
 *     chapters of the same count measured in the same run.
 * (2) Time to summarise a 1-hour transcript against a 10-minute one.
 * Run: npm run bench:summary   (quick check of the figures, as `npm test` runs it: -- --quick: two short texts,
 * 2- and 12-minute transcripts summarised once each)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TranscribeResponse } from '../../contracts/engine';
import type { SummarizeResponse } from '../../contracts/summary';
import { SECRET, startBenchEngine, stats } from './common';
import { QUICK, requireFigures } from './figures';
import { TOPICS as ALL_TOPICS, longTranscript } from './summary-texts';

const BENCH = 'bench:summary';
const TOPICS = QUICK ? ALL_TOPICS.slice(0, 2).map((t) => ({ ...t, sentences: t.sentences.slice(0, 2) })) : ALL_TOPICS;
/** Transcript lengths (minutes) summarised for the scaling figure: the second is six times the first. */
const SCALE_MINUTES = QUICK ? [2, 12] : [10, 60];
const SCALE_RUNS = QUICK ? 1 : 5;

const RATE = 16_000;
const TOLERANCE_S = 10;
/** A breath between two read texts, as between two speakers' turns. */
const PAUSE_S = 0.8;

const dir = mkdtempSync(join(tmpdir(), 'summary-bench-'));
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** Each text read by espeak-ng, as 16 kHz mono samples. */
function read(text: string, name: string): Buffer {
  const wav = join(dir, `${name}.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '160', '-w', wav, text]);
  const raw = join(dir, `${name}.s16le`);
  ffmpeg('-i', wav, '-ar', String(RATE), '-ac', '1', '-f', 's16le', raw);
  return readFileSync(raw);
}

const parts = TOPICS.map((t) => read(t.sentences.join(' '), t.name));
const pause = Buffer.alloc(PAUSE_S * RATE * 2);
const joined = Buffer.concat(parts.flatMap((p) => [p, pause]));
const joins: number[] = [];
parts.slice(0, -1).reduce((at, p) => {
  const next = at + p.length / (RATE * 2) + PAUSE_S;
  joins.push(next);
  return next;
}, 0);
const seconds = joined.length / (RATE * 2);
writeFileSync(join(dir, 'all.s16le'), joined);
const recording = join(dir, 'all.wav');
ffmpeg('-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', join(dir, 'all.s16le'), recording);

const engine = await startBenchEngine();
const call = async <T>(path: string, body: BodyInit, type: string): Promise<T> => {
  const res = await fetch(`${engine.url}${path}`, { method: 'POST', body, headers: { authorization: `Bearer ${SECRET}`, 'content-type': type } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};
const summarize = (lines: { start: number; end: number; text: string; speaker?: string }[]) =>
  call<SummarizeResponse>('/v1/summarize', JSON.stringify({ language: 'en-US', title: 'bench', lines }), 'application/json');

try {
  console.log(`recording: ${TOPICS.length} read texts (${TOPICS.map((t) => t.name).join(', ')}), ${seconds.toFixed(1)} s`);
  console.log(`true joins (s): ${joins.map((j) => j.toFixed(1)).join(', ')}`);
  const asrStarted = performance.now();
  const transcript = await call<TranscribeResponse>('/v1/asr/transcribe?language=en-US', readFileSync(recording), 'audio/wav');
  console.log(`transcribed by ${transcript.backend} in ${((performance.now() - asrStarted) / 1000).toFixed(1)} s: ${transcript.segments.length} lines`);

  const lines = transcript.segments.map((s) => ({ start: Math.round(s.start * 1000), end: Math.round(s.end * 1000), text: s.text }));
  const summary = await summarize(lines);
  requireFigures(BENCH, { 'recognised lines': lines.length, chapters: summary.chapters.length });
  const found = summary.chapters.slice(1).map((c) => c.start / 1000);
  console.log(`chapters found: ${summary.chapters.length}`);
  for (const c of summary.chapters) console.log(`  ${(c.start / 1000).toFixed(1).padStart(6)} s  ${c.title}`);

  const count = summary.chapters.length;
  const equal = Array.from({ length: count - 1 }, (_, i) => ((i + 1) * seconds) / count);
  const row = (name: string, bounds: number[]) => {
    const { precision, recall, f1 } = boundaryScores(bounds, joins, TOLERANCE_S);
    const wd = windowDiff(bounds, joins, seconds);
    console.log(
      `${name.padEnd(28)} P ${precision.toFixed(2)}  R ${recall.toFixed(2)}  F1 ${f1.toFixed(2)}  WindowDiff ${wd.toFixed(3)}  (${bounds.map((b) => b.toFixed(0)).join(', ')})`,
    );
  };
  console.log(`boundaries within ±${TOLERANCE_S} s of a join (WindowDiff: lower is better, 1 s units, k = half a true chapter):`);
  row('extractive (TextTiling)', found);
  row(`baseline: ${count} equal chapters`, equal);
  // The same texts as a perfect recogniser would write them (each sentence timed by its share of its part's
  // length): how much of the gap above is the recogniser's.
  const exact = TOPICS.flatMap((t, k) => {
    const from = k ? joins[k - 1]! : 0;
    const length = parts[k]!.length / (RATE * 2);
    const chars = t.sentences.reduce((n, x) => n + x.length, 0);
    let at = from;
    return t.sentences.map((text) => {
      const start = at;
      at += (length * text.length) / chars;
      return { start: Math.round(start * 1000), end: Math.round(at * 1000), text };
    });
  });
  row(
    'extractive on exact text',
    (await summarize(exact)).chapters.slice(1).map((c) => c.start / 1000),
  );

  // (2) Scaling: the same text material as a 10-minute and a 1-hour transcript.
  const timings: Record<number, number> = {};
  for (const minutes of SCALE_MINUTES) {
    const long = longTranscript(minutes);
    await summarize(long); // warm-up: JIT and the segmenter's dictionaries
    const runs: number[] = [];
    for (let r = 0; r < SCALE_RUNS; r++) {
      const started = performance.now();
      await summarize(long);
      runs.push(performance.now() - started);
    }
    requireFigures(BENCH, { [`${minutes} min transcript: summary time`]: runs });
    timings[minutes] = stats(runs).p50;
    console.log(
      `${String(minutes).padStart(2)} min transcript (${long.length} lines): median ${timings[minutes]!.toFixed(0)} ms over HTTP (max ${stats(runs).max.toFixed(0)} ms)`,
    );
  }
  const [short, long] = SCALE_MINUTES as [number, number];
  console.log(`${long} min / ${short} min time ratio: ${(timings[long]! / timings[short]!).toFixed(1)} for 6× the lines`);
} finally {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
}

/** Each true boundary matched to at most one found boundary within the tolerance, nearest first. */
function boundaryScores(found: number[], truth: number[], tolerance: number) {
  const free = new Set(found.map((_, i) => i));
  let hits = 0;
  for (const t of truth) {
    const best = [...free].filter((i) => Math.abs(found[i]! - t) <= tolerance).sort((a, b) => Math.abs(found[a]! - t) - Math.abs(found[b]! - t))[0];
    if (best === undefined) continue;
    free.delete(best);
    hits++;
  }
  const precision = found.length ? hits / found.length : 0;
  const recall = truth.length ? hits / truth.length : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** WindowDiff (Pevzner & Hearst) over 1-second units. */
function windowDiff(found: number[], truth: number[], total: number) {
  const n = Math.floor(total);
  const k = Math.max(1, Math.round(total / (truth.length + 1) / 2));
  const between = (bounds: number[], a: number, b: number) => bounds.filter((x) => x > a && x <= b).length;
  let errors = 0;
  for (let i = 0; i + k < n; i++) if (between(found, i, i + k) !== between(truth, i, i + k)) errors++;
  return errors / Math.max(1, n - k);
}
