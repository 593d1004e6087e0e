/**
 * MFCC front end for speaker separation: 25 ms Hamming frames every 10 ms, 512-point FFT, 26 mel bands,
 * 13 cepstra. A segment's embedding is the mean and standard deviation of cepstra 1..12 over its voiced
 * frames — coarse, but it captures vocal-tract shape (timbre), which is what tells two speakers apart.
 */
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';

const FRAME = 400;
const HOP = 160;
const NFFT = 512;
const NMEL = 26;
const NCEP = 13;
export const EMBEDDING_DIM = 2 * (NCEP - 1);

const hz2mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const mel2hz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

const window = Float64Array.from({ length: FRAME }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));

/** Triangular mel filters as [firstBin, weights] pairs. */
const filters: [number, Float64Array][] = (() => {
  const lo = hz2mel(20);
  const hi = hz2mel(7600);
  const points = Array.from({ length: NMEL + 2 }, (_, i) => Math.floor(((NFFT + 1) * mel2hz(lo + ((hi - lo) * i) / (NMEL + 1))) / ENGINE_SAMPLE_RATE));
  return Array.from({ length: NMEL }, (_, m) => {
    const [a, b, c] = [points[m]!, points[m + 1]!, points[m + 2]!];
    const w = new Float64Array(c - a + 1);
    for (let k = a; k <= c; k++) w[k - a] = k <= b ? (k - a) / Math.max(1, b - a) : (c - k) / Math.max(1, c - b);
    return [a, w];
  });
})();

const dct = Array.from({ length: NCEP }, (_, i) => Float64Array.from({ length: NMEL }, (_, j) => Math.cos((Math.PI * i * (j + 0.5)) / NMEL)));

const bitrev = (() => {
  const bits = Math.log2(NFFT);
  return Uint16Array.from({ length: NFFT }, (_, i) => {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
  });
})();

/** In-place iterative radix-2 FFT; returns the power spectrum of bins 0..NFFT/2. */
function powerSpectrum(frame: Float64Array): Float64Array {
  const re = new Float64Array(NFFT);
  const im = new Float64Array(NFFT);
  for (let i = 0; i < NFFT; i++) re[bitrev[i]!] = i < frame.length ? frame[i]! : 0;
  for (let size = 2; size <= NFFT; size <<= 1) {
    const half = size >> 1;
    const step = (-2 * Math.PI) / size;
    for (let start = 0; start < NFFT; start += size) {
      for (let k = 0; k < half; k++) {
        const cos = Math.cos(step * k);
        const sin = Math.sin(step * k);
        const a = start + k;
        const b = a + half;
        const tr = re[b]! * cos - im[b]! * sin;
        const ti = re[b]! * sin + im[b]! * cos;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
  const out = new Float64Array(NFFT / 2 + 1);
  for (let k = 0; k <= NFFT / 2; k++) out[k] = re[k]! * re[k]! + im[k]! * im[k]!;
  return out;
}

/** Cepstra of one 400-sample frame starting at `offset`, plus its log energy (to skip silent frames). */
export function mfccFrame(samples: Float32Array, offset: number): { cep: Float64Array; energy: number } {
  const frame = new Float64Array(FRAME);
  let energy = 0;
  for (let i = 0; i < FRAME; i++) {
    const x = samples[offset + i]! - 0.97 * (offset + i > 0 ? samples[offset + i - 1]! : 0);
    frame[i] = x * window[i]!;
    energy += x * x;
  }
  const power = powerSpectrum(frame);
  const logmel = new Float64Array(NMEL);
  for (let m = 0; m < NMEL; m++) {
    const [first, w] = filters[m]!;
    let s = 0;
    for (let k = 0; k < w.length; k++) s += power[first + k]! * w[k]!;
    logmel[m] = Math.log(s + 1e-10);
  }
  const cep = new Float64Array(NCEP);
  for (let i = 0; i < NCEP; i++) {
    let s = 0;
    for (let j = 0; j < NMEL; j++) s += dct[i]![j]! * logmel[j]!;
    cep[i] = s;
  }
  return { cep, energy: Math.log(energy + 1e-10) };
}

/** Running mean / variance of cepstra 1..12 over the frames of one segment. */
export class CepstralStats {
  private n = 0;
  private sum = new Float64Array(NCEP - 1);
  private sq = new Float64Array(NCEP - 1);
  private frames: { cep: Float64Array; energy: number }[] = [];

  add(frame: { cep: Float64Array; energy: number }) {
    this.frames.push(frame);
  }

  /** Keeps the louder 70 % of frames: pauses inside a segment carry no speaker information. */
  embedding(): Float64Array {
    const sorted = [...this.frames].sort((a, b) => b.energy - a.energy);
    const kept = sorted.slice(0, Math.max(1, Math.ceil(sorted.length * 0.7)));
    this.n = 0;
    this.sum.fill(0);
    this.sq.fill(0);
    for (const { cep } of kept) {
      this.n++;
      for (let i = 1; i < NCEP; i++) {
        this.sum[i - 1]! += cep[i]!;
        this.sq[i - 1]! += cep[i]! * cep[i]!;
      }
    }
    const out = new Float64Array(EMBEDDING_DIM);
    for (let i = 0; i < NCEP - 1; i++) {
      const mean = this.n ? this.sum[i]! / this.n : 0;
      out[i] = mean;
      out[NCEP - 1 + i] = this.n ? Math.sqrt(Math.max(0, this.sq[i]! / this.n - mean * mean)) : 0;
    }
    return out;
  }
}

/** Embedding of a segment whose samples are in memory (the VAD hands them over during transcription). */
export function embedSamples(samples: Float32Array): Float64Array {
  const stats = new CepstralStats();
  for (let off = 0; off + FRAME <= samples.length; off += HOP) stats.add(mfccFrame(samples, off));
  return stats.embedding();
}

/** An embedding as JSON carries it: four decimals are far finer than speakers differ, and keep messages small. */
export const embeddingJson = (vector: Float64Array): number[] => Array.from(vector, (v) => Math.round(v * 1e4) / 1e4);

/**
 * Embedding of one live utterance, built as its audio arrives: frames are computed on every push, so
 * closing the utterance costs only the statistics, not a pass over seconds of audio.
 */
export class UtteranceEmbedder {
  private stats = new CepstralStats();
  private buf = new Float32Array(0);

  push(pcm: Int16Array) {
    const joined = new Float32Array(this.buf.length + pcm.length);
    joined.set(this.buf);
    for (let i = 0; i < pcm.length; i++) joined[this.buf.length + i] = pcm[i]! / 32768;
    let off = 0;
    for (; off + FRAME <= joined.length; off += HOP) this.stats.add(mfccFrame(joined, off));
    this.buf = joined.slice(off);
  }

  embedding(): Float64Array {
    return this.stats.embedding();
  }
}

/**
 * Embeddings of time spans of a streamed input: frames are computed as audio arrives and credited to every
 * span that covers them, so only a frame's worth of audio is held at a time.
 */
export async function embedSpans(chunks: AsyncIterable<Int16Array>, spans: { start: number; end: number }[]): Promise<Float64Array[]> {
  const stats = spans.map(() => new CepstralStats());
  const order = spans.map((s, i) => ({ s: Math.round(s.start * 100), e: Math.round(s.end * 100), i })).sort((a, b) => a.s - b.s);
  let buf = new Float32Array(0);
  let frameIndex = 0;
  let first = 0;
  for await (const chunk of chunks) {
    const joined = new Float32Array(buf.length + chunk.length);
    joined.set(buf);
    for (let i = 0; i < chunk.length; i++) joined[buf.length + i] = chunk[i]! / 32768;
    let off = 0;
    for (; off + FRAME <= joined.length; off += HOP, frameIndex++) {
      while (first < order.length && order[first]!.e < frameIndex) first++;
      let frame: { cep: Float64Array; energy: number } | null = null;
      for (let j = first; j < order.length && order[j]!.s <= frameIndex; j++) {
        if (order[j]!.e <= frameIndex) continue;
        frame ??= mfccFrame(joined, off);
        stats[order[j]!.i]!.add(frame);
      }
    }
    buf = joined.slice(off);
  }
  return stats.map((s) => s.embedding());
}
