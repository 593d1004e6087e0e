/**
 * ffprobe / ffmpeg as child processes: the engine never decodes media itself. Inputs are paths or http(s)
 * URLs; ffmpeg reads URLs with Range requests, so a large file is streamed, not buffered.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { ProbeResponse, ProbeStream } from '../../../contracts/engine';
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';
import { EngineHttpError } from '../../http';
import { runProcess } from '../process';

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

/** The first meaningful line of ffmpeg's complaint, without the input path (which may be a signed URL). */
function reason(stderr: string, source: string): string {
  const line =
    stderr
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? 'unknown error';
  return line
    .split(source)
    .join('input')
    .replace(/^input:\s*/, '');
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
  const { code, stdout, stderr } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', source], PROBE_TIMEOUT_MS);
  if (code !== 0) throw new EngineHttpError(422, 'unreadable_media', `the media could not be read: ${reason(stderr, source)}`);
  const json = JSON.parse(stdout) as FfprobeJson;
  const formatName = json.format?.format_name ?? '';
  const format = FORMATS[formatName];
  if (!format) {
    throw new EngineHttpError(
      415,
      'unsupported_media',
      `unsupported format "${formatName || 'unknown'}"; accepted: ${[...new Set(Object.values(FORMATS))].join(', ')}`,
    );
  }
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

/** ffmpeg decoding the first audio stream to 16 kHz mono PCM16 on stdout. */
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
      '-i',
      source,
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

/**
 * The decoded audio as Int16 chunks, streamed. Chunks are re-aligned to whole samples because pipe reads
 * can split a sample. Aborting kills ffmpeg; a non-zero exit becomes a 422 with ffmpeg's reason.
 */
export async function* pcmChunks(source: string, signal?: AbortSignal, span?: Span, also?: string[]): AsyncGenerator<Int16Array> {
  const child = extractProcess(source, 's16le', span, also);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d.slice(0, 4000)));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const kill = () => child.kill('SIGKILL');
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
    if (signal?.aborted) return;
    if (code !== 0) throw new EngineHttpError(422, 'unreadable_media', `the audio could not be decoded: ${reason(stderr, source)}`);
  } finally {
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
