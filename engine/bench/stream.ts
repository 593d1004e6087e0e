/**
 * Live recognition latency at real-time pace: time from the end of each utterance to its final result,
 * interval between partials while speaking, with 1 and 2 concurrent streams.
 * Run: npm run bench:stream   (quick check of the figures, as `npm test` runs it: -- --quick)
 */
import { SECRET, librivoxRecording, nearestEnd, startBenchEngine, stats } from './common';
import { QUICK, requireFigures } from './figures';
import { engineStream, framesOf } from './live-feed';

const rec = librivoxRecording(1.5, QUICK ? 1 : 5);

const engine = await startBenchEngine();

async function stream(): Promise<{ latencies: number[]; gaps: number[]; finals: number }> {
  const { messages } = await engineStream(engine.url, SECRET, framesOf(rec.pcm));
  const finals = messages.flatMap(({ at, message }) => (message.type === 'final' ? [{ at, end: message.end }] : []));
  const latencies = finals.map((f) => f.at - nearestEnd(rec.ends, f.end));
  const gaps: number[] = [];
  const byUtt = new Map<number, number[]>();
  for (const { at, message } of messages) if (message.type === 'partial') byUtt.set(message.utterance, [...(byUtt.get(message.utterance) ?? []), at]);
  for (const times of byUtt.values())
    times.slice(1).forEach((t, i) => {
      gaps.push(t - times[i]!);
    });
  return { latencies, gaps, finals: finals.length };
}

console.log(`recording: ${rec.seconds.toFixed(1)} s, ${rec.ends.length} utterances, fed at real-time pace in 100 ms frames`);
for (const concurrency of QUICK ? [1] : [1, 2]) {
  const runs = await Promise.all(Array.from({ length: concurrency }, stream));
  const latencies = runs.flatMap((r) => r.latencies);
  const intervals = runs.flatMap((r) => r.gaps);
  requireFigures('bench:stream', { [`${concurrency} stream(s): finals`]: latencies, [`${concurrency} stream(s): partial intervals`]: intervals });
  const lat = stats(latencies);
  const gaps = stats(intervals);
  console.log(
    `${concurrency} stream(s): finals ${runs.map((r) => r.finals).join('+')}; end of utterance → final: mean ${lat.mean.toFixed(2)} s, ` +
      `p95 ${lat.p95.toFixed(2)} s, max ${lat.max.toFixed(2)} s; partial interval: mean ${gaps.mean.toFixed(2)} s, p95 ${gaps.p95.toFixed(2)} s, ` +
      `max ${gaps.max.toFixed(2)} s (${(1 / gaps.mean).toFixed(1)} partials/s)`,
  );
}
engine.close();
