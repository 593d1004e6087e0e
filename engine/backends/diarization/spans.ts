/**
 * Speaker features of given time spans of a recording: the lines another recogniser wrote (Workers AI, an
 * OpenAI-compatible one) get the same embedding and pitch the engine's own recognition gives each segment
 * (backends/asr/batch.ts), so pieces are labelled by voice whichever recogniser heard them. Only the spans'
 * samples are held, never the whole recording.
 */
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';
import { embedSamples } from './mfcc';
import { medianPitch } from './pitch';

export interface SpanFeatures {
  embedding: Float64Array;
  pitch: number | undefined;
}

export async function spanFeatures(chunks: AsyncIterable<Int16Array>, spans: readonly { start: number; end: number }[]): Promise<SpanFeatures[]> {
  const ranges = spans.map((s) => {
    const from = Math.max(0, Math.round(s.start * ENGINE_SAMPLE_RATE));
    return { from, samples: new Float32Array(Math.max(0, Math.round(s.end * ENGINE_SAMPLE_RATE) - from)), filled: 0 };
  });
  let at = 0;
  for await (const chunk of chunks) {
    const chunkEnd = at + chunk.length;
    for (const r of ranges) {
      const lo = Math.max(r.from, at);
      const hi = Math.min(r.from + r.samples.length, chunkEnd);
      for (let i = lo; i < hi; i++) r.samples[i - r.from] = chunk[i - at]! / 32768;
      if (hi > lo) r.filled = Math.max(r.filled, hi - r.from);
    }
    at = chunkEnd;
  }
  return ranges.map((r) => {
    const samples = r.samples.subarray(0, r.filled);
    return { embedding: embedSamples(samples), pitch: medianPitch(samples) };
  });
}
