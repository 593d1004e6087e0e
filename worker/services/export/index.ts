import { Code } from '../../../contracts/errors';
import type { ExportOptions, SubtitleLine } from '../../../contracts/records';
import type { ExportContent, ExportFormat } from '../../../contracts/record-vocabulary';
import { sensitiveMasker } from '../../../contracts/sensitive';
import { ApiError } from '../../lib/errors';
import { docx } from './docx';
import { srt } from './srt';
import { oneLine } from './text';
import type { ExportLine } from './text';
import { txt } from './txt';
import { vtt } from './vtt';
import { zip } from './zip';

/**
 * Transcript export (`transcribe/export`): one record becomes one file, several become a zip of files.
 * The formats are pure functions of the lines; this module picks the text each line shows and names files.
 */
export interface ExportRecord {
  id: number;
  name: string;
  createdAt: number;
  durationMs: number;
  audioLanguage?: string;
  translationLanguage: string | null;
  lines: SubtitleLine[];
  /**
   * Sensitive words the record's job or meeting applied. Its lines were masked when stored; masking again
   * here covers a word typed back in while editing.
   */
  sensitive?: string[];
}

export interface Download {
  /** The real name, sent as RFC 5987 `filename*`. */
  filename: string;
  /** An ASCII stand-in for clients that do not read `filename*`. */
  fallbackName: string;
  contentType: string;
  body: Uint8Array;
}

export const CONTENT_TYPES: Record<ExportFormat | 'zip', string> = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

const translationOf = (record: ExportRecord, line: SubtitleLine) =>
  record.translationLanguage ? oneLine(line.translations[record.translationLanguage] ?? '') : '';

const hasTranslation = (record: ExportRecord) => record.lines.some((line) => translationOf(record, line) !== '');

/** A line the translation has not reached yet shows its source text rather than nothing. */
function exportLines(record: ExportRecord, content: ExportContent, withSpeaker: boolean): ExportLine[] {
  const maskSource = sensitiveMasker(record.sensitive ?? [], record.audioLanguage);
  const maskTranslation = sensitiveMasker(record.sensitive ?? [], record.translationLanguage ?? undefined);
  return record.lines.map((line) => {
    const source = maskSource(oneLine(line.text));
    const translated = maskTranslation(translationOf(record, line));
    return {
      start: line.start,
      end: line.end,
      speaker: withSpeaker ? oneLine(line.speaker) : '',
      text: content === 'translation' ? translated || source : source,
      translation: content === 'bilingual' && translated ? translated : null,
    };
  });
}

type Format = Omit<ExportOptions, 'ids'>;

async function render(record: ExportRecord, options: Format, content: ExportContent): Promise<Uint8Array> {
  const lines = exportLines(record, content, options.speaker === '1');
  const timestamps = options.timestamps === '1';
  const encode = (text: string) => new TextEncoder().encode(text);
  switch (options.format) {
    case 'txt':
      return encode(txt(lines, timestamps));
    case 'srt':
      return encode(srt(lines));
    case 'vtt':
      return encode(vtt(lines));
    case 'docx': {
      const source = record.audioLanguage ? [record.audioLanguage] : [];
      const translation = record.translationLanguage ? [record.translationLanguage] : [];
      return docx(record, lines, timestamps, content === 'translation' ? [...translation, ...source] : [...source, ...translation]);
    }
  }
}

type Named = Pick<ExportRecord, 'id' | 'name'>;

/** The record's name without the characters file systems refuse; its id when nothing is left. */
export function baseName(record: Named) {
  const cleaned = oneLine(record.name.replace(/[\\/:*?"<>|]/g, '_'))
    .replace(/^\.+/, '')
    .slice(0, 120);
  return cleaned || `record-${record.id}`;
}

export function asciiName(record: Named, ext: string) {
  const ascii = baseName(record)
    .replace(/[^\x20-\x7E]+/g, '_')
    .replace(/^[_ ]+|[_ ]+$/g, '');
  return /[A-Za-z0-9]/.test(ascii) ? `${ascii}.${ext}` : `record-${record.id}.${ext}`;
}

/** One record as a file, or a zip of files for several; records without a translation export their source text in a zip. */
export async function buildExport(records: ExportRecord[], options: Format, now = Date.now()): Promise<Download> {
  const { format, content } = options;
  if (records.length === 1) {
    const [record] = records as [ExportRecord];
    if (record.lines.length === 0) throw new ApiError(Code.BAD_REQUEST, 'exportEmpty');
    if (content !== 'source' && !hasTranslation(record)) throw new ApiError(Code.BAD_REQUEST, 'exportNoTranslation');
    return {
      filename: `${baseName(record)}.${format}`,
      fallbackName: asciiName(record, format),
      contentType: CONTENT_TYPES[format],
      body: await render(record, options, content),
    };
  }
  const withLines = records.filter((record) => record.lines.length > 0);
  if (withLines.length === 0) throw new ApiError(Code.BAD_REQUEST, 'exportEmpty');
  const entries = [];
  for (const record of withLines) {
    const data = await render(record, options, hasTranslation(record) ? content : 'source');
    entries.push({ name: `${baseName(record)}.${format}`, data, compress: format !== 'docx' });
  }
  const name = `tingyi-export-${new Date(now).toISOString().slice(0, 10)}.zip`;
  return { filename: name, fallbackName: name, contentType: CONTENT_TYPES.zip, body: zip(entries) };
}

/** `Content-Disposition` with an ASCII `filename` and the UTF-8 name as RFC 5987 `filename*`. */
export function attachment(download: Pick<Download, 'filename' | 'fallbackName'>) {
  const encoded = encodeURIComponent(download.filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${download.fallbackName}"; filename*=UTF-8''${encoded}`;
}
