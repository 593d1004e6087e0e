/**
 * The read-speech clip the live end-to-end tests play (pocketsphinx-testdata's LibriVox recording), its reference
 * words, and how many of them a shown text holds: live recognition is judged by recall, not by exact text.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const CLIP = 'sense_and_sensibility_01_austen_64kb-0870';

const reference = readFileSync(join(LIBRIVOX, 'transcription'), 'utf8')
  .split('\n')
  .find((l) => l.includes(`(${CLIP})`))!
  .replace(/<\/?s>|\(.*\)/g, '')
  .trim()
  .toLowerCase()
  .split(/\s+/);

/** Share of the reference words found in `text`. */
export const recall = (text: string) => {
  const heard = new Set(text.toLowerCase().split(/[^a-z']+/));
  return reference.filter((w) => heard.has(w)).length / reference.length;
};

/** Writes the clip followed by two seconds of silence (for playing in a loop) as a WAV of `rate` Hz and `channels`. */
export function writeClip(out: string, rate: number, channels: number) {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    join(LIBRIVOX, `${CLIP}.wav`),
    '-af',
    'apad=pad_dur=2',
    '-ar',
    String(rate),
    '-ac',
    String(channels),
    out,
  ]);
}
