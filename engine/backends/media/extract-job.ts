/**
 * The extract job: decodes an upload (read by URL) once, finding speech while the PCM is written to a local
 * file, then stores that audio as one WAV by presigned PUT. The Worker cuts recognition pieces from that WAV
 * by byte range, so the upload itself is never decoded again. The same ffmpeg run writes the player's
 * compressed audio as a second output when asked, stored beside it. With a checkpoint, the job started again
 * after its outputs were stored (on this engine or another) answers the kept result instead of decoding again.
 */
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ENGINE_SAMPLE_RATE, type ExtractJob, type ExtractJobResult } from '../../../contracts/engine';
import { wavHeader } from '../asr/openai';
import { speechSegments } from '../vad/silero';
import { resumable } from './checkpoint';
import { mediaTimeoutMs, pcmChunks, probeAudio } from './ffmpeg';
import { PLAYER_AUDIO_TYPE, playerAudioOutput } from './player-audio';
import { upload } from './transfer';

const round = (s: number) => Math.round(s * 1000) / 1000;

export interface ExtractOptions {
  tmpDir: string;
  vadModel: string;
  /** The decode's limit for media of this many seconds (mediaTimeoutMs unless a test needs it shorter). */
  timeoutMs?: (seconds: number) => number;
}

export function extractJob(job: Pick<ExtractJob, 'id' | 'url' | 'put' | 'player' | 'checkpoint'>, opts: ExtractOptions): Promise<ExtractJobResult> {
  return resumable(job.id, job.checkpoint, () => extract(job, opts));
}

async function extract(job: Pick<ExtractJob, 'url' | 'put' | 'player'>, opts: ExtractOptions): Promise<{ result: ExtractJobResult; outputBytes: number }> {
  const info = await probeAudio(job.url);
  await mkdir(opts.tmpDir, { recursive: true });
  const dir = await mkdtemp(join(opts.tmpDir, 'extract-'));
  try {
    const path = join(dir, 'audio.pcm');
    const playerPath = join(dir, 'player.m4a');
    const file = await open(path, 'w');
    let bytes = 0;
    const timeoutMs = (opts.timeoutMs ?? mediaTimeoutMs)(info.duration);
    async function* written() {
      for await (const chunk of pcmChunks(job.url, { timeoutMs, also: job.player ? playerAudioOutput(playerPath) : [] })) {
        await file.write(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        bytes += chunk.byteLength;
        yield chunk;
      }
    }
    const segments = [];
    try {
      for await (const seg of speechSegments(opts.vadModel, written())) {
        segments.push({ start: round(seg.voiced.start / ENGINE_SAMPLE_RATE), end: round(seg.voiced.end / ENGINE_SAMPLE_RATE) });
      }
    } finally {
      await file.close();
    }
    const outputBytes = await upload(job.put, path, 'audio/wav', wavHeader(bytes));
    if (!job.player) return { result: { bytes, segments }, outputBytes };
    return { result: { bytes, segments, playerBytes: await upload(job.player, playerPath, PLAYER_AUDIO_TYPE) }, outputBytes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
