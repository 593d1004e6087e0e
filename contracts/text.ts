import { z } from 'zod';

/**
 * Names people give things (accounts, records, folders, meetings). Lengths count characters as a person
 * sees them (code points, so an emoji is one), and text-direction controls are refused: they make a name
 * display differently from what it is (an "exe.txt" that is really "txt.exe").
 */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const codePointLength = (s: string) => [...s].length;

/** The first `max` characters of `s`, never splitting a surrogate pair. */
export const codePointSlice = (s: string, max: number) => [...s].slice(0, Math.max(0, max)).join('');

const withinLength = (max: number) => (s: string) => codePointLength(s) <= max;
const noDirectionControls = (s: string) => !BIDI_CONTROLS.test(s);
const NO_DIRECTION_CONTROLS = 'must not contain text-direction control characters';

export const nameText = (max: number) =>
  z.string().trim().min(1).refine(withinLength(max), `must be at most ${max} characters`).refine(noDirectionControls, NO_DIRECTION_CONTROLS);

/** A name that may be left empty (a speaker's label, a version's name): the same rules otherwise. */
export const optionalNameText = (max: number) =>
  z.string().trim().refine(withinLength(max), `must be at most ${max} characters`).refine(noDirectionControls, NO_DIRECTION_CONTROLS);

/** A picture address: https only, or one of the app's own stored avatars (never javascript:, data: or http:). */
export const avatarUrl = z
  .string()
  .max(1024)
  .refine(
    (s) => s === '' || /^\/prod-api\/system\/avatar\/\d+\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/.test(s) || (URL.canParse(s) && new URL(s).protocol === 'https:'),
    'must be an https address',
  );
