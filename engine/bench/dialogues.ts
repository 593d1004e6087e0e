/**
 * Dialogues of espeak-ng voices with a known truth (who spoke when): 2, 3 and 4 speakers of different kinds
 * (male and female variants, pitch, speed, accent), turns of one to ten seconds and short back-channel replies
 * ("Right.", "Okay."), with pauses between turns as people leave them.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_SAMPLE_RATE } from '../../contracts/engine';
import { wav } from '../backends/asr/openai';
import type { Turn } from './der';

export interface Voice {
  name: string;
  args: string[];
}

/** Voices that differ as people do: sex, register, tempo and accent. */
export const VOICES: Voice[] = [
  { name: 'low male, en-us', args: ['-v', 'en-us', '-p', '30', '-s', '160'] },
  { name: 'female, en-us+f2', args: ['-v', 'en-us+f2', '-p', '65', '-s', '175'] },
  { name: 'male, en-gb+m3, slow', args: ['-v', 'en-gb+m3', '-p', '50', '-s', '145'] },
  { name: 'high female, en-us+f4, fast', args: ['-v', 'en-us+f4', '-p', '85', '-s', '190'] },
  { name: 'deep male, en-gb-scotland+m7', args: ['-v', 'en-gb-scotland+m7', '-p', '20', '-s', '170'] },
  { name: 'female, en-gb+f3, slow', args: ['-v', 'en-gb+f3', '-p', '55', '-s', '150'] },
];

/** Which voices meet in each dialogue: four of two voices, three of three, three of four. */
const CASTS = [
  [0, 1],
  [2, 3],
  [0, 2],
  [1, 5],
  [0, 1, 2],
  [2, 3, 4],
  [1, 4, 5],
  [0, 1, 2, 3],
  [1, 2, 4, 5],
  [0, 3, 4, 5],
];

export const LINES = [
  'Let us start with the numbers from last week.',
  'I think the schedule is too tight for the testing team.',
  'We could move the review to Thursday morning.',
  'The supplier has not confirmed the delivery date yet, so we should keep a second option ready in case the parts arrive late.',
  'That is a good point.',
  'How many people signed up for the workshop?',
  'About forty so far, and the registration closes on Friday.',
  'Can we afford a second room if more people come?',
  'The budget allows it, but only if we cancel the dinner.',
  'I would rather keep the dinner, it is the part people remember, and the room can be shared with the sales team for the afternoon session.',
  'Fine, then we share the room.',
  'Who is writing the minutes today?',
  'I can do it.',
  'Please send them to everyone before noon tomorrow.',
  'The new design is ready for review, and I have put the drawings in the shared folder together with a short note on what changed since the last version.',
  'Did anyone look at the customer survey?',
  'Most answers were positive, but delivery times were a common complaint.',
  'Then delivery should be the first topic next month.',
  'We also need a decision on the office move.',
  'Let us decide that when the landlord answers.',
  'My concern is that we keep postponing the hard questions until the end of the quarter, when there is no time left to act on any of the answers we get.',
  'I understand, we will put it on the agenda for Monday.',
  'Is the travel policy changing?',
  'Only for trips abroad, which now need approval two weeks ahead.',
];

const BACKCHANNELS = ['Yes.', 'Right.', 'Okay.', 'I see.', 'Sure.', 'Exactly.'];

/** A small seeded generator, so every run builds the same dialogues. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** espeak-ng speech as 16 kHz PCM16, its leading and trailing silence cut so the truth is the voice alone. */
export function speak(voice: Voice, text: string): Int16Array {
  const raw = execFileSync('espeak-ng', [...voice.args, '--stdout', text], { maxBuffer: 64 << 20 });
  const pcm = execFileSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-ar', String(ENGINE_SAMPLE_RATE), '-ac', '1', '-f', 's16le', 'pipe:1'], {
    input: raw,
    maxBuffer: 64 << 20,
  });
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length >> 1);
  const loud = (x: number) => Math.abs(x) > 200;
  const first = samples.findIndex(loud);
  let last = samples.length - 1;
  while (last > first && !loud(samples[last]!)) last--;
  return first < 0 ? new Int16Array(0) : samples.slice(first, last + 1);
}

export interface Dialogue {
  /** 16 kHz mono WAV. */
  path: string;
  seconds: number;
  speakers: number;
  voices: string[];
  truth: Turn[];
}

/**
 * Writes dialogue `index` (0–9; 0–3 have two speakers, 4–6 three, 7–9 four) of `turns` turns into `dir`.
 * Each speaker talks at least twice; about one turn in five is a back-channel reply.
 */
export function makeDialogue(dir: string, index: number, turns: number): Dialogue {
  const cast = CASTS[index]!;
  const next = random(1000 + index);
  const order: number[] = [];
  for (let t = 0; t < turns; t++) {
    // Everyone speaks in the first rounds; after that whoever did not speak last.
    const round = t < 2 * cast.length ? t % cast.length : Math.floor(next() * cast.length);
    order.push(round === order.at(-1) ? (round + 1) % cast.length : round);
  }
  const parts: Int16Array[] = [];
  const truth: Turn[] = [];
  let at = Math.round(0.5 * ENGINE_SAMPLE_RATE);
  const noise = random(7 + index);
  const silence = (samples: number) => Int16Array.from({ length: samples }, () => Math.round((noise() - 0.5) * 40));
  parts.push(silence(at));
  for (const [t, who] of order.entries()) {
    const short = t > 0 && next() < 0.2;
    const text = short ? BACKCHANNELS[Math.floor(next() * BACKCHANNELS.length)]! : LINES[Math.floor(next() * LINES.length)]!;
    const speech = speak(VOICES[cast[who]!]!, text);
    truth.push({ start: at / ENGINE_SAMPLE_RATE, end: (at + speech.length) / ENGINE_SAMPLE_RATE, speaker: String(who + 1) });
    const pause = silence(Math.round((0.4 + next() * 0.8) * ENGINE_SAMPLE_RATE));
    parts.push(speech, pause);
    at += speech.length + pause.length;
  }
  const pcm = new Int16Array(at);
  let off = 0;
  for (const p of parts) {
    pcm.set(p, off);
    off += p.length;
  }
  const path = join(dir, `dialogue-${index}.wav`);
  writeFileSync(path, wav(pcm));
  return { path, seconds: at / ENGINE_SAMPLE_RATE, speakers: cast.length, voices: cast.map((v) => VOICES[v]!.name), truth };
}

export const DIALOGUE_COUNT = CASTS.length;
