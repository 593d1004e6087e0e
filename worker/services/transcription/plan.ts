import { CHUNK_MAX_SECONDS, LINE_MAX_SECONDS } from '../../../contracts/jobs';
import type { TimeSpan, Word } from '../../../contracts/engine';

/**
 * Pure planning for file jobs: where to cut the audio into pieces, and how to split over-long lines.
 * Times in seconds.
 */

/**
 * Pieces of at most `max` seconds of speech, cut in the middle of pauses the voice detector found, and
 * together covering the whole file so nothing the detector missed is lost. No speech: no pieces.
 */
export function planPieces(speech: TimeSpan[], duration: number, max = CHUNK_MAX_SECONDS): TimeSpan[] {
  const groups: TimeSpan[][] = [];
  for (const span of speech) {
    const group = groups.at(-1);
    if (group && span.end - group[0]!.start <= max) group.push(span);
    else groups.push([span]);
  }
  return groups.map((group, i) => {
    const before = groups[i - 1]?.at(-1);
    const after = groups[i + 1]?.[0];
    return {
      start: before ? (before.end + group[0]!.start) / 2 : 0,
      end: after ? (group.at(-1)!.end + after.start) / 2 : Math.max(duration, group.at(-1)!.end),
    };
  });
}

export interface Line extends TimeSpan {
  text: string;
  words?: Word[];
}

/** Splits lines longer than `max` seconds at the widest pause between their words, recursively. */
export function splitLongLines<T extends Line>(lines: T[], max = LINE_MAX_SECONDS): T[] {
  return lines.flatMap((line) => split(line, max));
}

function split<T extends Line>(line: T, max: number): T[] {
  const words = line.words ?? [];
  if (line.end - line.start <= max || words.length < 2) return [line];
  let at = 1;
  for (let i = 2; i < words.length; i++) {
    if (words[i]!.start - words[i - 1]!.end > words[at]!.start - words[at - 1]!.end) at = i;
  }
  // Languages written with spaces get them back between words; Chinese and Japanese text has none.
  const joiner = /\s/.test(line.text.trim()) ? ' ' : '';
  const part = (ws: Word[], start: number, end: number): T => ({ ...line, start, end, words: ws, text: ws.map((w) => w.word).join(joiner) });
  return [...split(part(words.slice(0, at), line.start, words[at - 1]!.end), max), ...split(part(words.slice(at), words[at]!.start, line.end), max)];
}
