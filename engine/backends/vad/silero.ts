/**
 * Silero VAD (v5 ONNX from the @ricky0123/vad-web package) run by sherpa-onnx. It cuts audio into
 * utterances because PocketSphinx decodes short utterances fast and accurately but slows down on long ones,
 * hence the cap on segment length.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Vad as VadType, VadConfig } from 'sherpa-onnx-node';
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';
import { int16ToFloat32 } from '../media/ffmpeg';

// sherpa-onnx-node is CommonJS with a native addon; require keeps its loading synchronous and explicit.
const require = createRequire(import.meta.url);

export interface VadOptions {
  threshold?: number;
  minSilenceDuration?: number;
  minSpeechDuration?: number;
  maxSpeechDuration?: number;
}

export const VAD_WINDOW = 512;
const DEFAULTS: Required<VadOptions> = { threshold: 0.5, minSilenceDuration: 0.3, minSpeechDuration: 0.25, maxSpeechDuration: 15 };

let sherpa: { Vad: typeof VadType; version: string } | null = null;
let loadError: string | null = null;

export function loadSherpa() {
  if (sherpa || loadError) return sherpa;
  try {
    sherpa = require('sherpa-onnx-node') as { Vad: typeof VadType; version: string };
  } catch (err) {
    loadError = `sherpa-onnx-node failed to load: ${String(err)}`;
  }
  return sherpa;
}

export function vadStatus(modelPath: string): { available: boolean; reason: string | null } {
  if (!existsSync(modelPath)) return { available: false, reason: `Silero model not found at ${modelPath} (npm install @ricky0123/vad-web)` };
  if (!loadSherpa()) return { available: false, reason: loadError };
  return { available: true, reason: null };
}

export function createVad(modelPath: string, options: VadOptions = {}): VadType {
  const lib = loadSherpa();
  if (!lib) throw new Error(loadError ?? 'sherpa-onnx-node unavailable');
  const o = { ...DEFAULTS, ...options };
  const config: VadConfig = {
    sileroVad: { model: modelPath, windowSize: VAD_WINDOW, ...o },
    sampleRate: ENGINE_SAMPLE_RATE,
    numThreads: 1,
    debug: false,
  };
  // The buffer must hold the longest segment plus the silence that closes it.
  return new lib.Vad(config, o.maxSpeechDuration + 30);
}

export interface SpeechChunk {
  /** Sample offset of the first sample in the whole input. */
  start: number;
  samples: Float32Array;
  /**
   * Where the voice itself is, as sample offsets [start, end) in the whole input: the padding around it is
   * for the recogniser, while a line's times are the voice's, so neighbouring lines never share time.
   */
  voiced: { start: number; end: number };
}

/**
 * Keeps the most recent audio so a segment can be handed over with some context around it: Silero's
 * boundaries sit tight on the voiced part, and PocketSphinx loses soft word onsets ("and", "had") without
 * a little lead-in.
 */
class History {
  private buf: Float32Array;
  total = 0;
  constructor(seconds: number) {
    this.buf = new Float32Array(Math.ceil(seconds * ENGINE_SAMPLE_RATE));
  }
  push(samples: Float32Array) {
    for (let i = 0; i < samples.length; i++) this.buf[(this.total + i) % this.buf.length] = samples[i]!;
    this.total += samples.length;
  }
  /** Samples [from, to) clamped to what is still held. */
  slice(from: number, to: number): { start: number; samples: Float32Array } {
    const start = Math.max(from, this.total - this.buf.length, 0);
    const end = Math.min(to, this.total);
    const out = new Float32Array(Math.max(0, end - start));
    for (let i = 0; i < out.length; i++) out[i] = this.buf[(start + i) % this.buf.length]!;
    return { start, samples: out };
  }
}

/**
 * Utterances out of a stream of PCM16 chunks, as soon as each one ends, their audio widened by `pad` seconds
 * each side (`voiced` keeps the unwidened bounds). Memory stays bounded by one utterance plus the history window.
 */
export async function* speechSegments(
  modelPath: string,
  chunks: AsyncIterable<Int16Array>,
  options: VadOptions & { pad?: number } = {},
  totals?: { samples: number },
): AsyncGenerator<SpeechChunk> {
  const { pad = 0, ...vadOptions } = options;
  const vad = createVad(modelPath, vadOptions);
  const padSamples = Math.round(pad * ENGINE_SAMPLE_RATE);
  const history = new History((vadOptions.maxSpeechDuration ?? DEFAULTS.maxSpeechDuration) + 2 * pad + 5);
  let pending = new Float32Array(0);
  const drain = function* () {
    while (!vad.isEmpty()) {
      const seg = vad.front(false);
      vad.pop();
      const voiced = { start: seg.start, end: seg.start + seg.samples.length };
      if (!padSamples) {
        yield { start: seg.start, samples: seg.samples, voiced };
        continue;
      }
      yield { ...history.slice(seg.start - padSamples, voiced.end + padSamples), voiced };
    }
  };
  for await (const chunk of chunks) {
    const f = int16ToFloat32(chunk);
    history.push(f);
    const joined = new Float32Array(pending.length + f.length);
    joined.set(pending);
    joined.set(f, pending.length);
    const whole = joined.length - (joined.length % VAD_WINDOW);
    for (let i = 0; i < whole; i += VAD_WINDOW) vad.acceptWaveform(joined.subarray(i, i + VAD_WINDOW));
    pending = joined.slice(whole);
    yield* drain();
  }
  if (pending.length) {
    const last = new Float32Array(VAD_WINDOW);
    last.set(pending);
    vad.acceptWaveform(last);
  }
  vad.flush();
  yield* drain();
  if (totals) totals.samples = history.total;
}
