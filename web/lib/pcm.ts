/**
 * Microphone samples → the meeting socket's audio frames (16 kHz mono PCM16 little-endian, 100 ms each).
 * Runs inside the AudioWorklet, so this module imports nothing: the worklet bundle stays a few kilobytes and
 * the rates and frame size come in as arguments.
 */

/** Kernel half-width in zero crossings of the low-pass: enough stop-band for speech recognition at little cost. */
const ZERO_CROSSINGS = 8;
/** Output positions are rounded to 1/256 of an input sample so kernels can be cached per phase. */
const PHASES = 256;

/**
 * A streaming windowed-sinc resampler. The low-pass sits just under the lower Nyquist frequency so a 48 or
 * 44.1 kHz microphone loses what 16 kHz cannot carry instead of folding it back as noise.
 */
export class Resampler {
  private readonly step: number;
  private readonly cutoff: number;
  private readonly halfWidth: number;
  private readonly kernels = new Map<number, Float32Array>();
  /** Input not yet consumed; starts with silence so the first output sample has a full window behind it. */
  private pending: Float32Array;
  /** Where the next output sample falls, in input samples from the start of `pending`. */
  private position: number;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
  ) {
    this.step = inputRate / outputRate;
    this.cutoff = 0.9 * Math.min(1, outputRate / inputRate);
    this.halfWidth = Math.ceil(ZERO_CROSSINGS / this.cutoff);
    this.pending = new Float32Array(this.halfWidth);
    this.position = this.halfWidth;
  }

  process(input: Float32Array): Float32Array {
    if (this.inputRate === this.outputRate) return input.slice();
    const data = new Float32Array(this.pending.length + input.length);
    data.set(this.pending);
    data.set(input, this.pending.length);

    const { halfWidth, step } = this;
    const start = this.position;
    const output = new Float32Array(Math.max(0, Math.ceil((data.length - halfWidth - start) / step) + 1));
    let count = 0;
    let t = start;
    // Each output reads input up to floor(t) + halfWidth; positions are start + k·step, not a running sum,
    // so rounding cannot accumulate.
    while (Math.floor(t) + halfWidth < data.length) {
      const base = Math.floor(t);
      const kernel = this.kernel(Math.round((t - base) * PHASES));
      const first = base - halfWidth + 1;
      let sum = 0;
      // The loop condition keeps first + i within data (the pending history covers the left side).
      for (let i = 0; i < kernel.length; i++) sum += data[first + i]! * kernel[i]!;
      output[count++] = sum;
      t = start + count * step;
    }
    const keepFrom = Math.max(0, Math.floor(t) - halfWidth + 1);
    this.pending = data.slice(keepFrom);
    this.position = t - keepFrom;
    return output.subarray(0, count);
  }

  /** Taps for an output sample `phase / PHASES` past an input sample, normalized to unit gain at DC. */
  private kernel(phase: number): Float32Array {
    let taps = this.kernels.get(phase);
    if (taps) return taps;
    const { halfWidth, cutoff } = this;
    const offset = phase / PHASES;
    taps = new Float32Array(2 * halfWidth);
    let total = 0;
    for (let i = 0; i < taps.length; i++) {
      const d = i - halfWidth + 1 - offset;
      const x = d / halfWidth;
      const window = Math.abs(x) >= 1 ? 0 : 0.42 + 0.5 * Math.cos(Math.PI * x) + 0.08 * Math.cos(2 * Math.PI * x);
      const arg = Math.PI * cutoff * d;
      const tap = (arg === 0 ? 1 : Math.sin(arg) / arg) * window;
      taps[i] = tap;
      total += tap;
    }
    taps.forEach((tap, i) => {
      taps[i] = tap / total;
    });
    this.kernels.set(phase, taps);
    return taps;
  }
}

/** Cuts a stream of samples into frames of exactly `size`, carrying the remainder to the next push. */
export class Framer {
  private readonly current: Float32Array;
  private filled = 0;

  constructor(readonly size: number) {
    this.current = new Float32Array(size);
  }

  push(samples: Float32Array): Float32Array[] {
    const frames: Float32Array[] = [];
    let read = 0;
    while (read < samples.length) {
      const take = Math.min(this.size - this.filled, samples.length - read);
      this.current.set(samples.subarray(read, read + take), this.filled);
      this.filled += take;
      read += take;
      if (this.filled === this.size) {
        frames.push(this.current.slice());
        this.filled = 0;
      }
    }
    return frames;
  }
}

/** Float samples in -1..1 as PCM16 little-endian; anything louder is clipped, not wrapped. */
export function floatToPcm16(samples: Float32Array): ArrayBuffer {
  const buffer = new ArrayBuffer(samples.length * 2);
  const view = new DataView(buffer);
  samples.forEach((sample, i) => {
    const s = Math.max(-1, Math.min(1, sample));
    view.setInt16(i * 2, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
  });
  return buffer;
}

/** The RMS of a block, 0..1: silence ≈ 0, a full-scale sine ≈ 0.71. */
export function rmsLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.min(1, Math.sqrt(sum / samples.length));
}

/** The name pcm-worklet.ts registers its processor under. */
export const PCM_PROCESSOR = 'pcm-capture';

export interface FrameEncoderOptions {
  inputRate: number;
  outputRate: number;
  frameSamples: number;
}

export interface EncodedFrame {
  pcm: ArrayBuffer;
  level: number;
}

/** The whole path: device-rate blocks in, socket-ready frames (and the level of each) out. */
export class FrameEncoder {
  private readonly resampler: Resampler;
  private readonly framer: Framer;

  constructor(opts: FrameEncoderOptions) {
    this.resampler = new Resampler(opts.inputRate, opts.outputRate);
    this.framer = new Framer(opts.frameSamples);
  }

  push(block: Float32Array): EncodedFrame[] {
    return this.framer.push(this.resampler.process(block)).map((frame) => ({ pcm: floatToPcm16(frame), level: rmsLevel(frame) }));
  }
}
