import { z } from 'zod';

/**
 * Names people give things (accounts, records, folders, meetings, versions, speakers). Lengths count
 * characters as a person sees them (code points, so an emoji is one). Refused: text-direction controls, which
 * make a name display differently from what it is (an "exe.txt" that is really "txt.exe"); every other
 * character Unicode says is drawn as nothing (zero-width spaces and joiners, soft hyphens, fillers), which
 * makes two names that look the same different, or a name that looks empty not; and lone surrogates, which
 * are no character at all and turn into "�" or an error wherever the name is written out.
 *
 * Emoji are names too: the joiner and the selectors inside an emoji sequence (👩‍💻, ❤️, a keycap, a subdivision
 * flag) are part of what is drawn, so they are allowed there and nowhere else.
 */
const BIDI_CONTROLS = '\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069';
const INVISIBLE = new RegExp(`[${BIDI_CONTROLS}\\p{Default_Ignorable_Code_Point}]`, 'u');
/** In `u` mode a surrogate pair is one code point, so only a surrogate without its other half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** One emoji with its presentation selector, skin tone or subdivision tags; or a keycap. */
const EMOJI_PART = '(?:\\p{Extended_Pictographic}(?:\\uFE0F|\\p{Emoji_Modifier}|[\\u{E0020}-\\u{E007F}])*|[#*0-9]\\uFE0F?\\u20E3)';
const EMOJI_SEQUENCE = new RegExp(`${EMOJI_PART}(?:\\u200D${EMOJI_PART})*`, 'gu');

export const codePointLength = (s: string) => [...s].length;

/** The first `max` characters of `s`, never splitting a surrogate pair. */
export const codePointSlice = (s: string, max: number) => [...s].slice(0, Math.max(0, max)).join('');

const withinLength = (max: number) => (s: string) => codePointLength(s) <= max;
/** Whether `s` is free of direction controls, invisible characters (outside emoji) and lone surrogates. */
export const isVisibleText = (s: string) => !LONE_SURROGATE.test(s) && !INVISIBLE.test(s.replace(EMOJI_SEQUENCE, ''));
const NO_INVISIBLE = 'must not contain text-direction control characters, invisible characters or lone surrogates';

export const nameText = (max: number) =>
  z.string().trim().min(1).refine(withinLength(max), `must be at most ${max} characters`).refine(isVisibleText, NO_INVISIBLE);

/** A name that may be left empty (a speaker's label, a version's name): the same rules otherwise. */
export const optionalNameText = (max: number) =>
  z.string().trim().refine(withinLength(max), `must be at most ${max} characters`).refine(isVisibleText, NO_INVISIBLE);

/** A picture address: https only, or one of the app's own stored avatars (never javascript:, data: or http:). */
export const avatarUrl = z
  .string()
  .max(1024)
  .refine(
    (s) => s === '' || /^\/prod-api\/system\/avatar\/\d+\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/.test(s) || (URL.canParse(s) && new URL(s).protocol === 'https:'),
    'must be an https address',
  );
