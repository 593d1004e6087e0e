import type { Permissions } from '../../../contracts/rights';
import { VOCABULARY_IMPORT_TYPES, VOCABULARY_LIMITS, VOCABULARY_RIGHT, VOCABULARY_TYPES } from '../../../contracts/vocabulary-rules';
import type { VocabularyFolder } from '../../../contracts/vocabulary';
import type { VocabularyType } from '../../../contracts/vocabulary-rules';

/** The browser-side checks of spec §5, so a refusal is explained before anything is sent. */

/** Characters as users count them (code points): an emoji is one. */
export const charCount = (text: string) => [...text].length;

/** The longest entry text of a library type: a word or sensitive word, or one side of a term. */
export const entryMax = (type: VocabularyType) => (type === 'terms' ? VOCABULARY_LIMITS.termChars : VOCABULARY_LIMITS.wordChars);

export type ImportFileProblem = 'type' | 'size';

/** Why a chosen file cannot be imported, or null. The extension decides: browsers disagree on the MIME type. */
export function importFileProblem(file: { name: string; size: number }): ImportFileProblem | null {
  if (!file.name.toLowerCase().endsWith(VOCABULARY_IMPORT_TYPES.extension)) return 'type';
  if (file.size > VOCABULARY_LIMITS.importBytes) return 'size';
  return null;
}

export const importMegabytes = VOCABULARY_LIMITS.importBytes / 1024 / 1024;

/** Spec §6: each type is its own SVIP right. */
export const hasRight = (permissions: Permissions, type: VocabularyType) => permissions[VOCABULARY_RIGHT[type]];

export const hasAnyRight = (permissions: Permissions) => VOCABULARY_TYPES.some((type) => hasRight(permissions, type));

export function* walkVocabularyFolders(folders: readonly VocabularyFolder[], depth = 1): Generator<{ folder: VocabularyFolder; depth: number }> {
  for (const folder of folders) {
    yield { folder, depth };
    yield* walkVocabularyFolders(folder.children, depth + 1);
  }
}

/** Levels of folders: a folder at `depth` may have children while the nesting stays within the limit. */
export const canNest = (depth: number) => depth < VOCABULARY_LIMITS.folderDepth;

export type EntryProblem = { field: 'text' | 'translation'; reason: 'required' | 'tooLong' | 'eitherRequired'; max: number };

/** Spec §5: a word or sensitive word is required and short; a term needs its original or its translation. */
export function entryProblem(type: VocabularyType, text: string, translation: string): EntryProblem | null {
  const max = entryMax(type);
  const [t, tr] = [text.trim(), translation.trim()];
  if (type !== 'terms') {
    if (t === '') return { field: 'text', reason: 'required', max };
    return charCount(t) > max ? { field: 'text', reason: 'tooLong', max } : null;
  }
  if (t === '' && tr === '') return { field: 'text', reason: 'eitherRequired', max };
  if (charCount(t) > max) return { field: 'text', reason: 'tooLong', max };
  if (charCount(tr) > max) return { field: 'translation', reason: 'tooLong', max };
  return null;
}
