/**
 * Vocabulary libraries (spec §1, §3 Vocabulary library, §5 limits, §6 SVIP rights, §7 /speech/document/*):
 * proprietary words (recognition hints and post-correction), translation terms (honoured by translation)
 * and sensitive words (masked in live subtitles, transcripts and exports), kept in folders.
 */
import { z } from 'zod';
import { nameText } from './text';
import { VOCABULARY_LIMITS, VOCABULARY_TYPES, type VocabularyType } from './vocabulary-rules';

export interface VocabularyLibrary {
  id: number;
  type: VocabularyType;
  name: string;
  /** The language the entries are in (for terms: the source language). */
  language: string;
  /** For terms: the language of the translations; null for the other types. */
  targetLanguage: string | null;
  /** null: at the top level. */
  folderId: number | null;
  /** Word count (spec §3). */
  count: number;
  createTime: number;
  updateTime: number;
}

export interface VocabularyEntry {
  id: number;
  /** The proprietary word, the term's original text, or the sensitive word. */
  text: string;
  /** The term's translation; '' for words and sensitive words. */
  translation: string;
}

export interface VocabularyFolder {
  id: number;
  /** 0 at the top level. */
  parentId: number;
  folderName: string;
  children: VocabularyFolder[];
}

/** What a job or meeting applies, resolved from the libraries chosen for it. */
export interface AppliedVocabulary {
  hotwords: string[];
  terms: { source: string; target: string }[];
  sensitive: string[];
}

const id = z.coerce.number().int().positive();
const page = {
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const libraryName = nameText(VOCABULARY_LIMITS.nameChars);
const language = z.string().min(2).max(16);

/** `GET /speech/document/getDocumentList`: the user's libraries, filtered, newest first, one page. */
export const documentListQuery = z.object({
  type: z.enum(VOCABULARY_TYPES).optional(),
  /** Absent: every folder; 0: the top level only. */
  folderId: z.coerce.number().int().nonnegative().optional(),
  name: z.string().max(VOCABULARY_LIMITS.nameChars).optional(),
  ...page,
});

/** `GET /speech/document/getDocumentData`: one library with a page of its entries. */
export const documentDataQuery = z.object({ id, keyword: z.string().max(VOCABULARY_LIMITS.termChars).optional(), ...page });

export interface DocumentData {
  library: VocabularyLibrary;
  rows: VocabularyEntry[];
  total: number;
}

/** `POST /speech/document/edit`: creates a library (no id) or renames / moves one. The type never changes. */
export const documentEditBody = z.object({
  id: id.optional(),
  type: z.enum(VOCABULARY_TYPES).optional(),
  name: libraryName,
  language: language.optional(),
  targetLanguage: language.nullish(),
  folderId: z.coerce.number().int().nonnegative().optional(),
});

/** `POST /speech/document/editData`: adds an entry (no entryId) or changes one. */
export const documentEditDataBody = z.object({
  id,
  entryId: id.optional(),
  text: z
    .string()
    .trim()
    .max(VOCABULARY_LIMITS.termChars * 2),
  translation: z
    .string()
    .trim()
    .max(VOCABULARY_LIMITS.termChars * 2)
    .default(''),
});

/** `POST /speech/document/remove`: libraries; `removeData`: entries of one library. */
export const documentRemoveBody = z.object({ ids: z.array(id).min(1).max(100) });
export const documentRemoveDataBody = z.object({ id, ids: z.array(id).min(1).max(300) });

/**
 * `POST /speech/document/import` (multipart): `file` (.xlsx) and either `id` (append to that library) or
 * `type`, `name`, `language`, `targetLanguage`, `folderId` (a new library). The first sheet is read: one
 * entry per row, first column the word (terms: second column the translation); a header row is skipped.
 */
export const documentImportFields = z.object({
  id: id.optional(),
  type: z.enum(VOCABULARY_TYPES).optional(),
  name: libraryName.optional(),
  language: language.optional(),
  targetLanguage: language.nullish(),
  folderId: z.coerce.number().int().nonnegative().optional(),
});

/** `GET /speech/document/export?id=`: a library as an .xlsx file in the import's layout. */
export const documentExportQuery = z.object({ id });

/** `POST /speech/document/editFolder`: creates (no id) or renames a folder; `removeFolder` removes one. */
export const documentFolderBody = z.object({
  id: id.optional(),
  parentId: z.coerce.number().int().nonnegative().default(0),
  folderName: nameText(VOCABULARY_LIMITS.folderNameChars),
});
export const documentRemoveFolderBody = z.object({ id });

/** The libraries a file transcription (`transwrite`) or a meeting (`create`) uses: any types, mixed. */
export const documentIds = z
  .array(id)
  .max(VOCABULARY_LIMITS.perJob * VOCABULARY_TYPES.length)
  .default([]);
