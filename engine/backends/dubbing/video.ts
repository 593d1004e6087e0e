/** The input video's facts the render needs, and the ffmpeg command that makes the dubbed mp4. */
import { probe, probeJson } from '../media/ffmpeg';
import { inputArgs } from '../media/input';
import { EngineHttpError } from '../../http';
import { runProcess } from '../process';
import { TTS_RATE } from './pcm';

export interface VideoInfo {
  /** Of the video stream: the output's audio is cut to exactly this, keeping picture and sound in sync. */
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

interface StreamsJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; duration?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }[];
}

export async function probeVideo(path: string): Promise<VideoInfo> {
  // The media module's probe gives the engine's usual 415 / 422 for files that are not accepted media.
  const info = await probe(path);
  const json = await probeJson<StreamsJson>(path);
  const streams = json.streams ?? [];
  // A cover image is stored as a one-frame video stream; it is not a picture to dub.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new EngineHttpError(415, 'unsupported_media', `the ${info.format} file has no video stream`);
  const duration = Number(video.duration) || Number(json.format?.duration);
  if (!(duration > 0)) throw new EngineHttpError(422, 'unreadable_media', 'the video has no duration');
  return { duration, width: video.width, height: video.height, hasAudio: streams.some((s) => s.codec_type === 'audio') };
}

/**
 * The subtitle file's name in the render's working folder: a bare name needs none of the filtergraph's
 * escaping that a full path (with `:`, `\` or `'` in it) would.
 */
export const ASS_FILE = 'subtitles.ass';

const STEREO_48K = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';

/**
 * The original audio, ducked by a compressor keyed on the new voice so the background stays audible between
 * and under the lines, mixed with the voice; the picture copied, or re-encoded with the subtitles burned in.
 */
export function renderArgs(o: { video: string; track: string; out: string; info: VideoInfo; subtitles: boolean }): string[] {
  const d = o.info.duration.toFixed(6);
  const voice = `[1:a]aresample=48000,${STEREO_48K}`;
  const audio = o.info.hasAudio
    ? `${voice},asplit=2[key][voice];` +
      // first_pts=0 fills a late-starting original with silence, so it stays where it was against the picture.
      `[0:a:0]aresample=48000:async=1:first_pts=0,${STEREO_48K},apad=whole_dur=${d},atrim=end=${d}[orig];` +
      '[orig][key]sidechaincompress=threshold=0.02:ratio=8:attack=5:release=350[bed];' +
      `[bed][voice]amix=inputs=2:duration=longest:normalize=0,atrim=end=${d}[a]`
    : `${voice},atrim=end=${d}[a]`;
  const picture = o.subtitles ? `;[0:v:0]ass=filename=${ASS_FILE}[v]` : '';
  return [
    '-nostdin',
    '-v',
    'error',
    '-y',
    ...inputArgs(o.video),
    '-f',
    's16le',
    '-ar',
    String(TTS_RATE),
    '-ac',
    '1',
    ...inputArgs(o.track, ['s16le']),
    '-filter_complex',
    audio + picture,
    '-map',
    o.subtitles ? '[v]' : '0:v:0',
    '-map',
    '[a]',
    ...(o.subtitles ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'] : ['-c:v', 'copy']),
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    o.out,
  ];
}

/**
 * Reads ffmpeg's `-progress` output (key=value lines, a block every half second) into the share of `duration`
 * written so far, 0–1, calling `report` each time a block says how far the output got.
 */
export function progressReader(duration: number, report: (fraction: number) => void): (chunk: Buffer) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // out_time_us is microseconds (out_time_ms too, despite its name, in the ffmpeg versions the engine runs).
      const match = /^out_time_us=(\d+)/.exec(line.trim());
      if (match && duration > 0) report(Math.min(1, Number(match[1]) / 1e6 / duration));
    }
  };
}

/** Runs in `dir`, the folder holding the subtitle file; `report` hears the share of the output written, 0–1. */
export async function renderVideo(args: string[], dir: string, duration: number, report?: (fraction: number) => void): Promise<void> {
  // Progress on stdout (the mp4 goes to a file), so the bar moves while the video is encoded.
  const progress = report ? ['-progress', 'pipe:1', '-nostats'] : [];
  const onStdout = report ? progressReader(duration, report) : undefined;
  // Encoding runs near real time on a small machine at worst; the limit only catches a hung ffmpeg.
  const { code, stderr } = await runProcess('ffmpeg', [...progress, ...args], null, Math.max(10 * 60_000, duration * 4000), dir, onStdout);
  // ffmpeg's text stays in the engine's log: it may name the inputs' locations.
  if (code !== 0) {
    console.error(JSON.stringify({ level: 'error', what: 'render', ffmpeg: stderr.split('\n').find(Boolean) ?? `exited ${code}` }));
    throw new EngineHttpError(422, 'unreadable_media', 'the video could not be rendered');
  }
}
