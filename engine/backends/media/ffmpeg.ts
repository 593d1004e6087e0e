/**
 * ffprobe / ffmpeg as child processes: the engine never decodes media itself. Inputs are paths or http(s)
 * URLs; ffmpeg reads URLs with Range requests, so a large file is streamed, not buffered.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { ProbeResponse, ProbeStream } from '../../../contracts/engine';
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';
import { DUB_UPLOAD } from '../../../contracts/constants';
import { EngineHttpError } from '../../http';
import { runProcess } from '../process';
import { inputArgs, refusedByWhitelist } from './input';

/** ffprobe's format names for the containers the spec accepts, mapped to the user-facing extension. */
const FORMATS: Record<string, string> = {
  mp3: 'mp3',
  'mov,mp4,m4a,3gp,3g2,mj2': 'mp4',
  wav: 'wav',
  asf: 'wmv',
  avi: 'avi',
  ogg: 'ogg',
  flv: 'flv',
};

const PROBE_TIMEOUT_MS = 30_000;

async function run(cmd: string, args: string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runProcess(cmd, args, null, timeoutMs);
  return { code, stdout: stdout.toString('utf8'), stderr };
}

const ACCEPTED = [...new Set(Object.values(FORMATS))].join(', ');

/**
 * Why an input was not read, in the engine's own words: ffmpeg's text names hosts, ports and whether they
 * answered (a playlist's "Connection refused" against "Error when loading first segment"), so it is never
 * passed on.
 */
function unreadable(stderr: string, code: number | null = 1): EngineHttpError {
  if (refusedByWhitelist(stderr)) return unsupported('unknown');
  // Killed at its limit, or the one URL it was given did not deliver (storage answered an error, the network
  // failed): nothing is known of the media, so the Worker keeps the upload and tries again later.
  if (code === null) return new EngineHttpError(504, 'timeout', 'reading the media took too long');
  if (FETCH_FAILED.test(stderr)) return new EngineHttpError(502, 'upstream', 'the media could not be fetched from storage');
  return new EngineHttpError(422, 'unreadable_media', 'the media could not be read');
}

/** ffmpeg's words for an input URL that did not deliver, as opposed to bytes it could not make sense of. */
const FETCH_FAILED = /Server returned|Connection (refused|timed out|reset)|Network is unreachable|Failed to resolve|End of file while reading HTTP|HTTP error/i;

const unsupported = (formatName: string) => new EngineHttpError(415, 'unsupported_media', `unsupported format "${formatName}"; accepted: ${ACCEPTED}`);

/** ffprobe's JSON of an input opened only as accepted media (./input.ts). */
export async function probeJson<T>(source: string): Promise<T> {
  const { code, stdout, stderr } = await run(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(source)],
    PROBE_TIMEOUT_MS,
  );
  if (code !== 0) throw unreadable(stderr, code);
  return JSON.parse(stdout) as T;
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string; bit_rate?: string };
  streams?: {
    index: number;
    codec_type?: string;
    codec_name?: string;
    sample_rate?: string;
    channels?: number;
    width?: number;
    height?: number;
    duration?: string;
  }[];
}

export async function probe(source: string): Promise<ProbeResponse> {
  const json = await probeJson<FfprobeJson>(source);
  const formatName = json.format?.format_name ?? '';
  const format = FORMATS[formatName];
  if (!format) throw unsupported(formatName || 'unknown');
  const streams: ProbeStream[] = (json.streams ?? []).map((s) => ({
    index: s.index,
    type: s.codec_type === 'audio' || s.codec_type === 'video' || s.codec_type === 'subtitle' ? s.codec_type : 'data',
    codec: s.codec_name ?? 'unknown',
    ...(s.sample_rate ? { sampleRate: Number(s.sample_rate) } : {}),
    ...(s.channels ? { channels: s.channels } : {}),
    ...(s.width ? { width: s.width, height: s.height ?? 0 } : {}),
  }));
  const durations = [json.format?.duration, ...(json.streams ?? []).map((s) => s.duration)].map(Number).filter((d) => Number.isFinite(d) && d > 0);
  return {
    format,
    duration: durations.length ? Math.round(durations[0]! * 1000) / 1000 : 0,
    bitRate: json.format?.bit_rate ? Number(json.format.bit_rate) : null,
    streams,
  };
}

/** Probes and insists on an audio stream: every speech call starts here so bad input fails fast as 4xx. */
export async function probeAudio(source: string): Promise<ProbeResponse> {
  const info = await probe(source);
  if (!info.streams.some((s) => s.type === 'audio')) {
    throw new EngineHttpError(422, 'no_audio', `the ${info.format} file has no audio stream`);
  }
  return info;
}

export type OutputFormat = 's16le' | 'wav';

/** A stretch of the input, seconds: decoding seeks to `start` (a range request on a URL) and stops at `end`. */
export interface Span {
  start?: number;
  end?: number;
}

/** `also`: further outputs of the same decode (their own output options and path), written beside stdout's. */
export function extractProcess(
  source: string,
  format: OutputFormat = 's16le',
  span: Span = {},
  also: string[] = [],
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      ...(span.start ? ['-ss', String(span.start)] : []),
      ...(span.end ? ['-to', String(span.end)] : []),
      ...inputArgs(source),
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(ENGINE_SAMPLE_RATE),
      '-acodec',
      'pcm_s16le',
      '-f',
      format,
      'pipe:1',
      ...also,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** Media longer than any the product accepts (a dubbing upload, 4 h): the length assumed when a probe found none. */
const LONGEST_MEDIA_SECONDS = DUB_UPLOAD.maxSeconds;

/**
 * How long decoding `seconds` of media may take before ffmpeg counts as hung: twice the media's length (decoding
 * runs many times faster than real time even on a busy core), never under two minutes.
 */
export function mediaTimeoutMs(seconds: number): number {
  return Math.max(120_000, 2 * 1000 * (seconds > 0 ? seconds : LONGEST_MEDIA_SECONDS));
}

/** Seconds of `span` in media of `duration` seconds (0 when neither tells). */
export function spanSeconds(duration: number, span: Span = {}): number {
  const end = span.end !== undefined && (duration <= 0 || span.end < duration) ? span.end : duration;
  return Math.max(0, end - (span.start ?? 0));
}

/** The error of a decode stopped at its limit: the job it belongs to fails saying so, instead of waiting forever. */
export const decodeTimeout = (timeoutMs: number) =>
  new EngineHttpError(504, 'timeout', `decoding the audio took longer than ${Math.round(timeoutMs / 1000)} s, the limit for its length; ffmpeg was stopped`);

export interface DecodeOptions {
  signal?: AbortSignal;
  span?: Span;
  /** Past this, ffmpeg is killed and the decode fails with decodeTimeout (mediaTimeoutMs of the media's length). */
  timeoutMs: number;
  /** Further outputs of the same decode (extractProcess). */
  also?: string[];
}

/**
 * The decoded audio as Int16 chunks, streamed. Chunks are re-aligned to whole samples because pipe reads
 * can split a sample. Aborting kills ffmpeg; a non-zero exit becomes the engine's 415 or 422, running past
 * `timeoutMs` a 504.
 */
export async function* pcmChunks(source: string, { signal, span, timeoutMs, also }: DecodeOptions): AsyncGenerator<Int16Array> {
  const child = extractProcess(source, 's16le', span, also);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d.slice(0, 4000)));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const kill = () => child.kill('SIGKILL');
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, timeoutMs);
  signal?.addEventListener('abort', kill, { once: true });
  let carry: Buffer | null = null;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let buf: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const usable = buf.length - (buf.length % 2);
      carry = usable < buf.length ? Buffer.from(buf.subarray(usable)) : null;
      buf = buf.subarray(0, usable);
      if (buf.length === 0) continue;
      // Copy so the Int16Array is aligned and owns its memory.
      const samples = new Int16Array(buf.length / 2);
      Buffer.from(samples.buffer).set(buf);
      yield samples;
    }
    const code = await exited;
    if (timedOut) throw decodeTimeout(timeoutMs);
    if (signal?.aborted) return;
    if (code !== 0) throw unreadable(stderr);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', kill);
    if (child.exitCode === null) kill();
  }
}

export function int16ToFloat32(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]! / 32768;
  return out;
}

export function float32ToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768)));
  return out;
}

export async function ffmpegVersion(): Promise<string | null> {
  try {
    const { code, stdout } = await run('ffmpeg', ['-version'], 5_000);
    return code === 0 ? ((stdout.split('\n')[0] ?? '').replace(/^ffmpeg version /, '').split(' ')[0] ?? null) : null;
  } catch {
    return null;
  }
}
