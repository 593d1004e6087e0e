/** 24 kHz mono PCM16, the engine's speech format (contracts/dubbing-engine.ts): conversions and trimming. */
import { EngineHttpError } from '../../http';
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';
import { medianPitch } from '../diarization/pitch';
import { inputArgs, SPEECH_DEMUXERS } from '../media/input';
import { runProcess } from '../process';

export const TTS_RATE = 24_000;
const TIMEOUT_MS = 60_000;

export const seconds = (pcm: Int16Array) => pcm.length / TTS_RATE;

export function toInt16(buf: Buffer): Int16Array {
  // Copied so the samples are aligned and do not pin a larger pooled buffer.
  const out = new Int16Array(buf.length >> 1);
  Buffer.from(out.buffer).set(buf.subarray(0, out.length * 2));
  return out;
}

export const toBuffer = (pcm: Int16Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);

/** Any audio ffmpeg can read, run through `filter` (when given) and returned as 24 kHz mono PCM16. */
export async function decodeToPcm(audio: Buffer, inputOptions: string[] = [], filter?: string): Promise<Int16Array> {
  const { code, stdout, stderr } = await runProcess(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      ...inputOptions,
      ...inputArgs('pipe:0', SPEECH_DEMUXERS),
      ...(filter ? ['-af', filter] : []),
      '-ac',
      '1',
      '-ar',
      String(TTS_RATE),
      '-f',
      's16le',
      'pipe:1',
    ],
    audio,
    TIMEOUT_MS,
  );
  if (code !== 0) throw new Error(`ffmpeg: ${stderr.split('\n')[0] || `ffmpeg exited ${code}`}`);
  return toInt16(stdout);
}

/** Speeds speech up without changing its pitch (ffmpeg `atempo`, which takes 0.5–100 in one stage). */
export function changeTempo(pcm: Int16Array, tempo: number): Promise<Int16Array> {
  return decodeToPcm(toBuffer(pcm), ['-f', 's16le', '-ar', String(TTS_RATE), '-ac', '1'], `atempo=${tempo.toFixed(6)}`);
}

/** Below this (about -40 dBFS) a synthesiser's lead-in and tail are silence, which would only waste the slot. */
const SILENCE = 330;
const KEEP_BEFORE = Math.round(0.01 * TTS_RATE);
const KEEP_AFTER = Math.round(0.04 * TTS_RATE);

export function trimSilence(pcm: Int16Array): Int16Array {
  let first = 0;
  while (first < pcm.length && Math.abs(pcm[first]!) < SILENCE) first++;
  if (first === pcm.length) return pcm.subarray(0, 0);
  let last = pcm.length - 1;
  while (Math.abs(pcm[last]!) < SILENCE) last--;
  return pcm.subarray(Math.max(0, first - KEEP_BEFORE), Math.min(pcm.length, last + 1 + KEEP_AFTER));
}

const FADE = Math.round(0.08 * TTS_RATE);
/**
 * A line that fits loses a few samples to its end being reported to the millisecond; those come from the
 * quiet tail trimSilence keeps, so dropping them needs no fade, and fading would dim the line's last word.
 */
const ROUNDING = Math.round(0.002 * TTS_RATE);

/** The first `length` samples; when that cuts speech short, the end fades out so the cut does not click. */
export function cut(pcm: Int16Array, length: number): Int16Array {
  if (pcm.length <= length) return pcm;
  if (pcm.length - length <= ROUNDING) return pcm.subarray(0, length);
  const out = pcm.slice(0, Math.max(0, length));
  const fade = Math.min(FADE, out.length);
  for (let i = 0; i < fade; i++) {
    const at = out.length - fade + i;
    out[at] = Math.round(out[at]! * (1 - (i + 1) / fade));
  }
  return out;
}

/** A speech service's audio as 24 kHz PCM16; audio ffmpeg cannot read is the service's failure (502), not ours. */
export async function decodeAnswer(what: string, audio: Buffer): Promise<Int16Array> {
  try {
    return await decodeToPcm(audio);
  } catch (err) {
    throw new EngineHttpError(502, 'upstream', `${what} endpoint answered audio that could not be decoded (${(err as Error).message})`);
  }
}

/** 24 kHz speech as the 16 kHz samples recognition measures voices on (linear interpolation is enough for pitch and MFCCs). */
export function atRecognitionRate(pcm: Int16Array): Float32Array {
  const step = TTS_RATE / ENGINE_SAMPLE_RATE;
  const out = new Float32Array(Math.floor(pcm.length / step));
  for (let i = 0; i < out.length; i++) {
    const x = i * step;
    const j = Math.floor(x);
    const next = pcm[Math.min(pcm.length - 1, j + 1)]!;
    out[i] = (pcm[j]! + (x - j) * (next - pcm[j]!)) / 32768;
  }
  return out;
}

/** Median pitch (Hz) of 24 kHz speech, measured as recognition measures a speaker's (16 kHz), or undefined when unvoiced. */
export const speechPitch = (pcm: Int16Array): number | undefined => medianPitch(atRecognitionRate(pcm));

/** Shifts below this are not heard, and shifts beyond an octave sound artificial whatever the target. */
const PITCH_TOLERANCE_SEMITONES = 0.3;
const MAX_PITCH_RATIO = 2;

/**
 * Speech moved to `targetHz` (a speaker's own median pitch), its length and formants kept (ffmpeg's
 * `rubberband`), so a matched voice speaks at the height of the voice it replaces.
 */
export async function shiftPitch(pcm: Int16Array, targetHz: number): Promise<Int16Array> {
  const own = speechPitch(pcm);
  if (!own) return pcm;
  const ratio = Math.min(MAX_PITCH_RATIO, Math.max(1 / MAX_PITCH_RATIO, targetHz / own));
  if (Math.abs(12 * Math.log2(ratio)) < PITCH_TOLERANCE_SEMITONES) return pcm;
  return decodeToPcm(toBuffer(pcm), ['-f', 's16le', '-ar', String(TTS_RATE), '-ac', '1'], `rubberband=pitch=${ratio.toFixed(4)}:formant=preserved`);
}
