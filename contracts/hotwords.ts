/**
 * Post-correction of recognised text towards a list of proprietary words (spec §3 Vocabulary library: words
 * the recogniser should get right). A recogniser that has never heard "WhatsApp" writes what it sounds
 * like ("what sad"); a run of recognised words that sounds like a hot word and is spelt much like it
 * becomes the hot word. Spaced languages compare Double Metaphone keys and letters; Chinese compares
 * toneless pinyin. Everything about the hot words is computed once per list; each line costs only its
 * own windows. No validation library: the engine and the Worker both use it.
 */
import { doubleMetaphone } from 'double-metaphone';
import { COMMON_ENGLISH_WORDS } from './common-words-en';

/**
 * pinyin-pro builds its dictionaries when it is evaluated (most of a Worker's startup CPU when it was
 * imported up front), so it is loaded by the first Chinese hot-word list only.
 */
type Pinyin = typeof import('pinyin-pro')['pinyin'];
let pinyinLoading: Promise<Pinyin> | undefined;
const loadPinyin = () => (pinyinLoading ??= import('pinyin-pro').then((m) => m.pinyin));

/**
 * Thresholds, measured with engine/bench/hotwords.ts and against every word of the recogniser's dictionary:
 * a window is replaced when its sound key is within PHONETIC of the hot word's and its letters within
 * LETTERS (both as edit distance over the longer length), and its letters are between LENGTH and 1/LENGTH
 * of the hot word's. Looser bounds (0.34 / 0.5 / 0.6) turned "bing" into "Tingyi" and "cabinets" into
 * "Kubernetes"; with these, only rare single words come close, and a single common word is never replaced
 * (COMMON_ENGLISH_WORDS; in other languages, with no such list, a single word is never replaced at all).
 */
const PHONETIC = 0.25;
const LETTERS = 0.4;
const LENGTH = 0.75;
/** Hot words whose sound key is shorter than this are too easy to hear everywhere: exact matches only. */
const MIN_KEY = 3;
/** Chinese: toneless pinyin within this distance (over its length) of a hot word of at least 3 characters. */
const PINYIN = 0.15;

const CHINESE = /^(zh|yue|cmn|wuu)(-|$)/i;
const ENGLISH = /^en(-|$)/i;
let commonEnglish: Set<string> | undefined;
const common = () => (commonEnglish ??= new Set(COMMON_ENGLISH_WORDS.split(/\s+/)));
const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** Levenshtein distance over the longer length: 0 same, 1 nothing alike. */
function editRatio(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length || !b.length) return 1;
  return distanceWithin(a, b, Math.max(a.length, b.length)) / Math.max(a.length, b.length);
}

let row = new Int32Array(64);
let next = new Int32Array(64);

/**
 * Levenshtein distance when it is at most `limit`, else limit + 1. Every call of a line's windows against
 * every hot word goes through here, so it reuses two rows and stops as soon as no path can stay in bounds.
 */
function distanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (b.length + 1 > row.length) {
    row = new Int32Array(b.length * 2 + 2);
    next = new Int32Array(b.length * 2 + 2);
  }
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    next[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      next[j] = v;
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    [row, next] = [next, row];
  }
  return row[b.length]!;
}

/** Edit distance over the longer length, or 1 when it exceeds `ratio`. */
function ratioWithin(a: string, b: string, ratio: number): number {
  const longer = Math.max(a.length, b.length);
  if (!longer) return 0;
  const d = distanceWithin(a, b, Math.floor(ratio * longer + 1e-9));
  return d / longer > ratio ? 1 : d / longer;
}

const letters = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^\p{L}\p{N}]/gu, '');

interface Spaced {
  text: string;
  /** Lower-case letters of each word, and of all of them together. */
  tokens: string[];
  letters: string;
  keys: [string, string];
  words: number;
}

/** A replacement: tokens [from, to) become `text`. */
export interface HotwordSpan {
  from: number;
  to: number;
  text: string;
}

export interface HotwordCorrector {
  (text: string): string;
  /** What `spans` takes: recognised words, or (Chinese) single characters. */
  unit: 'word' | 'char';
  /** The spans of a token list to replace, left to right, never overlapping. */
  spans(tokens: readonly string[]): HotwordSpan[];
}

/** The corrector of an empty list: text stays as recognised. */
export const noHotwords: HotwordCorrector = Object.assign((text: string) => text, { unit: 'word' as const, spans: () => [] });

function phoneticDistance(a: [string, string], b: [string, string]) {
  let best = 1;
  for (const x of a) for (const y of b) if (x && y) best = Math.min(best, ratioWithin(x, y, PHONETIC));
  return best;
}

/** Chooses the best-scoring spans that do not overlap one another or an exact occurrence. */
function pick(candidates: (HotwordSpan & { score: number })[], locked: boolean[]): HotwordSpan[] {
  candidates.sort((a, b) => a.score - b.score || b.to - b.from - (a.to - a.from) || a.from - b.from);
  const taken = locked.slice();
  const chosen: HotwordSpan[] = [];
  for (const c of candidates) {
    let free = true;
    for (let i = c.from; i < c.to && free; i++) if (taken[i]) free = false;
    if (!free) continue;
    for (let i = c.from; i < c.to; i++) taken[i] = true;
    chosen.push({ from: c.from, to: c.to, text: c.text });
  }
  return chosen.sort((a, b) => a.from - b.from);
}

/** Sound keys of recognised windows, kept across lines (transcripts repeat themselves) up to a bound. */
type KeyCache = Map<string, [string, string]>;
const KEY_CACHE_MAX = 20_000;

function spacedSpans(hot: Spaced[], tokens: readonly string[], guard: Set<string> | null, keyCache: KeyCache): HotwordSpan[] {
  const lower = tokens.map((t) => letters(t));
  const locked = new Array<boolean>(tokens.length).fill(false);
  // A hot word already said right stays as it is, and nothing may be rewritten across it.
  for (const h of hot) {
    for (let i = 0; i + h.words <= tokens.length; i++) {
      let same = true;
      for (let k = 0; k < h.words && same; k++) if (lower[i + k] !== h.tokens[k]) same = false;
      if (same) for (let k = i; k < i + h.words; k++) locked[k] = true;
    }
  }
  const maxWords = Math.max(...hot.map((h) => h.words)) + 2;
  if (keyCache.size > KEY_CACHE_MAX) keyCache.clear();
  const candidates: (HotwordSpan & { score: number })[] = [];
  for (let from = 0; from < tokens.length; from++) {
    if (locked[from]) continue;
    let joined = '';
    for (let to = from + 1; to <= Math.min(tokens.length, from + maxWords); to++) {
      if (locked[to - 1]) break;
      joined += lower[to - 1];
      const count = to - from;
      // One recognised word is replaced only when it is not a word the recogniser commonly (and rightly) writes.
      if (count === 1 && (!guard || guard.has(joined))) continue;
      let keys: [string, string] | undefined;
      for (const h of hot) {
        // The recogniser splits an unknown word into a few known ones, rarely into more than two extra.
        if (count < h.words - 1 || count > h.words + 2) continue;
        const ratio = joined.length / h.letters.length;
        if (ratio < LENGTH || ratio > 1 / LENGTH) continue;
        // Sound keys are a few letters long, so they are the cheaper test and go first.
        if (!keys) {
          keys = keyCache.get(joined) ?? doubleMetaphone(joined);
          keyCache.set(joined, keys);
        }
        const sound = phoneticDistance(keys, h.keys);
        if (sound > PHONETIC) continue;
        const spelling = ratioWithin(joined, h.letters, LETTERS);
        if (spelling > LETTERS) continue;
        candidates.push({ from, to, text: h.text, score: sound + spelling / 2 });
      }
    }
  }
  return pick(candidates, locked);
}

interface Chinese {
  text: string;
  chars: number;
  syllables: string;
}

function chineseSpans(pinyin: Pinyin, hot: Chinese[], chars: readonly string[]): HotwordSpan[] {
  // One item per character (context picks the reading of characters with several); none for other scripts.
  const syllables = pinyin(chars.join(''), { toneType: 'none', type: 'array' });
  const perChar = chars.map((c, i) => (HAN.test(c) ? (syllables[i] ?? '') : ''));
  const text = chars.join('');
  const locked = new Array<boolean>(chars.length).fill(false);
  for (const h of hot) {
    for (let at = text.indexOf(h.text); at !== -1; at = text.indexOf(h.text, at + 1)) {
      const from = [...text.slice(0, at)].length;
      for (let i = from; i < from + h.chars; i++) locked[i] = true;
    }
  }
  const candidates: (HotwordSpan & { score: number })[] = [];
  for (const h of hot) {
    for (let from = 0; from + h.chars <= chars.length; from++) {
      let ok = true;
      for (let i = from; i < from + h.chars && ok; i++) if (locked[i] || !perChar[i]) ok = false;
      if (!ok) continue;
      const window = perChar.slice(from, from + h.chars).join(' ');
      const distance = editRatio(window, h.syllables);
      if (distance === 0 || (h.chars >= 3 && distance <= PINYIN)) candidates.push({ from, to: from + h.chars, text: h.text, score: distance });
    }
  }
  return pick(candidates, locked);
}

/**
 * A corrector for one list of hot words in one language. Languages with neither a phonetic key here nor
 * pinyin (Japanese, Korean, non-Latin scripts) are left as recognised: a wrong correction is worse than none.
 */
export async function hotwordCorrector(hotwords: readonly string[], language: string): Promise<HotwordCorrector> {
  const words = [...new Set(hotwords.map((w) => w.trim()).filter(Boolean))];
  if (!words.length) return noHotwords;
  if (CHINESE.test(language)) {
    const chinese = words.filter((w) => HAN.test(w) && [...w].every((c) => HAN.test(c)));
    if (!chinese.length) return noHotwords;
    const pinyin = await loadPinyin();
    const hot = chinese.map((w) => ({ text: w, chars: [...w].length, syllables: pinyin(w, { toneType: 'none', type: 'array' }).join(' ') }));
    const spans = (tokens: readonly string[]) => chineseSpans(pinyin, hot, tokens);
    return Object.assign(
      (text: string) => {
        const chars = [...text];
        return apply(chars, spans(chars), '');
      },
      { unit: 'char' as const, spans },
    );
  }
  const hot: Spaced[] = words
    .map((w) => {
      const joined = letters(w);
      const tokens = (w.match(WORD) ?? []).map(letters);
      return { text: w, tokens, letters: joined, keys: doubleMetaphone(joined), words: tokens.length };
    })
    .filter((h) => h.words > 0 && /^[a-z0-9]+$/.test(h.letters) && h.keys[0].length >= MIN_KEY);
  if (!hot.length) return noHotwords;
  const guard = ENGLISH.test(language) ? common() : null;
  const keyCache: KeyCache = new Map();
  const spans = (tokens: readonly string[]) => spacedSpans(hot, tokens, guard, keyCache);
  return Object.assign(
    (text: string) => {
      const matches = [...text.matchAll(WORD)];
      if (!matches.length) return text;
      const found = spans(matches.map((m) => m[0]));
      if (!found.length) return text;
      let out = '';
      let at = 0;
      for (const s of found) {
        const start = matches[s.from]!.index;
        const last = matches[s.to - 1]!;
        out += text.slice(at, start) + s.text;
        at = last.index + last[0].length;
      }
      return out + text.slice(at);
    },
    { unit: 'word' as const, spans },
  );
}

function apply(tokens: string[], spans: HotwordSpan[], separator: string) {
  if (!spans.length) return tokens.join(separator);
  const out: string[] = [];
  let at = 0;
  for (const s of spans) {
    out.push(...tokens.slice(at, s.from), s.text);
    at = s.to;
  }
  out.push(...tokens.slice(at));
  return out.join(separator);
}

/**
 * Timed words after correction, times kept: a replaced run becomes one word from the run's first start to
 * its last end. Chinese spans count characters, so a span may begin or end inside a word; that word's
 * other characters stay with the replacement.
 */
export function correctWords<W extends { word: string; start: number; end: number }>(corrector: HotwordCorrector, words: readonly W[]): W[] {
  if (corrector === noHotwords || !words.length) return words.slice();
  const byChar = corrector.unit === 'char';
  const tokens = byChar ? words.flatMap((w) => [...w.word]) : words.map((w) => w.word);
  const spans = corrector.spans(tokens);
  if (!spans.length) return words.slice();
  // The word each token belongs to, and where in that word it sits.
  const owner: number[] = [];
  const offset: number[] = [];
  words.forEach((w, i) => {
    const n = byChar ? [...w.word].length : 1;
    for (let k = 0; k < n; k++) {
      owner.push(i);
      offset.push(k);
    }
  });
  const out: W[] = [];
  let at = 0;
  for (const s of spans) {
    const first = owner[s.from]!;
    const last = owner[s.to - 1]!;
    if (first < at) continue;
    out.push(...words.slice(at, first));
    const head = byChar ? [...words[first]!.word].slice(0, offset[s.from]).join('') : '';
    const tail = byChar ? [...words[last]!.word].slice(offset[s.to - 1]! + 1).join('') : '';
    out.push({ ...words[first]!, word: head + s.text + tail, end: words[last]!.end });
    at = last + 1;
  }
  out.push(...words.slice(at));
  return out;
}

/** A recognised segment (or live final) with its text and, when it has them, its timed words corrected. */
export function correctSegment<S extends { text: string; words?: { word: string; start: number; end: number }[] }>(corrector: HotwordCorrector, segment: S): S {
  if (corrector === noHotwords) return segment;
  return { ...segment, text: corrector(segment.text), ...(segment.words ? { words: correctWords(corrector, segment.words) } : {}) };
}

/**
 * Whisper's prompt is the documented way to bias its spelling of names and jargon; it reads at most 224
 * tokens, so a long list is cut to what fits in roughly that many.
 */
const PROMPT_CHARS = 800;

export function hotwordPrompt(hotwords: readonly string[] = []): string {
  let prompt = '';
  for (const word of hotwords) {
    const next = prompt ? `${prompt}, ${word}` : word;
    if (next.length > PROMPT_CHARS) break;
    prompt = next;
  }
  return prompt;
}
