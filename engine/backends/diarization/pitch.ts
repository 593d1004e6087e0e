/**
 * A segment's typical voice pitch: the median fundamental frequency of its voiced frames, found by
 * normalised autocorrelation. Dubbing uses it to give a speaker a voice of the matching register (a high
 * voice a female dubbing voice), which timbre features alone do not say.
 */
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';

/** Analysed at 8 kHz: pitch lies far below 4 kHz, and half the rate quarters the work. */
const RATE = ENGINE_SAMPLE_RATE / 2;
const FRAME = Math.round(RATE * 0.04);
const MIN_HZ = 60;
const MAX_HZ = 400;
/** A frame is voiced when its best normalised autocorrelation reaches this. */
const VOICED = 0.6;
/** At most this many frames per segment, spread evenly: a median needs no more, and long lines stay cheap. */
const MAX_FRAMES = 60;

function downsample(samples: Float32Array): Float32Array {
  const out = new Float32Array(samples.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = (samples[2 * i]! + samples[2 * i + 1]!) / 2;
  return out;
}

/** The frame's pitch in Hz, or undefined when it is silent or unvoiced. */
function framePitch(x: Float32Array, at: number): number | undefined {
  const minLag = Math.floor(RATE / MAX_HZ);
  const maxLag = Math.ceil(RATE / MIN_HZ);
  const r = new Float64Array(maxLag + 1);
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let xy = 0;
    let xx = 0;
    let yy = 0;
    for (let i = at; i < at + FRAME; i++) {
      const a = x[i]!;
      const b = x[i + lag]!;
      xy += a * b;
      xx += a * a;
      yy += b * b;
    }
    r[lag] = xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
    best = Math.max(best, r[lag]!);
  }
  if (best < VOICED) return undefined;
  // The shortest lag that is a local peak almost as strong as the best: longer lags at the same strength
  // are multiples of the period, which would halve the pitch.
  for (let lag = minLag + 1; lag < maxLag; lag++) {
    if (r[lag]! >= 0.9 * best && r[lag]! >= r[lag - 1]! && r[lag]! >= r[lag + 1]!) return RATE / lag;
  }
  return undefined;
}

/** Median pitch in Hz of the voiced frames of 16 kHz mono samples, or undefined when none is voiced. */
export function medianPitch(samples: Float32Array): number | undefined {
  const x = downsample(samples);
  const maxLag = Math.ceil(RATE / MIN_HZ);
  const room = x.length - FRAME - maxLag;
  if (room < 0) return undefined;
  // Quiet frames (pauses, breath) are skipped: below a tenth of the loudest frame's amplitude.
  const count = Math.min(MAX_FRAMES, Math.floor(room / FRAME) + 1);
  const starts = Array.from({ length: count }, (_, i) => Math.round((room * i) / Math.max(1, count - 1)));
  const level = (at: number) => {
    let sum = 0;
    for (let i = at; i < at + FRAME; i++) sum += x[i]! * x[i]!;
    return sum;
  };
  const levels = starts.map(level);
  const loudest = Math.max(...levels);
  const pitches = starts
    .filter((_, i) => levels[i]! > loudest / 100)
    .map((at) => framePitch(x, at))
    .filter((hz): hz is number => hz !== undefined)
    .sort((a, b) => a - b);
  if (pitches.length === 0) return undefined;
  return pitches[Math.floor(pitches.length / 2)];
}
