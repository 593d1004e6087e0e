/**
 * Batch recognition speed: real-time factor (processing time / audio time) with 1 and with N concurrent
 * requests (N = decoders = cores), and the audio seconds each core gets through per second.
 * Run: npm run bench:batch   (quick check of the figures, as `npm test` runs it: -- --quick)
 */
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { SECRET, librivoxRecording, startBenchEngine } from './common';
import { QUICK, requireFigures } from './figures';

const rec = librivoxRecording(1.5, QUICK ? 1 : 5);
const body = readFileSync(rec.path);
const engine = await startBenchEngine();
const cores = availableParallelism();
const rounds = QUICK ? 1 : 3;

async function once() {
  const res = await fetch(`${engine.url}/v1/asr/transcribe`, { method: 'POST', body, headers: { authorization: `Bearer ${SECRET}` } });
  if (!res.ok) throw new Error(`transcribe answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { processingSeconds: number; segments: unknown[] };
}

// Warm-up: page in models and the ffmpeg binary (the quick check needs the figures, not their accuracy).
if (!QUICK) await once();
console.log(`recording: ${rec.seconds.toFixed(1)} s of LibriVox speech, ${cores} cores`);
for (const concurrency of [1, cores]) {
  const started = performance.now();
  const results = [];
  for (let r = 0; r < rounds; r++) results.push(...(await Promise.all(Array.from({ length: concurrency }, once))));
  const wall = (performance.now() - started) / 1000;
  const rtf = results.reduce((a, r) => a + r.processingSeconds, 0) / results.length / rec.seconds;
  const audio = rec.seconds * rounds * concurrency;
  requireFigures('bench:batch', {
    [`concurrency ${concurrency}: recognised segments`]: Math.min(...results.map((r) => r.segments.length)),
    [`concurrency ${concurrency}: real-time factor`]: rtf,
    [`concurrency ${concurrency}: wall time`]: wall,
  });
  console.log(
    `concurrency ${concurrency}: RTF per request ${rtf.toFixed(3)}, throughput ${(audio / wall).toFixed(1)} s audio / s wall ` +
      `= ${(audio / wall / cores).toFixed(1)} per core (RTF per core ${((wall * cores) / audio).toFixed(3)})`,
  );
}
engine.close();
