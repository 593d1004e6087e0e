/**
 * Transcript lines made into subtitle cues to the timed-text rules of the big streaming services (Netflix's
 * English and Chinese timed-text style guides). One builder for every subtitle Tingyi writes: the Worker's
 * SRT and WebVTT exports and the engine's burned-in dubbing subtitles.
 *
 * A line too long for one cue is cut at punctuation or word boundaries into cues timed by their characters
 * (the speaker's name included, as it too is read) within the line's span, as stored lines carry no word
 * timings; the cues are then made disjoint, two frames apart, between 5/6 s and 7 s long, and held longer
 * where the pause after them lets them be read.
 */
import { disjointSpans } from './timeline';

const SUBTITLE_RULES = {
  linesPerCue: 2,
  /** 5/6 s (20 frames at 24 fps), rounded up to the millisecond. */
  minMs: 834,
  maxMs: 7000,
  /**
   * Two frames at 24 fps (83.3 ms), rounded up. An export does not know the video it will play over, and 24 fps
   * (or 23.976) is the lowest common rate, so this is two frames or more at any rate a video is likely to have.
   */
  gapMs: 84,
  /** Per script: characters a line holds and characters a second a viewer reads. */
  latin: { lineChars: 42, charsPerSecond: 20 },
  /** Chinese, Japanese and Korean: full-width characters. */
  wide: { lineChars: 16, charsPerSecond: 9 },
} as const;

export interface TimedText {
  /** Milliseconds from the media start. */
  start: number;
  end: number;
  /** '' when names are not shown. */
  speaker: string;
  text: string;
  /** Second text of a bilingual cue, null when the line has none. */
  translation: string | null;
}

export interface SubtitleCue {
  start: number;
  end: number;
  speaker: string;
  /** Text lines on screen, at most two; with `names: 'inline'`, the first cue of a turn begins with `Name: `. */
  lines: string[];
  /** The translation's lines, at most two; empty when there is none. */
  translation: string[];
}

export interface CueOptions {
  /** 'inline': the speaker's name opens the text of the first cue of each turn (SRT); 'apart': the cue only carries it (WebVTT voice spans). */
  names: 'inline' | 'apart';
  /** Most characters one cue holds per language (the dub form's characters per segment), below the two lines' limit. */
  maxChars?: number;
  /** Milliseconds the format's times are written in (10 for ASS): cue times fall on this step, so the rules survive the writing. */
  stepMs?: number;
}

const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;
/** Punctuation that must not begin a line: it stays with what precedes it. */
const CLOSING = /[,.!?;:%)\]}…、。，．！？；：）」』》〉】〕”’ー々]/u;
const SENTENCE_END = /[.!?…。！？]["'”’」』)）]*$/u;
const CLAUSE_END = /[,;:，、；：—–-]["'”’」』)）]*$/u;

/** Words a line or cue should not end on: they belong with the word after them. */
const LEANING = new Set(
  'a an the of to in on at by for with from into and or but that my your his her its our their this these those de del la el los las un una y o en con por para que le les des du et au'.split(
    ' ',
  ),
);

const length = (text: string) => [...text].length;

/** The rules of the text's script: full-width when most of its letters are. */
function scriptRules(text: string) {
  let wide = 0;
  let narrow = 0;
  for (const ch of text) {
    if (WIDE.test(ch)) wide++;
    else if (/\p{L}/u.test(ch)) narrow++;
  }
  return wide > 0 && wide >= narrow / 2 ? SUBTITLE_RULES.wide : SUBTITLE_RULES.latin;
}

/** Text on one line: whitespace runs become one space, control characters go. */
export function oneLine(text: string) {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

interface Token {
  text: string;
  space: boolean;
}

/**
 * Chinese and Japanese words where the runtime knows them (ICU's dictionaries); else each character is one.
 * Made on first use: making it loads the dictionaries, a large share of the Worker's startup otherwise.
 */
let words: Intl.Segmenter | null | undefined;
const wordSegmenter = () => (words ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh', { granularity: 'word' }) : null);

/**
 * Latin words, full-width words (a line may break between any two) and spaces; closing punctuation stays
 * with what precedes it, and a word longer than a line is cut into line-long pieces, so no token is longer
 * than `lineChars`.
 */
function tokenize(text: string, lineChars: number): Token[] {
  const out: Token[] = [];
  const push = (word: string) => {
    const chars = [...word];
    for (let i = 0; i < chars.length; i += lineChars) out.push({ text: chars.slice(i, i + lineChars).join(''), space: false });
  };
  let word = '';
  let wide = '';
  const flush = () => {
    push(word);
    word = '';
    const segmenter = wordSegmenter();
    const words = segmenter ? Array.from(segmenter.segment(wide), (s) => s.segment) : [...wide];
    for (const w of words) push(w);
    wide = '';
  };
  for (const ch of oneLine(text)) {
    if (WIDE.test(ch) && !CLOSING.test(ch)) {
      push(word);
      word = '';
      wide += ch;
      continue;
    }
    if (wide) flush();
    const last = out[out.length - 1];
    if (ch === ' ') {
      flush();
      out.push({ text: ' ', space: true });
    } else if (CLOSING.test(ch) && !word && last && !last.space && length(last.text) < lineChars) {
      last.text += ch;
    } else if (CLOSING.test(ch) && word) {
      word += ch;
    } else if (WIDE.test(ch)) {
      out.push({ text: ch, space: false });
    } else {
      word += ch;
    }
  }
  flush();
  return out;
}

/** A run of tokens with what splitting needs to know in constant time. */
class Tokens {
  /** Prefix sums of characters and of words (tokens but spaces). */
  private readonly chars: number[] = [0];
  private readonly words: number[] = [0];
  /** What ending a cue or line before each token costs: nothing after a sentence, little after a clause, most after a word that leans on the next. */
  private readonly breaks: number[] = [];
  /** Where a cue may start: every token but a space. */
  readonly starts: number[] = [];

  constructor(
    readonly list: Token[],
    readonly lineChars: number,
  ) {
    let last = '';
    list.forEach((t, i) => {
      const n = length(t.text);
      this.chars.push(this.chars[i]! + n);
      this.words.push(this.words[i]! + (t.space ? 0 : 1));
      this.breaks.push(SENTENCE_END.test(last) ? 0 : CLAUSE_END.test(last) ? 1 : LEANING.has(last.toLowerCase()) ? 5 : 3);
      if (!t.space) {
        this.starts.push(i);
        last = t.text;
      }
    });
  }

  get size() {
    return this.list.length;
  }

  /** The end of a run from `a` to `b` without its trailing spaces. */
  private trim(a: number, b: number) {
    while (b > a && this.list[b - 1]!.space) b--;
    return b;
  }

  width(a: number, b: number) {
    return this.chars[this.trim(a, b)]! - this.chars[a]!;
  }

  /** The run's share of the characters: its share of the line's time. */
  share(a: number, b: number) {
    const total = this.chars[this.size]!;
    return total > 0 ? this.width(a, b) / total : 0;
  }

  text(a: number, b: number) {
    return this.list
      .slice(a, this.trim(a, b))
      .map((t) => t.text)
      .join('');
  }

  wordCount(a: number, b: number) {
    return this.words[b]! - this.words[a]!;
  }

  breakCost(b: number) {
    return b >= this.size ? 0 : this.breaks[b]!;
  }

  /**
   * The run as at most two lines of `lineChars`: one when it fits, else broken where the lines are closest
   * in length (the lower one rather longer), preferring a break after punctuation; null when it does not fit.
   */
  lines(a: number, b: number): string[] | null {
    const width = this.width(a, b);
    if (width === 0) return [];
    if (width <= this.lineChars) return [this.text(a, b)];
    let best: { at: number; cost: number } | null = null;
    for (let at = a + 1; at < b; at++) {
      if (this.list[at]!.space) continue;
      const top = this.width(a, at);
      const bottom = this.width(at, b);
      if (top > this.lineChars || bottom > this.lineChars) continue;
      const cost = Math.abs(top - bottom) + (top > bottom ? 1 : 0) + 3 * this.breakCost(at);
      if (!best || cost < best.cost) best = { at, cost };
    }
    return best ? [this.text(a, best.at), this.text(best.at, b)] : null;
  }
}

/** Where the `count` cues of a text begin and end (token indices), or null when it cannot be cut into that many. */
function cut(tokens: Tokens, count: number, fits: (a: number, b: number) => boolean): [number, number][] | null {
  // Boundaries: where a cue may start, and the end. Cues may be empty (a short translation beside a long source).
  const bounds = [...tokens.starts, tokens.size];
  const last = bounds.length - 1;
  const target = tokens.width(0, tokens.size) / count;
  // Each cue that fits, by where it ends, with its cost: what the count changes is only how they chain.
  const ending = bounds.map((end, j) => {
    const out: { i: number; cost: number }[] = [];
    for (let i = j; i >= 0; i--) {
      const width = tokens.width(bounds[i]!, end);
      if (width > 2 * tokens.lineChars + 1) break;
      if (fits(bounds[i]!, end)) out.push({ i, cost: i === j ? 50 : 10 * ((width - target) / Math.max(1, target)) ** 2 + tokens.breakCost(end) });
    }
    return out;
  });
  const costs: number[][] = [bounds.map((_, j) => (j === 0 ? 0 : Number.POSITIVE_INFINITY))];
  const from: number[][] = [bounds.map(() => -1)];
  for (let k = 1; k <= count; k++) {
    const row = bounds.map(() => Number.POSITIVE_INFINITY);
    const back = bounds.map(() => -1);
    ending.forEach((cues, j) => {
      for (const { i, cost } of cues) {
        const total = costs[k - 1]![i]! + cost;
        if (total < row[j]!) {
          row[j] = total;
          back[j] = i;
        }
      }
    });
    costs.push(row);
    from.push(back);
  }
  if (costs[count]![last] === Number.POSITIVE_INFINITY) return null;
  const pieces: [number, number][] = [];
  for (let k = count, j = last; k > 0; k--) {
    const i = from[k]![j]!;
    pieces.unshift([bounds[i]!, bounds[j]!]);
    j = i;
  }
  return pieces;
}

interface Piece {
  start: number;
  end: number;
  speaker: string;
  lines: string[];
  translation: string[];
  /** Characters per second each language may be read at, and its characters. */
  reading: { chars: number; perSecond: number }[];
}

/** One transcript line as the fewest cues that keep the rules, both languages cut alike. */
function lineCues(line: TimedText, name: string, options: CueOptions): Piece[] {
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  const cap = (lineChars: number) => Math.min(SUBTITLE_RULES.linesPerCue * lineChars, maxChars);
  /** A text's tokens, no word longer than a line or a cue may hold. */
  const tokensOf = (text: string, lineChars: number) => new Tokens(tokenize(text, Math.min(lineChars, maxChars)), lineChars);
  const rules = scriptRules(line.text);
  const source = tokensOf(name ? `${name}: ${line.text}` : line.text, rules.lineChars);
  const other = line.translation ? scriptRules(line.translation) : null;
  const translation = other && line.translation ? tokensOf(line.translation, other.lineChars) : null;
  const duration = line.end - line.start;
  const fits = (tokens: Tokens) => (a: number, b: number) => tokens.width(a, b) <= cap(tokens.lineChars) && tokens.lines(a, b) !== null;
  // A cue of one word may run long; any other stays within the longest time a cue may be shown.
  const sourceFits = (a: number, b: number) => fits(source)(a, b) && (source.wordCount(a, b) <= 1 || duration * source.share(a, b) <= SUBTITLE_RULES.maxMs);
  const least = Math.max(
    1,
    Math.ceil(source.width(0, source.size) / cap(rules.lineChars)),
    Math.ceil(duration / SUBTITLE_RULES.maxMs),
    translation ? Math.ceil(translation.width(0, translation.size) / cap(translation.lineChars)) : 1,
  );
  const most = Math.max(source.starts.length, translation?.starts.length ?? 0, 1);
  for (let count = Math.min(least, most); count <= most; count++) {
    const own = cut(source, count, sourceFits);
    const theirs = translation ? cut(translation, count, fits(translation)) : null;
    if (!own || (translation && !theirs)) continue;
    let at = line.start;
    return own.map(([a, b], i) => {
      const start = at;
      at += duration * source.share(a, b);
      const [c, d] = theirs?.[i] ?? [0, 0];
      return {
        start,
        end: i === own.length - 1 ? line.end : at,
        speaker: line.speaker,
        lines: source.lines(a, b) ?? [],
        translation: translation?.lines(c, d) ?? [],
        reading: [
          { chars: source.width(a, b), perSecond: rules.charsPerSecond },
          ...(translation && other ? [{ chars: translation.width(c, d), perSecond: other.charsPerSecond }] : []),
        ],
      };
    });
  }
  // Unreachable: one token a cue always fits, as no token is longer than a line.
  return [];
}

/**
 * The cues of a transcript, in order: disjoint with at least two frames between them, each between 5/6 s
 * and 7 s, held up to the time its text takes to read where the next cue leaves room. A cue the speech
 * gives less than 5/6 s takes the time from the pause before it, or else delays the next. Lines may come in
 * overlapping (records made before lines were kept disjoint); they are made disjoint first.
 */
export function subtitleCues(lines: readonly TimedText[], options: CueOptions): SubtitleCue[] {
  const shown = lines.filter((l) => oneLine(l.text) || oneLine(l.translation ?? ''));
  const spans = disjointSpans(shown);
  let previousSpeaker: string | null = null;
  const pieces = shown.flatMap((line, i) => {
    const name = options.names === 'inline' && line.speaker && line.speaker !== previousSpeaker ? line.speaker : '';
    previousSpeaker = line.speaker;
    return lineCues({ ...line, ...spans[i]! }, name, options);
  });
  const step = options.stepMs ?? 1;
  const up = (ms: number) => Math.ceil(ms / step) * step;
  const down = (ms: number) => Math.floor(ms / step) * step;
  const [minMs, maxMs, gapMs] = [up(SUBTITLE_RULES.minMs), down(SUBTITLE_RULES.maxMs), up(SUBTITLE_RULES.gapMs)];
  // The latest each cue may start for the ones after it to start on time, each shown 5/6 s: cues the speech
  // gives less start earlier where there is a pause before them (never over the speech before), and only
  // past that delay those after.
  const latestStart: number[] = [];
  for (let i = pieces.length - 1, bound = Number.POSITIVE_INFINITY; i >= 0; i--) {
    const pause = i > 0 ? up(pieces[i - 1]!.end) + gapMs : 0;
    latestStart[i] = Math.min(up(pieces[i]!.start), Math.max(bound, pause));
    bound = latestStart[i]! - gapMs - minMs;
  }
  let earliest = 0;
  return pieces.map((piece, i) => {
    const latest = i + 1 < pieces.length ? latestStart[i + 1]! - gapMs : Number.POSITIVE_INFINITY;
    const start = Math.max(earliest, latestStart[i]!);
    const readMs = Math.max(...piece.reading.map((r) => (1000 * r.chars) / r.perSecond));
    let end = Math.min(Math.max(up(piece.end), start + up(readMs)), start + maxMs, latest);
    end = Math.max(end, start + minMs);
    earliest = end + gapMs;
    return { start, end, speaker: piece.speaker, lines: piece.lines, translation: piece.translation };
  });
}

/**
 * Text wrapped into subtitle lines of its script's width (42 Latin or 16 full-width characters), filling
 * each line before the next: live captions keep the last two of them on screen as speech rolls them up.
 */
export function captionLines(text: string): string[] {
  const { lineChars } = scriptRules(text);
  const out: string[] = [];
  let line = '';
  for (const token of tokenize(text, lineChars)) {
    if (token.space) {
      if (line) line += ' ';
    } else if (line && length(line + token.text) > lineChars) {
      out.push(line.trimEnd());
      line = token.text;
    } else {
      line += token.text;
    }
  }
  if (line.trim()) out.push(line.trimEnd());
  return out;
}
