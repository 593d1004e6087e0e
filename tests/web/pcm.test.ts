import { describe, expect, it } from 'vitest';
import { MEETING } from '../../contracts/meeting';
import { FrameEncoder, Framer, Resampler, floatToPcm16, rmsLevel } from '../../web/lib/pcm';

const FRAME_SAMPLES = (MEETING.sampleRate * MEETING.frameMs) / 1000;
/** What an AudioWorklet hands over per call. */
const QUANTUM = 128;

function sine(rate: number, hz: number, amplitude: number, seconds: number): Float32Array {
  const samples = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return samples;
}

/** Feeds `input` in worklet-sized blocks and joins what comes out. */
function resample(input: Float32Array, inputRate: number, outputRate: number): Float32Array {
  const resampler = new Resampler(inputRate, outputRate);
  const parts: Float32Array[] = [];
  for (let i = 0; i < input.length; i += QUANTUM) parts.push(resampler.process(input.subarray(i, i + QUANTUM)));
  const output = new Float32Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    output.set(part, at);
    at += part.length;
  }
  return output;
}

/** Frequency from upward zero crossings, amplitude from the peak, over the settled middle of a signal. */
function measure(samples: Float32Array, rate: number) {
  const middle = samples.subarray(Math.round(rate * 0.1), samples.length - Math.round(rate * 0.1));
  const crossings: number[] = [];
  for (let i = 1; i < middle.length; i++) {
    if (middle[i - 1]! < 0 && middle[i]! >= 0) crossings.push(i - middle[i]! / (middle[i]! - middle[i - 1]!));
  }
  const periods = (crossings.at(-1)! - crossings[0]!) / (crossings.length - 1);
  return { hz: rate / periods, peak: Math.max(...middle.map(Math.abs)), rms: rmsLevel(middle) };
}

describe('resampling to 16 kHz', () => {
  it.each([48_000, 44_100])('keeps a 1 kHz tone at %i Hz its frequency, amplitude and length', (rate) => {
    const output = resample(sine(rate, 1000, 0.5, 1), rate, MEETING.sampleRate);
    // A millisecond of filter latency at most.
    expect(output.length).toBeGreaterThan(16_000 - 16);
    expect(output.length).toBeLessThanOrEqual(16_000);
    const { hz, peak, rms } = measure(output, MEETING.sampleRate);
    expect(hz).toBeCloseTo(1000, 0);
    expect(peak).toBeGreaterThan(0.49);
    expect(peak).toBeLessThan(0.51);
    expect(rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('keeps speech-band tones near the top of the band', () => {
    const { hz, rms } = measure(resample(sine(48_000, 6000, 0.5, 1), 48_000, 16_000), 16_000);
    expect(hz).toBeCloseTo(6000, 0);
    expect(rms).toBeGreaterThan(0.9 * (0.5 / Math.SQRT2));
  });

  it('filters out what 16 kHz cannot carry instead of folding it back as a false tone', () => {
    // 12 kHz at 48 kHz would alias to 4 kHz with plain decimation.
    const output = resample(sine(48_000, 12_000, 0.5, 1), 48_000, 16_000);
    expect(measure(output, 16_000).rms).toBeLessThan(0.005);
  });

  it('passes 16 kHz input through unchanged', () => {
    const input = sine(16_000, 440, 0.3, 0.05);
    expect(resample(input, 16_000, 16_000)).toEqual(input);
  });
});

describe('framing', () => {
  it('emits exactly 1600-sample frames, in order, carrying the remainder to the next push', () => {
    const framer = new Framer(FRAME_SAMPLES);
    const ramp = Float32Array.from({ length: 3500 }, (_, i) => i);
    expect(framer.push(ramp.subarray(0, 1000))).toEqual([]);
    const second = framer.push(ramp.subarray(1000, 2000));
    expect(second).toHaveLength(1);
    expect(second[0]).toEqual(ramp.subarray(0, 1600));
    const third = framer.push(ramp.subarray(2000, 3500));
    expect(third).toHaveLength(1);
    expect(third[0]).toEqual(ramp.subarray(1600, 3200));
    // 300 samples wait for the next push; one push may also yield several frames.
    const fourth = framer.push(new Float32Array(3000).fill(-1));
    expect(fourth).toHaveLength(2);
    expect(fourth[0]!.subarray(0, 300)).toEqual(ramp.subarray(3200, 3500));
    expect(fourth[0]![300]).toBe(-1);
  });

  it('turns a 48 kHz microphone into 100 ms frames of 3200 bytes with their level', () => {
    const encoder = new FrameEncoder({ inputRate: 48_000, outputRate: MEETING.sampleRate, frameSamples: FRAME_SAMPLES });
    const input = sine(48_000, 440, 1, 2.01);
    const frames = [];
    for (let i = 0; i < input.length; i += QUANTUM) frames.push(...encoder.push(input.subarray(i, i + QUANTUM)));
    expect(frames).toHaveLength(20);
    for (const frame of frames) expect(frame.pcm.byteLength).toBe(3200);
    expect(frames[10]!.level).toBeCloseTo(Math.SQRT1_2, 2);

    const quiet = encoder.push(new Float32Array(48_000 / 10 + QUANTUM));
    expect(quiet).toHaveLength(1);
    // The frame after the tone ends holds a few milliseconds of it, then silence.
    const silent = encoder.push(new Float32Array(48_000 / 10));
    expect(silent[0]!.level).toBe(0);
  });
});

describe('PCM16', () => {
  it('writes little-endian samples, clipping instead of wrapping what is too loud', () => {
    const pcm = floatToPcm16(Float32Array.from([0, 1, -1, 0.5, -0.5, 1.5, -2]));
    expect(pcm.byteLength).toBe(14);
    const view = new DataView(pcm);
    const values = Array.from({ length: 7 }, (_, i) => view.getInt16(i * 2, true));
    expect(values).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768]);
    // Little-endian on the wire whatever the machine: 32767 is FF 7F.
    expect(new Uint8Array(pcm, 2, 2)).toEqual(Uint8Array.from([0xff, 0x7f]));
  });
});

describe('level', () => {
  it('is 0 for silence and about 0.71 for a full-scale sine', () => {
    expect(rmsLevel(new Float32Array(FRAME_SAMPLES))).toBe(0);
    expect(rmsLevel(sine(16_000, 440, 1, 0.1))).toBeCloseTo(Math.SQRT1_2, 2);
    expect(rmsLevel(sine(16_000, 440, 0.1, 0.1))).toBeCloseTo(0.0707, 3);
  });

  it('never exceeds 1, even for clipped input', () => {
    expect(rmsLevel(new Float32Array(100).fill(3))).toBe(1);
  });
});
