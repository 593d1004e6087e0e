/**
 * The extract job: decodes an upload (read by URL) once, finding speech while the PCM is written to a local
 * file, then stores that audio as one WAV by presigned PUT. The Worker cuts recognition pieces from that WAV
 * by byte range, so the upload itself is never decoded again. The same ffmpeg run writes the player's
 * compressed audio as a second output when asked, stored beside it.
 */
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ENGINE_SAMPLE_RATE, type ExtractJob, type ExtractJobResult } from '../../../contracts/engine';
import { wavHeader } from '../asr/openai';
import { speechSegments } from '../vad/silero';
import { pcmChunks, probeAudio } from './ffmpeg';
import { PLAYER_AUDIO_TYPE, playerAudioOutput } from './player-audio';
import { upload } from './transfer';

const round = (s: number) => Math.round(s * 1000) / 1000;

export async function extractJob(job: Pick<ExtractJob, 'url' | 'put' | 'player'>, opts: { tmpDir: string; vadModel: string }): Promise<ExtractJobResult> {
  await probeAudio(job.url);
  await mkdir(opts.tmpDir, { recursive: true });
  const dir = await mkdtemp(join(opts.tmpDir, 'extract-'));
  try {
    const path = join(dir, 'audio.pcm');
    const playerPath = join(dir, 'player.m4a');
    const file = await open(path, 'w');
    let bytes = 0;
    async function* written() {
      for await (const chunk of pcmChunks(job.url, undefined, undefined, job.player ? playerAudioOutput(playerPath) : [])) {
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
    await upload(job.put, path, 'audio/wav', wavHeader(bytes));
    if (!job.player) return { bytes, segments };
    return { bytes, segments, playerBytes: await upload(job.player, playerPath, PLAYER_AUDIO_TYPE) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
