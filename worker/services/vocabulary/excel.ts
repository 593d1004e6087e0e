import { Code } from '../../../contracts/errors';
import { codePointLength } from '../../../contracts/text';
import { VOCABULARY_LIMITS, type VocabularyType } from '../../../contracts/vocabulary-rules';
import { ApiError } from '../../lib/errors';

/**
 * The Excel layout of vocabulary libraries (spec §5 "Excel format"), the same for import and export:
 * the first sheet, one entry per row; column A the word (terms: the original text), column B the term's
 * translation (ignored for words and sensitive words). A first row whose column A is one of HEADER_WORDS
 * is a header and skipped (export writes one). Blank rows are ignored; row numbers in errors are the
 * sheet's own, header included. A term may give one side only.
 */
const HEADER_WORDS = new Set([
  'word',
  'words',
  'term',
  'terms',
  'original',
  'source',
  'text',
  'sensitive',
  'sensitive word',
  'sensitive words',
  'entry',
  '词',
  '词汇',
  '专有词汇',
  '原文',
  '术语',
  '敏感词',
  '詞',
  '詞彙',
  '專有詞彙',
  '術語',
  '敏感詞',
]);

export const EXPORT_HEADER: Record<VocabularyType, string[]> = {
  words: ['词汇 Word'],
  terms: ['原文 Original', '译文 Translation'],
  sensitive: ['敏感词 Sensitive word'],
};

export interface SheetEntry {
  text: string;
  translation: string;
}

const notXlsx = () => new ApiError(Code.BAD_REQUEST, 'vocabImportNotXlsx');

const cellText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? '' : String(v)).trim();

const isHeader = (cell: string) => HEADER_WORDS.has(cell.toLowerCase()) || [...HEADER_WORDS].some((w) => cell.toLowerCase().startsWith(`${w} `));

/** The entries of an uploaded sheet, validated row by row; duplicates inside the file are kept once. */
export async function readEntries(file: ArrayBuffer, type: VocabularyType): Promise<SheetEntry[]> {
  // The spreadsheet libraries and the unzipper load with the first sheet read or written, not with the Worker.
  const [{ readSheet }, { UnpackedTooLargeError, XLSX_UNPACKED_MAX_BYTES, unpackXlsx }] = await Promise.all([
    import('read-excel-file/universal'),
    import('./xlsx-unpack'),
  ]);
  let rows: unknown[][];
  try {
    const stored = unpackXlsx(file);
    rows = await readSheet(stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength) as ArrayBuffer);
  } catch (error) {
    if (error instanceof UnpackedTooLargeError) {
      throw new ApiError(Code.BAD_REQUEST, 'vocabImportUnpackedTooLarge', { mb: XLSX_UNPACKED_MAX_BYTES / 1024 / 1024 });
    }
    throw notXlsx();
  }
  const first = rows.findIndex((r) => r.some((c) => cellText(c) !== ''));
  const start = first >= 0 && isHeader(cellText(rows[first]?.[0])) ? first + 1 : 0;
  const maxChars = type === 'terms' ? VOCABULARY_LIMITS.termChars : VOCABULARY_LIMITS.wordChars;
  const maxRows = VOCABULARY_LIMITS.importRows[type];
  const seen = new Map<string, SheetEntry>();
  let count = 0;
  for (let i = start; i < rows.length; i++) {
    const row = rows[i] ?? [];
    const text = cellText(row[0]);
    const translation = type === 'terms' ? cellText(row[1]) : '';
    if (!text && !translation) continue;
    if (++count > maxRows) {
      const total = rows.slice(start).filter((r) => cellText(r[0]) || (type === 'terms' && cellText(r[1]))).length;
      throw new ApiError(Code.BAD_REQUEST, 'vocabImportTooManyRows', { rows: total, max: maxRows });
    }
    if (codePointLength(text) > maxChars || codePointLength(translation) > maxChars) {
      throw new ApiError(Code.BAD_REQUEST, 'vocabImportRowTooLong', { row: i + 1, max: maxChars });
    }
    // A term given by its translation only is keyed by it, as the entry form stores it (storedEntry).
    const key = text || translation;
    if (!seen.has(key)) seen.set(key, { text: key, translation });
  }
  if (seen.size === 0) throw new ApiError(Code.BAD_REQUEST, 'vocabImportEmpty');
  return [...seen.values()];
}

export async function writeEntries(type: VocabularyType, entries: SheetEntry[]): Promise<Blob> {
  const header = EXPORT_HEADER[type];
  const body = entries.map((e) => (type === 'terms' ? [e.text, e.translation] : [e.text]));
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  return writeXlsxFile([header, ...body], { columns: header.map(() => ({ width: 40 })) }).toBlob();
}
