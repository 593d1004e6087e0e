/** LibriVox read speech from PocketSphinx's test data, joined into one recording (benches and tests). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

/**
 * The first `clips` of the five LibriVox clips joined with `gap` seconds of silence after each (16 kHz mono
 * WAV), and where each clip's speech ends in it (seconds).
 */
export function librivoxRecording(gap = 1.5, clips = 5): { path: string; seconds: number; pcm: Buffer; ends: number[]; texts: string[] } {
  const ids = readFileSync(join(LIBRIVOX, 'fileids'), 'utf8').split('\n').filter(Boolean).slice(0, clips);
  // What each clip says, from the test data's transcription (`<s> words </s> (clip id)` per line).
  const said = readFileSync(join(LIBRIVOX, 'transcription'), 'utf8').split('\n');
  const texts = ids.map((id) => (said.find((l) => l.includes(`(${id.split('/').pop()})`)) ?? '').replace(/<\/?s>|\(.*\)/g, '').trim());
  const files = ids.map((id) => join(LIBRIVOX, `${id.split('/').pop()}.wav`));
  const path = join(mkdtempSync(join(tmpdir(), 'engine-bench-')), 'librivox.wav');
  const filter = `${ids.map((_, i) => `[${i}:a]apad=pad_dur=${gap}[a${i}]`).join(';')};${ids.map((_, i) => `[a${i}]`).join('')}concat=n=${ids.length}:v=0:a=1[out]`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...files.flatMap((f) => ['-i', f]),
    '-filter_complex',
    filter,
    '-map',
    '[out]',
    '-ar',
    '16000',
    '-ac',
    '1',
    path,
  ]);
  const pcm = readFileSync(path).subarray(44);
  // The clips are 16 kHz mono PCM16 WAVs with a 44-byte header.
  const ends: number[] = [];
  files.reduce((at, f) => {
    const end = at + (statSync(f).size - 44) / 32_000;
    ends.push(end);
    return end + gap;
  }, 0);
  return { path, seconds: pcm.length / 32_000, pcm, ends, texts };
}
