/**
 * Burned-in subtitles as an ASS document for libass: the style of the dub form (contracts/dubbing-engine.ts
 * subtitleStyle) and the lines as cues to the timed-text rules, each line of a cue on its own row.
 */
import type { SubtitleStyle } from '../../../contracts/dubbing-engine';
import { subtitleCues } from '../../../contracts/subtitle-cues';

export interface Cue {
  start: number;
  end: number;
  /** Rows separated by newlines. */
  text: string;
}

/** #rrggbb → ASS's &HAABBGGRR with opaque alpha. */
export function assColour(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => hex.slice(i, i + 2).toUpperCase());
  return `&H00${b}${g}${r}`;
}

/**
 * The dubbed lines' subtitles, to the same timed-text rules as the exports (contracts/subtitle-cues.ts): at
 * most `maxChars` characters a cue (the dub form's characters per segment), two lines, disjoint and two
 * frames apart, on ASS's centisecond steps. Times in seconds.
 */
export function burnedCues(lines: readonly Cue[], maxChars: number): Cue[] {
  const timed = lines.map((l) => ({ start: l.start * 1000, end: l.end * 1000, speaker: '', text: l.text, translation: null }));
  return subtitleCues(timed, { names: 'apart', maxChars, stepMs: 10 }).map((c) => ({ start: c.start / 1000, end: c.end / 1000, text: c.lines.join('\n') }));
}

function assTime(s: number): string {
  const cs = Math.max(0, Math.round(s * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor(cs / 6000) % 60;
  const sec = Math.floor(cs / 100) % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
}

/** Braces open override blocks and a backslash starts a tag in ASS; their full-width forms read the same. A row break is `\N`. */
const assText = (text: string) => text.replace(/\\/g, '＼').replace(/\{/g, '｛').replace(/\}/g, '｝').replace(/\n/g, '\\N');

/**
 * The font size for `auto`: 5.5 % of the picture's height (40 px on 720 lines, as subtitle players show
 * text), but never so large that a full 42-character line (about 23 em in this font) leaves the picture of
 * a tall, narrow video.
 */
export function autoFontSize(frame: { width: number; height: number }): number {
  return Math.max(1, Math.round(Math.min(0.055 * frame.height, (0.9 * frame.width) / 23)));
}

export const SUBTITLE_FONT = 'WenQuanYi Micro Hei';

/** The whole .ass file. A chosen font size is given for a 720-line frame and scaled to the video's height. */
export function assDocument(frame: { width: number; height: number }, style: SubtitleStyle, cues: readonly Cue[]): string {
  const scale = frame.height / 720;
  const size = style.fontSize === 'auto' ? autoFontSize(frame) : Math.max(1, Math.round(style.fontSize * scale));
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
