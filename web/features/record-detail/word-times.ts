import type { RecordWords, TimedWord } from '../../../contracts/record-words';
import type { TextHit } from './transcript-edit';
import type { DraftLine } from './transcript-edit';

/**
 * Where a click in a line's text plays from: the recogniser's word timings while the line still says what
 * was heard, otherwise a time proportional to the character's place in the line (an edited line, a
 * translation, a meeting without words). Also cuts the text into the pieces the reading view shows, with
 * search hits marked.
 */

/** A run of a line's text as the reading view shows it. */
export interface TextPiece {
  text: string;
  /** Where a click on it plays from, or null for the spaces and punctuation between words. */
  ms: number | null;
  /** Part of a search hit; `current` is the hit next/previous stopped at. */
  mark?: 'hit' | 'current';
}

/**
 * The words heard for each line, by line key, for lines whose text is still the text they were heard for.
 * A line keeps its position unless lines were added or deleted before it; the text and time then find it.
 */
export function wordsByLine(lines: readonly DraftLine[], heard: RecordWords | undefined): Map<number, TimedWord[]> {
  const found = new Map<number, TimedWord[]>();
  if (!heard?.lines.length) return found;
  const byText = new Map<string, RecordWords['lines']>();
  for (const entry of heard.lines) byText.set(entry.text, [...(byText.get(entry.text) ?? []), entry]);
  lines.forEach((line, index) => {
    const candidates = byText.get(line.text);
    if (!candidates) return;
    const entry =
      candidates.find((c) => c.seq === index) ??
      candidates.find((c) => c.words[0] !== undefined && c.words[0].start >= line.start - 1000 && c.words[0].start <= line.end);
    if (entry) found.set(line.key, entry.words);
  });
  return found;
}

/** A word of a script written with spaces, or one character of a script written without (CJK, kana). */
const TOKEN = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+/gu;

interface Span {
  start: number;
  end: number;
  ms: number;
}

/** Each heard word found in order in the text, with its time; null when the words do not spell the text. */
function heardSpans(text: string, words: readonly TimedWord[]): Span[] | null {
  const spans: Span[] = [];
  const folded = text.toLowerCase();
  let cursor = 0;
  for (const word of words) {
    const at = folded.indexOf(word.word.toLowerCase(), cursor);
    if (!word.word || at < 0) return null;
    spans.push({ start: at, end: at + word.word.length, ms: word.start });
    cursor = at + word.word.length;
  }
  return spans;
}

/** Each word (or CJK character) of the text, timed by its place in the line between `start` and `end`. */
function proportionalSpans(text: string, start: number, end: number): Span[] {
  return [...text.matchAll(TOKEN)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    ms: Math.round(start + ((end - start) * m.index) / Math.max(1, text.length)),
  }));
}

/**
 * The text cut into words (clickable, with their time), what lies between them, and the parts of `hits`
 * (character ranges in this text) marked, the `current` one apart.
 */
export function textPieces(
  text: string,
  timing: { start: number; end: number; words?: readonly TimedWord[] },
  hits: readonly Pick<TextHit, 'start' | 'end'>[] = [],
  current: Pick<TextHit, 'start' | 'end'> | null = null,
): TextPiece[] {
  const spans = (timing.words && heardSpans(text, timing.words)) || proportionalSpans(text, timing.start, timing.end);
  // Every place a piece begins or ends: word edges and hit edges.
  const cuts = new Set([0, text.length]);
  for (const s of spans) cuts.add(s.start).add(s.end);
  for (const h of hits) cuts.add(h.start).add(h.end);
  const edges = [...cuts].filter((c) => c >= 0 && c <= text.length).sort((a, b) => a - b);
  const pieces: TextPiece[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const span = spans.find((s) => s.start <= from && to <= s.end);
    const hit = hits.find((h) => h.start <= from && to <= h.end);
    const mark = hit ? (current && current.start === hit.start && current.end === hit.end ? 'current' : 'hit') : undefined;
    pieces.push({ text: text.slice(from, to), ms: span ? span.ms : null, ...(mark ? { mark } : {}) });
  }
  return pieces;
}
