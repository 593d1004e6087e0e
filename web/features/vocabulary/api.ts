import type { z } from 'zod';
import { API } from '../../../contracts/api-paths';
import type {
  DocumentData,
  VocabularyFolder,
  VocabularyLibrary,
  VocabularyEntry,
  documentEditBody,
  documentEditDataBody,
  documentFolderBody,
} from '../../../contracts/vocabulary';
import type { VocabularyType } from '../../../contracts/vocabulary-rules';
import { downloadFile } from '../../lib/download';
import { get, post } from '../../lib/request';
import type { CallOptions } from '../../lib/request';

/** The vocabulary calls (spec §7 /speech/document/*). */

export interface LibraryQuery {
  type?: VocabularyType;
  folderId?: number;
  name?: string;
  pageNum: number;
  pageSize: number;
}

export interface EntryQuery {
  id: number;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export interface LibraryPage {
  rows: VocabularyLibrary[];
  total: number;
}

export interface ImportResult {
  library: VocabularyLibrary;
  added: number;
  skipped: number;
}

/** Fields sent beside the file: `id` appends to a library; otherwise they describe the new one. */
export interface ImportFields {
  id?: number;
  type?: VocabularyType;
  name?: string;
  language?: string;
  targetLanguage?: string | null;
  folderId?: number;
}

export const fetchLibraries = async (query: LibraryQuery, config?: CallOptions) => (await get<LibraryPage>(API.vocabulary.getDocumentList, query, config)).data;

export const fetchLibrary = async (query: EntryQuery) => (await get<DocumentData>(API.vocabulary.getDocumentData, query)).data;

export const editLibrary = async (body: z.input<typeof documentEditBody>) => (await post<VocabularyLibrary>(API.vocabulary.edit, body)).data;

export const removeLibraries = async (ids: number[]) => (await post(API.vocabulary.remove, { ids })).data;

export const editEntry = async (body: z.input<typeof documentEditDataBody>) => (await post<VocabularyEntry>(API.vocabulary.editData, body)).data;

export const removeEntries = async (id: number, ids: number[]) => (await post(API.vocabulary.removeData, { id, ids })).data;

/** Silent: the import dialog shows a refusal beside the file rather than in a passing toast. */
export async function importLibrary(file: File, fields: ImportFields): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== '') body.append(key, String(value));
  }
  return (await post<ImportResult>(API.vocabulary.import, body, { silent: true })).data;
}

export const exportLibrary = (library: VocabularyLibrary) => downloadFile({ url: API.vocabulary.export, params: { id: library.id } }, `${library.name}.xlsx`);

export const fetchVocabularyFolders = async () => (await get<VocabularyFolder[]>(API.vocabulary.folder)).data;

export const editVocabularyFolder = async (body: z.input<typeof documentFolderBody>) => (await post<VocabularyFolder>(API.vocabulary.editFolder, body)).data;

export const removeVocabularyFolder = async (id: number) => (await post(API.vocabulary.removeFolder, { id })).data;
