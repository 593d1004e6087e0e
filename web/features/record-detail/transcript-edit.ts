import { UNDO_STEPS } from '../../../contracts/constants';
import type { SubtitleLine } from '../../../contracts/records';
import type { EditedLine } from '../../../contracts/transcription';
import { parseTimecode } from '../../../contracts/timecode';
import type { Locale } from '../../../contracts/locale';
import { DEFAULT_SPEAKER_NAMES, defaultSpeakerNumber } from '../../../contracts/speaker-labels';

/**
 * The record detail editor's model, free of React so every subtitle rule of spec §5 is tested on its own:
 * end not before start, start not after end, a readable time, no overlap with the neighbours, nothing past
 * the media, no new line past the media, the last line stays, undo up to 5 steps (and redo what was undone),
 * find and replace as undoable steps, and merging lines of
 * different speakers only once confirmed. Each operation returns a new transcript or the rule it broke.
 */

export interface DraftLine {
  /** Stable React key: the server's line id, or a negative number for lines added here. */
  key: number;
  start: number;
  end: number;
  text: string;
  speaker: string;
  translations: Record<string, string>;
}

export interface Transcript {
  lines: readonly DraftLine[];
  /** Earlier versions of `lines`, newest last, at most UNDO_STEPS of them. */
  past: readonly (readonly DraftLine[])[];
  /** Versions undone, newest last, for redo; any new edit drops them. */
  future?: readonly (readonly DraftLine[])[];
  /** The text field being typed into: further keystrokes there extend the same undo step. */
  typing: string | null;
  nextKey: number;
}

export type EditError =
  | 'endBeforeStart'
  | 'startAfterEnd'
  | 'badTimeFormat'
  | 'overlapPrevious'
  | 'overlapNext'
  | 'pastMedia'
  | 'addPastMedia'
  | 'noRoomToAdd'
  | 'lastLine'
  | 'noNextLine'
  | 'speakersDiffer'
  | 'nothingToUndo'
  | 'nothingToRedo'
  | 'nothingToReplace'
  | 'emptySpeaker'
  | 'speakerExists'
  | 'unknownSpeaker';

/**
 * A refused edit: the rule it broke, the line it concerns (its index), and what the message names besides —
 * the neighbour it would overlap and the time the user should stay on the right side of.
 */
export interface Refusal {
  error: EditError;
  line?: number;
  other?: number;
  /** Milliseconds: the limit the typed time crossed. */
  at?: number;
}

export type EditResult = { ok: true; transcript: Transcript } | ({ ok: false } & Refusal);

/** A line added after another lasts this long when the gap allows. */
export const NEW_LINE_MS = 2000;

const fail = (error: EditError, about: Omit<Refusal, 'error'> = {}): EditResult => ({ ok: false, error, ...about });

function commit(t: Transcript, lines: readonly DraftLine[], typing: string | null = null, nextKey = t.nextKey): EditResult {
  const extending = typing !== null && typing === t.typing;
  return {
    ok: true,
    transcript: { lines, past: extending ? t.past : [...t.past, t.lines].slice(-UNDO_STEPS), future: [], typing, nextKey },
  };
}

const replaceAt = (lines: readonly DraftLine[], index: number, ...replacement: DraftLine[]) => [
  ...lines.slice(0, index),
  ...replacement,
  ...lines.slice(index + 1),
];

export function fromLines(lines: readonly SubtitleLine[]): Transcript {
  return {
    lines: lines.map(({ id, start, end, text, speaker, translations }) => ({ key: id, start, end, text, speaker, translations })),
    past: [],
    typing: null,
    nextKey: -1,
  };
}

/** The line at `index`: the editor only asks for lines it shows, so any other index is a bug. */
function lineAt(t: Transcript, index: number): DraftLine {
  const line = t.lines[index];
  if (!line) throw new RangeError(`no line at ${index}`);
  return line;
}

/** Whether two lines say the same words at the same times by the same speaker (translations aside). */
const sameWords = (a: Omit<DraftLine, 'key'>, b: Omit<DraftLine, 'key'>) =>
  a.start === b.start && a.end === b.end && a.text === b.text && a.speaker === b.speaker;

/** Whether the server's lines say what `lines` say (ids aside): a save coming back, not someone else's change. */
export function sameContent(lines: readonly DraftLine[], server: readonly SubtitleLine[]): boolean {
  return (
    lines.length === server.length &&
    lines.every((line, i) => {
      const other = server[i];
      return other !== undefined && sameWords(line, other) && sameTranslations(line.translations, other.translations);
    })
  );
}

function sameTranslations(a: Record<string, string>, b: Record<string, string>): boolean {
  const languages = Object.keys(a);
  return languages.length === Object.keys(b).length && languages.every((language) => a[language] === b[language]);
}

/**
 * The server's own translation work taken into unsaved edits: a re-worded line's old translation dropped and
 * made again, or "translate again". A line the server still has with the words saved here, and whose
 * translations were not touched here since, takes the server's translations: in the edits, in the undo
 * history and in what counts as saved. So it is neither this tab's edit (a save or an undo would bring the old
 * translation back) nor another tab's change (a conflict), and the new translation shows while the person
 * goes on editing other lines. Returns the same objects when no line takes anything.
 */
export function withServerTranslations(
  t: Transcript,
  saved: readonly DraftLine[],
  server: readonly SubtitleLine[],
): { transcript: Transcript; saved: readonly DraftLine[] } {
  const byId = new Map(server.map((line) => [line.id, line]));
  const news = new Map<number, Record<string, string>>();
  for (const base of saved) {
    const other = byId.get(base.key);
    if (other && sameWords(base, other) && !sameTranslations(base.translations, other.translations)) news.set(base.key, other.translations);
  }
  if (news.size === 0) return { transcript: t, saved };
  const savedByKey = new Map(saved.map((line) => [line.key, line]));
  // One array in, one array out: a version the history shares with what is saved stays that same array, so
  // undoing back to it is still "nothing unsaved".
  const done = new Map<readonly DraftLine[], readonly DraftLine[]>();
  const take = (lines: readonly DraftLine[]) => {
    const known = done.get(lines);
    if (known) return known;
    let changed = false;
    const next = lines.map((line) => {
      const translations = news.get(line.key);
      const base = savedByKey.get(line.key);
      if (!translations || !base || !sameTranslations(line.translations, base.translations)) return line;
      changed = true;
      return { ...line, translations };
    });
    const result = changed ? next : lines;
    done.set(lines, result);
    return result;
  };
  const kept = take(saved);
  const transcript = { ...t, lines: take(t.lines), past: t.past.map(take), ...(t.future ? { future: t.future.map(take) } : {}) };
  return { transcript, saved: kept };
}

/** What `editDetails` stores: every line, in order. */
export function toEditedLines(lines: readonly DraftLine[]): EditedLine[] {
  return lines.map(({ start, end, text, speaker, translations }) => ({ start, end, text, speaker, translations }));
}

/** The source text, or with `language` that translation. Typing is one undo step per field. */
export function editText(t: Transcript, index: number, text: string, language?: string): EditResult {
  const line = lineAt(t, index);
  return commit(t, replaceAt(t.lines, index, withField(line, language, text)), `${line.key}:${language ?? ''}`);
}

/** Leaving a text field closes its undo step: typing there again later is a new one. */
export function endTyping(t: Transcript): Transcript {
  return t.typing === null ? t : { ...t, typing: null };
}

/** A start or end time typed by the user, checked against the line itself, its neighbours and the media. */
export function setTime(t: Transcript, index: number, edge: 'start' | 'end', input: string, mediaMs: number): EditResult {
  const ms = parseTimecode(input);
  if (ms === null) return fail('badTimeFormat', { line: index });
  const line = lineAt(t, index);
  const next = { ...line, [edge]: ms };
  if (next.end < next.start)
    return edge === 'start' ? fail('startAfterEnd', { line: index, at: line.end }) : fail('endBeforeStart', { line: index, at: line.start });
  const before = t.lines[index - 1];
  const after = t.lines[index + 1];
  if (before && next.start < before.end) return fail('overlapPrevious', { line: index, other: index - 1, at: before.end });
  if (after && next.end > after.start) return fail('overlapNext', { line: index, other: index + 1, at: after.start });
  if (mediaMs > 0 && next.end > mediaMs) return fail('pastMedia', { line: index, at: mediaMs });
  if (next.start === line.start && next.end === line.end) return { ok: true, transcript: t };
  return commit(t, replaceAt(t.lines, index, next));
}

/** An empty line for the same speaker in the gap after `index`, up to NEW_LINE_MS long. */
export function addLineAfter(t: Transcript, index: number, mediaMs: number): EditResult {
  const line = lineAt(t, index);
  const start = line.end;
  const limit = Math.min(t.lines[index + 1]?.start ?? Infinity, mediaMs > 0 ? mediaMs : Infinity);
  if (mediaMs > 0 && start >= mediaMs) return fail('addPastMedia', { line: index, at: mediaMs });
  if (start >= limit) return fail('noRoomToAdd', { line: index, other: index + 1 });
  const added: DraftLine = { key: t.nextKey, start, end: Math.min(start + NEW_LINE_MS, limit), text: '', speaker: line.speaker, translations: {} };
  return commit(t, replaceAt(t.lines, index, line, added), null, t.nextKey - 1);
}

export function deleteLine(t: Transcript, index: number): EditResult {
  if (t.lines.length <= 1) return fail('lastLine', { line: index });
  return commit(
    t,
    t.lines.filter((_, i) => i !== index),
  );
}

/** Merging a line into the next would hide a change of speaker: the caller asks first. */
export function mergeNeedsConfirmation(t: Transcript, index: number): boolean {
  const next = t.lines[index + 1];
  return next !== undefined && next.speaker !== t.lines[index]?.speaker;
}

/** One line from `index` and the next: their span, their texts joined, the first line's speaker. */
export function mergeWithNext(t: Transcript, index: number, { confirmed = false } = {}): EditResult {
  const line = lineAt(t, index);
  const next = t.lines[index + 1];
  if (!next) return fail('noNextLine', { line: index });
  if (mergeNeedsConfirmation(t, index) && !confirmed) return fail('speakersDiffer');
  const translations: Record<string, string> = { ...next.translations, ...line.translations };
  for (const language of Object.keys(translations)) {
    translations[language] = joinText(line.translations[language] ?? '', next.translations[language] ?? '');
  }
  const merged: DraftLine = { ...line, end: next.end, text: joinText(line.text, next.text), translations };
  return commit(t, [...t.lines.slice(0, index), merged, ...t.lines.slice(index + 2)]);
}

/** Characters of scripts written without spaces between words (CJK, kana, full-width forms). */
const UNSPACED = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

function joinText(a: string, b: string): string {
  if (!a || !b) return a || b;
  return UNSPACED.test(a.slice(-1)) || UNSPACED.test(b.slice(0, 1)) ? a + b : `${a} ${b}`;
}

export interface SpeakerStat {
  name: string;
  lines: number;
}

/** The named speakers in order of first appearance, with how many lines each has. */
export function speakerStats(lines: readonly DraftLine[]): SpeakerStat[] {
  const counts = new Map<string, number>();
  for (const { speaker } of lines) if (speaker) counts.set(speaker, (counts.get(speaker) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, lines: count }));
}

function respeak(t: Transcript, from: string, to: string): EditResult {
  if (from === to) return { ok: true, transcript: t };
  return commit(
    t,
    t.lines.map((line) => (line.speaker === from ? { ...line, speaker: to } : line)),
  );
}

/** A new (non-empty, unused) name for every line of `from`; joining an existing speaker is `mergeSpeakers`. */
export function renameSpeaker(t: Transcript, from: string, to: string): EditResult {
  const name = to.trim();
  if (!name) return fail('emptySpeaker');
  if (name !== from && t.lines.some((l) => l.speaker === name)) return fail('speakerExists');
  return respeak(t, from, name);
}

/** Every line of `from` becomes `into`'s: one person the recogniser took for two. */
export function mergeSpeakers(t: Transcript, from: string, into: string): EditResult {
  if (!t.lines.some((l) => l.speaker === into)) return fail('unknownSpeaker');
  return respeak(t, from, into);
}

/**
 * The lines at `indices` are given to `speaker`, a speaker of the transcript or a new name: one undo step.
 * This is the fix for a line the recogniser gave to the wrong person, where renaming or merging whole
 * speakers would move every other line too.
 */
export function setLineSpeaker(t: Transcript, indices: readonly number[], speaker: string): EditResult {
  const name = speaker.trim();
  if (!name) return fail('emptySpeaker');
  const chosen = new Set(indices);
  let moved = false;
  const lines = t.lines.map((line, i) => {
    if (!chosen.has(i) || line.speaker === name) return line;
    moved = true;
    return { ...line, speaker: name };
  });
  return moved ? commit(t, lines) : { ok: true, transcript: t };
}

/**
 * The name a new speaker gets unless the user types another: the default name after the highest numbered
 * one, in the viewer's language (default names show in every language, so any of them is stored as one).
 */
export function nextSpeakerName(lines: readonly DraftLine[], locale: Locale): string {
  const highest = Math.max(0, ...lines.map((line) => defaultSpeakerNumber(line.speaker) ?? 0));
  return DEFAULT_SPEAKER_NAMES[locale].replace('{n}', String(highest + 1));
}

export const canUndo = (t: Transcript) => t.past.length > 0;
export const canRedo = (t: Transcript) => (t.future?.length ?? 0) > 0;

export function undo(t: Transcript): EditResult {
  const previous = t.past.at(-1);
  if (!previous) return fail('nothingToUndo');
  return { ok: true, transcript: { ...t, lines: previous, past: t.past.slice(0, -1), future: [...(t.future ?? []), t.lines], typing: null } };
}

export function redo(t: Transcript): EditResult {
  const next = t.future?.at(-1);
  if (!next) return fail('nothingToRedo');
  return { ok: true, transcript: { ...t, lines: next, past: [...t.past, t.lines].slice(-UNDO_STEPS), future: t.future!.slice(0, -1), typing: null } };
}

/** Where a search matched: the line, the field (its source text, or a translation by language) and the characters. */
export interface TextHit {
  line: number;
  /** The translation's language, or undefined for the source text. */
  language?: string;
  start: number;
  end: number;
}

/** `query` is found ignoring case (and the width of Latin letters), as a reader expects of a search box. */
const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/** Every occurrence of `query` in the given fields of every line, in reading order; none for an empty query. */
export function findHits(lines: readonly DraftLine[], query: string, languages: readonly (string | undefined)[]): TextHit[] {
  const needle = fold(query);
  if (!needle) return [];
  const hits: TextHit[] = [];
  lines.forEach((line, index) => {
    for (const language of languages) {
      const text = fieldText(line, language);
      // NFKC keeps the length of the letters a search matches, so positions in the folded text are the text's.
      const folded = fold(text);
      if (folded.length !== text.length) continue;
      for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
        hits.push({ line: index, ...(language ? { language } : {}), start: at, end: at + needle.length });
      }
    }
  });
  return hits;
}

const fieldText = (line: DraftLine, language: string | undefined) => (language ? (line.translations[language] ?? '') : line.text);

function withField(line: DraftLine, language: string | undefined, text: string): DraftLine {
  return language ? { ...line, translations: { ...line.translations, [language]: text } } : { ...line, text };
}

/** Replaces one hit (found by `findHits` on these lines) with `replacement`: one undo step. */
export function replaceHit(t: Transcript, hit: TextHit, replacement: string): EditResult {
  const line = t.lines[hit.line];
  if (!line) return fail('nothingToReplace');
  const text = fieldText(line, hit.language);
  return commit(t, replaceAt(t.lines, hit.line, withField(line, hit.language, text.slice(0, hit.start) + replacement + text.slice(hit.end))));
}

/** Replaces every hit of `query` in the given fields with `replacement`: one undo step for all of them. */
export function replaceAll(t: Transcript, query: string, replacement: string, languages: readonly (string | undefined)[]): EditResult {
  const hits = findHits(t.lines, query, languages);
  if (hits.length === 0) return fail('nothingToReplace');
  const lines = [...t.lines];
  // From the last hit back, so the positions of earlier hits in the same field stay right.
  for (const hit of hits.reverse()) {
    const line = lines[hit.line]!;
    const text = fieldText(line, hit.language);
    lines[hit.line] = withField(line, hit.language, text.slice(0, hit.start) + replacement + text.slice(hit.end));
  }
  return commit(t, lines);
}
