/**
 * How speakers look wherever a transcript is shown (record page, meeting console, projection, DOCX export):
 * one colour per speaker from one palette, and the default names the Worker stores ("Speaker 1", "说话人1")
 * shown in the viewer's language while names a user typed stay as they are.
 */
import type { Locale } from './locale';

/** The default name of speaker `n` in each interface language; the Worker stores it in the job's language. */
export const DEFAULT_SPEAKER_NAMES: Record<Locale, string> = { 'en-US': 'Speaker {n}', 'zh-CN': '说话人{n}', 'zh-TW': '說話人{n}' };

/**
 * Ten colours that stay apart from each other and readable on white and on the projection's dark background
 * (each meets 3:1 against both as text or a bar), in the order speakers get them.
 */
export const SPEAKER_PALETTE = ['#1677ff', '#d4380d', '#389e0d', '#9254de', '#d48806', '#08979c', '#c41d7f', '#7c8a00', '#2f54eb', '#ad6800'] as const;

const DEFAULT_NAME = new RegExp(
  `^(?:${Object.values(DEFAULT_SPEAKER_NAMES)
    .map((pattern) => pattern.replace('{n}', '(\\d+)'))
    .join('|')})$`,
);

/** Speaker n of a default name in any of the three languages, or null for a name someone chose. */
export function defaultSpeakerNumber(name: string): number | null {
  const match = DEFAULT_NAME.exec(name.trim());
  const n = match?.slice(1).find((group) => group !== undefined);
  return n === undefined ? null : Number(n);
}

/** The name to show a viewer reading `locale`: a default name in their language, any other name as stored. */
export function speakerLabel(name: string, locale: Locale): string {
  const n = defaultSpeakerNumber(name);
  return n === null ? name : DEFAULT_SPEAKER_NAMES[locale].replace('{n}', String(n));
}

/**
 * A colour for each speaker of a transcript, `names` in the order they first speak: speaker n of the
 * default names keeps colour n (so a console and the saved record agree), other names take the next
 * colour no one holds.
 */
export function speakerColors(names: Iterable<string>): Map<string, string> {
  const colors = new Map<string, string>();
  const taken = new Set<number>();
  const rest: string[] = [];
  for (const name of names) {
    if (!name || colors.has(name) || rest.includes(name)) continue;
    const n = defaultSpeakerNumber(name);
    if (n === null || n < 1) rest.push(name);
    else {
      const slot = (n - 1) % SPEAKER_PALETTE.length;
      taken.add(slot);
      colors.set(name, SPEAKER_PALETTE[slot]!);
    }
  }
  let next = 0;
  for (const name of rest) {
    while (taken.has(next % SPEAKER_PALETTE.length) && taken.size < SPEAKER_PALETTE.length) next++;
    const slot = next % SPEAKER_PALETTE.length;
    taken.add(slot);
    colors.set(name, SPEAKER_PALETTE[slot]!);
    next++;
  }
  return colors;
}
