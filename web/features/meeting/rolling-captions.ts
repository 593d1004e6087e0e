import type { CaptionStyle, LiveLine } from '../../../contracts/meeting';
import { captionLines } from '../../../contracts/subtitle-cues';

/**
 * Live captions as subtitles: at most two lines per language (the timed-text rules the exports follow, 42
 * Latin or 16 full-width characters a line). Roll-up: the newest words push the lines up as they come, the
 * line being spoken included. Pop-on: one cue at a time, the newest committed line's last two lines with
 * their translation. A change of speaker starts a new line that opens with the speaker's label.
 */

export const CAPTION_ROWS = 2;
/** Committed lines roll-up reads back over: more than two rows' worth, so the two shown are always full. */
const ROLL_BACK_LINES = 3;

export interface CaptionRow {
  /** Stable while the row is on screen, so rolling moves rows rather than replacing them. */
  key: string;
  text: string;
  /** The label opening a speaker's turn, on the turn's first row only. */
  speaker: string | null;
  /** Words still being recognised: shown, but they may change. */
  unsettled: boolean;
}

/** One line's rows on screen: its original, and its translation kept with it. */
export interface CaptionBlock {
  key: string;
  /** The committed line's number; null for the line still being spoken. */
  seq: number | null;
  source: CaptionRow[];
  translation: CaptionRow[];
}

/** What a screen shows: the original, its translation, or both (bilingual). */
export type CaptionShow = 'source' | 'translation' | 'both';

interface Spoken {
  text: string;
  stable?: string;
  /** By language, the translation of the settled start so far. */
  translations?: Record<string, string>;
}

const rowsOf = (key: string, text: string, speaker: string | null): CaptionRow[] =>
  captionLines(text).map((row, i) => ({ key: `${key}:${i}`, text: row, speaker: i === 0 ? speaker : null, unsettled: false }));

/** The rows of the line being spoken; a row holding any word that may still change is marked unsettled. */
function partialRows(partial: Spoken): CaptionRow[] {
  const settled = (partial.stable ?? '').trim().length;
  let at = 0;
  return rowsOf('partial', partial.text, null).map((row) => {
    at += row.text.length + 1;
    return { ...row, unsettled: at - 1 > settled };
  });
}

/** Labels for the lines that open a turn (the first shown, or one whose speaker differs from the line before). */
function turnLabels(lines: readonly LiveLine[], from: number) {
  return lines.slice(from).map((line, i) => {
    const before = lines[from + i - 1];
    return line.speaker && (!before || before.speaker !== line.speaker) ? line.speaker : null;
  });
}

/** Keeps the last `budget` rows of one language over the blocks, newest first; blocks left empty are dropped. */
function lastRows(blocks: CaptionBlock[], pick: 'source' | 'translation', budget: number) {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i]!;
    const rows = block[pick];
    block[pick] = budget > 0 ? rows.slice(Math.max(0, rows.length - budget)) : [];
    budget -= block[pick].length;
  }
}

export function liveCaptions(
  lines: readonly LiveLine[],
  partial: Spoken | null,
  language: string | null,
  style: CaptionStyle,
  show: CaptionShow = 'both',
): CaptionBlock[] {
  const from = style === 'pop-on' ? Math.max(0, lines.length - 1) : Math.max(0, lines.length - ROLL_BACK_LINES);
  const labels = turnLabels(lines, from);
  const blocks: CaptionBlock[] = lines.slice(from).map((line, i) => {
    const translation = language ? line.translations[language] : undefined;
    return {
      key: `${line.seq}`,
      seq: line.seq,
      source: show === 'translation' ? [] : rowsOf(`${line.seq}`, line.text, labels[i] ?? null),
      translation: show === 'source' || !translation ? [] : rowsOf(`${line.seq}t`, translation, null),
    };
  });
  // Pop-on shows committed cues only; roll-up shows the words as they are spoken.
  if (style === 'roll-up' && partial?.text.trim()) {
    const translation = language ? partial.translations?.[language] : undefined;
    blocks.push({
      key: 'partial',
      seq: null,
      source: show === 'translation' ? [] : partialRows(partial),
      translation: show === 'source' || !translation ? [] : rowsOf('partialt', translation, null),
    });
  }
  lastRows(blocks, 'source', CAPTION_ROWS);
  if (show === 'both') {
    // A translation stays with its original: only the lines whose original is on screen show theirs.
    for (const block of blocks) if (!block.source.length) block.translation = [];
  }
  lastRows(blocks, 'translation', CAPTION_ROWS);
  return blocks.filter((b) => b.source.length || b.translation.length);
}
