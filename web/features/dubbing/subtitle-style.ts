import { DUB_UPLOAD } from '../../../contracts/constants';

/**
 * The burned-in subtitle style last used (spec §3: font size, max characters and colours are remembered
 * locally and restored when the dubbing dialog opens).
 */

export interface SubtitleStyleValues {
  /** Null: automatic, following the video's size. */
  subtitleFontSize: number | null;
  /** Text, as the field takes it (spec §5). */
  subtitleMaxCharCountPerSegment: string;
  subtitlePrimaryColor: string;
  subtitleOutlineColor: string;
}

export const STYLE_STORAGE_KEY = 'dubSubtitleStyle';

export const DEFAULT_STYLE: SubtitleStyleValues = {
  subtitleFontSize: null,
  subtitleMaxCharCountPerSegment: String(DUB_UPLOAD.maxCharsPerSegment),
  subtitlePrimaryColor: DUB_UPLOAD.primaryColor,
  subtitleOutlineColor: DUB_UPLOAD.outlineColor,
};

const COLOUR = /^#[0-9a-f]{6}$/i;

/** What was stored, each value checked: a garbled or outdated entry falls back to the default. */
export function storedStyle(): SubtitleStyleValues {
  let stored: Partial<Record<keyof SubtitleStyleValues, unknown>> = {};
  try {
    stored = JSON.parse(localStorage.getItem(STYLE_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    // Storage disabled or garbled: the defaults.
  }
  const size = Number(stored.subtitleFontSize);
  const chars = String(stored.subtitleMaxCharCountPerSegment ?? '');
  const colour = (value: unknown, fallback: string) => (typeof value === 'string' && COLOUR.test(value) ? value : fallback);
  return {
    subtitleFontSize: Number.isInteger(size) && size >= DUB_UPLOAD.fontSize.min && size <= DUB_UPLOAD.fontSize.max ? size : DEFAULT_STYLE.subtitleFontSize,
    subtitleMaxCharCountPerSegment: parseMaxChars(chars) === null ? DEFAULT_STYLE.subtitleMaxCharCountPerSegment : chars,
    subtitlePrimaryColor: colour(stored.subtitlePrimaryColor, DEFAULT_STYLE.subtitlePrimaryColor),
    subtitleOutlineColor: colour(stored.subtitleOutlineColor, DEFAULT_STYLE.subtitleOutlineColor),
  };
}

export function storeStyle(style: SubtitleStyleValues): void {
  try {
    localStorage.setItem(STYLE_STORAGE_KEY, JSON.stringify(style));
  } catch {
    // Storage disabled: the next opening starts from the defaults.
  }
}

/** Characters per segment as typed: a whole number the server takes (1–200), else null. */
export function parseMaxChars(text: string): number | null {
  const value = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return value >= 1 && value <= 200 ? value : null;
}
