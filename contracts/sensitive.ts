/**
 * Sensitive-word masking (spec §3 Vocabulary library): every occurrence of a listed word becomes one "*" per
 * character, so subtitles keep their length and timing. No validation library: the engine, the Worker,
 * the meeting room and the browser all use it.
 */

/** Languages written without spaces between words: a listed word is masked wherever it occurs. */
const UNSPACED_LANGUAGES = /^(zh|ja|yue|cmn|wuu|th|lo|km|my)(-|$)/i;
/** Characters of scripts written without spaces; a word containing them has no word boundaries to look for. */
export const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

export const isUnspacedLanguage = (language: string | undefined) => !!language && UNSPACED_LANGUAGES.test(language);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const stars = (match: string) => '*'.repeat([...match].length);

const identity = (text: string) => text;

/**
 * A masker for one list, built once and reused for every line: a single regular expression whose
 * alternatives are ordered longest first, so a phrase wins over a word it contains.
 */
export function sensitiveMasker(words: readonly string[], language?: string): (text: string) => string {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const raw of words) {
    const word = raw.trim();
    const key = word.toLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    unique.push(word);
  }
  if (!unique.length) return identity;
  unique.sort((a, b) => [...b].length - [...a].length);
  const anywhere = isUnspacedLanguage(language);
  const alternatives = unique.map((word) => {
    // Spacing inside a phrase may differ between the list and the recogniser's output.
    const body = word.split(/\s+/).map(escapeRegExp).join('\\s+');
    // In spaced languages a word is masked only whole: "ass" must leave "class" alone.
    return anywhere || UNSPACED_SCRIPT.test(word) ? body : `(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`;
  });
  const pattern = new RegExp(alternatives.join('|'), 'giu');
  return (text) => (text ? text.replace(pattern, stars) : text);
}

/** Masks one text; for many lines build a `sensitiveMasker` once instead. */
export function maskSensitive(text: string, words: readonly string[], language?: string): string {
  return sensitiveMasker(words, language)(text);
}
