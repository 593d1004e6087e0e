/**
 * Burned-in subtitles as an ASS document for libass: the style of the dub form (contracts/dubbing-engine.ts
 * subtitleStyle) and each line cut into segments of at most `maxChars` characters, shown one after another.
 */
import type { SubtitleStyle } from '../../../contracts/dubbing-engine';

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** #rrggbb → ASS's &HAABBGGRR with opaque alpha. */
export function assColour(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => hex.slice(i, i + 2).toUpperCase());
  return `&H00${b}${g}${r}`;
}

/** Languages written without spaces between words: they may be cut between any two characters. */
const UNSPACED = new Set(['zh', 'yue', 'ja', 'th', 'lo', 'my', 'km', 'wuu']);
const isSpaced = (language: string) => !UNSPACED.has(language.toLowerCase().split('-')[0]!);

const graphemes = (text: string) => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);

function hardSplit(chars: string[], max: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += max) out.push(chars.slice(i, i + max).join(''));
  return out;
}

/** Segments of at most `max` characters, cut at word boundaries where the language has them. */
export function splitText(text: string, max: number, language: string): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  if (!isSpaced(language)) return hardSplit(graphemes(clean), max);
  const out: string[] = [];
  let current = '';
  for (const word of clean.split(' ')) {
    const chars = graphemes(word);
    if (chars.length > max) {
      if (current) out.push(current);
      const pieces = hardSplit(chars, max);
      current = pieces.pop()!;
      out.push(...pieces);
    } else if (!current) current = word;
    else if (graphemes(current).length + 1 + chars.length <= max) current += ` ${word}`;
    else {
      out.push(current);
      current = word;
    }
  }
  out.push(current);
  return out;
}

/** A line's segments spread over its time in proportion to their length. */
export function lineCues(line: Cue, max: number, language: string): Cue[] {
  const parts = splitText(line.text, max, language);
  const total = parts.reduce((n, p) => n + graphemes(p).length, 0);
  let at = line.start;
  let done = 0;
  return parts.map((text) => {
    done += graphemes(text).length;
    const start = at;
    at = line.start + ((line.end - line.start) * done) / total;
    return { start, end: at, text };
  });
}

function assTime(s: number): string {
  const cs = Math.max(0, Math.round(s * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor(cs / 6000) % 60;
  const sec = Math.floor(cs / 100) % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
}

/** Braces open override blocks and a backslash starts a tag in ASS; their full-width forms read the same. */
const assText = (text: string) => text.replace(/\\/g, '＼').replace(/\{/g, '｛').replace(/\}/g, '｝');

export const SUBTITLE_FONT = 'WenQuanYi Micro Hei';

/** The whole .ass file. Sizes are given for a 720-line frame and scaled to the video's height. */
export function assDocument(frame: { width: number; height: number }, style: SubtitleStyle, cues: readonly Cue[]): string {
  const scale = frame.height / 720;
  const size = Math.max(1, Math.round(style.fontSize * scale));
  const outline = Math.max(1, Math.round(2 * scale));
  const margin = Math.round(20 * scale);
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Default,${SUBTITLE_FONT},${size},${assColour(style.primaryColor)},&H000000FF,${assColour(style.outlineColor)},&H80000000,0,0,0,0,100,100,0,0,1,${outline},0,2,${margin},${margin},${margin},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...cues.map((c) => `Dialogue: 0,${assTime(c.start)},${assTime(c.end)},Default,,0,0,0,,${assText(c.text)}`),
    '',
  ].join('\n');
}
