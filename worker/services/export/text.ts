/**
 * What every export format shares: clock times, and text laid out in columns the way subtitle players
 * show it, where a CJK character takes two columns.
 */

/** One transcript line as a format writes it, already on one line: the speaker ('' when names are off) and the text to show. */
export interface ExportLine {
  start: number;
  end: number;
  speaker: string;
  text: string;
  /** Second text of a bilingual export, null when the line has none. */
  translation: string | null;
}

/** Most columns a subtitle line takes (the common broadcast limit); longer text wraps onto more lines. */
export const SUBTITLE_COLUMNS = 42;

/** `HH:MM:SS`, or `HH:MM:SS,mmm` / `HH:MM:SS.mmm` when a millisecond separator is given. */
export function clock(ms: number, millisSeparator?: ',' | '.') {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hms = `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}`;
  return millisSeparator ? `${hms}${millisSeparator}${pad(total % 1000, 3)}` : hms;
}

/** Text on one line: any run of whitespace (newlines included) becomes one space, control characters go. */
export function oneLine(text: string) {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;
/** Punctuation that must not begin a line: it stays with what precedes it. */
const CLOSING = /[,.!?;:%)\]}…、。，．！？；：）」』》〉】〕”’ー々]/u;

export const columns = (text: string) => [...text].reduce((width, ch) => width + (WIDE.test(ch) ? 2 : 1), 0);

/** Latin words, single CJK characters (a line may break after any of them) and spaces. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let word = '';
  const flush = () => {
    if (word) out.push(word);
    word = '';
  };
  for (const ch of text) {
    if (ch === ' ') {
      flush();
      out.push(' ');
    } else if (CLOSING.test(ch) && (word || (out.length > 0 && out[out.length - 1] !== ' '))) {
      if (word) word += ch;
      else out[out.length - 1] += ch;
    } else if (WIDE.test(ch)) {
      flush();
      out.push(ch);
    } else {
      word += ch;
    }
  }
  flush();
  return out;
}

/**
 * Lines of at most `max` columns. Latin text breaks at spaces, CJK between any two characters; a word is
 * cut only when it is longer than a whole line.
 */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  let space = false;
  const push = () => {
    if (line) lines.push(line);
    line = '';
    width = 0;
  };
  for (const token of tokens(oneLine(text))) {
    if (token === ' ') {
      space = line !== '';
      continue;
    }
    const tokenWidth = columns(token);
    const gap = space ? 1 : 0;
    space = false;
    if (width + gap + tokenWidth <= max) {
      line += (gap ? ' ' : '') + token;
      width += gap + tokenWidth;
    } else if (tokenWidth <= max) {
      push();
      line = token;
      width = tokenWidth;
    } else {
      push();
      for (const ch of token) {
        const w = columns(ch);
        if (width + w > max) push();
        line += ch;
        width += w;
      }
    }
  }
  push();
  return lines;
}
