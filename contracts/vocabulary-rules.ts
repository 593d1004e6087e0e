/**
 * The vocabulary libraries' types, the plan right each needs and their limits (spec §5, §6). Plain values
 * with no validation library, so the browser can use them without downloading the schemas of vocabulary.ts,
 * which imports them from here.
 */

/** words: proprietary words; terms: translation term pairs; sensitive: sensitive words. */
export const VOCABULARY_TYPES = ['words', 'terms', 'sensitive'] as const;
export type VocabularyType = (typeof VOCABULARY_TYPES)[number];

/** The plan right (contracts/rights.ts Permissions) each library type needs: SVIP only (spec §6). */
export const VOCABULARY_RIGHT = {
  words: 'proprietaryWords',
  terms: 'translateGlossary',
  sensitive: 'sensitiveWords',
} as const satisfies Record<VocabularyType, string>;

/**
 * Spec §5: a word up to 50 characters, a term (each side) up to 100; per library up to 150 words, 200 terms,
 * 150 sensitive words; an Excel import is one .xlsx file of at most 5 MB with at most 150 / 200 / 300 rows.
 * Both sensitive-word figures hold: a file may have 300 rows, but a library keeps at most 150 words.
 * Lengths count characters (code points), as users see them.
 */
export const VOCABULARY_LIMITS = {
  wordChars: 50,
  termChars: 100,
  perLibrary: { words: 150, terms: 200, sensitive: 150 },
  importRows: { words: 150, terms: 200, sensitive: 300 },
  importBytes: 5 * 1024 * 1024,
  nameChars: 50,
  folderNameChars: 250,
  folderDepth: 3,
  /** Libraries of each type one meeting or file transcription may use. */
  perJob: 5,
} as const;

/** The only import format (spec §5 "Excel format"). */
export const VOCABULARY_IMPORT_TYPES = {
  extension: '.xlsx',
  mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
