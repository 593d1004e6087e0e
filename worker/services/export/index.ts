import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import type { ExportOptions, SubtitleLine } from '../../../contracts/records';
import { EXPORT_MAX_LINES } from '../../../contracts/record-vocabulary';
import type { ExportContent, ExportFormat } from '../../../contracts/record-vocabulary';
import { sensitiveMasker } from '../../../contracts/sensitive';
import { speakerLabel } from '../../../contracts/speaker-labels';
import { ApiError } from '../../lib/errors';
import { translate as message } from '../../lib/i18n';
import { docx } from './docx';
import { srt } from './srt';
import { oneLine } from './text';
import type { ExportLine } from './text';
import { txt } from './txt';
import { vtt } from './vtt';
import { zipStream } from './zip';
import type { ZipEntry } from './zip';

/**
 * Transcript export (`transcribe/export`): one record becomes one file, several become a zip of files,
 * streamed: the lines of a few records are read, rendered and sent before the next are read, so memory holds
 * one group however many records are chosen. The formats are pure functions of the lines; this module picks
 * the text each line shows, names files and refuses exports too large for one request.
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

/** A file to send: in memory by default, or a stream (`Download<Stream>`) written as it is read. */
export interface Download<Body extends Uint8Array | Stream = Uint8Array> {
  /** The real name, sent as RFC 5987 `filename*`. */
  filename: string;
  /** An ASCII stand-in for clients that do not read `filename*`. */
  fallbackName: string;
  contentType: string;
  body: Body;
}

type Stream = ReadableStream<Uint8Array>;

/** A record as the export sees it before reading its lines: how many it has. */
export type ExportHead = Omit<ExportRecord, 'lines' | 'sensitive'> & { lineCount: number };

/** Reads these records' lines and sensitive words; the export calls it for a few records at a time. */
export type LoadLines = (heads: ExportHead[]) => Promise<ExportRecord[]>;

/** Records read together: few enough lines that a group's rows and files stay a few MB. */
const GROUP = { lines: 2_000, records: 50 };

export const CONTENT_TYPES: Record<ExportFormat | 'zip', string> = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

const translationOf = (record: ExportRecord, line: SubtitleLine) =>
  record.translationLanguage ? oneLine(line.translations[record.translationLanguage] ?? '') : '';

const hasTranslation = (record: ExportRecord) => record.lines.some((line) => line.translating || translationOf(record, line) !== '');

/**
 * A line the translation has not reached yet shows its source text rather than nothing; one whose translation
 * is being made again (after an edit) says so in the reader's language, so the file does not pass its words
 * off as translated. A default speaker name reads in the reader's language, as on the record page; a name
 * someone typed stays as typed.
 */
function exportLines(record: ExportRecord, content: ExportContent, withSpeaker: boolean, locale: Locale): ExportLine[] {
  const maskSource = sensitiveMasker(record.sensitive ?? [], record.audioLanguage);
  const maskTranslation = sensitiveMasker(record.sensitive ?? [], record.translationLanguage ?? undefined);
  const updating = `(${message(locale, 'translationUpdating')})`;
  return record.lines.map((line) => {
    const source = maskSource(oneLine(line.text));
    const translated = line.translating ? (content === 'translation' ? `${updating} ${source}` : updating) : maskTranslation(translationOf(record, line));
    return {
      start: line.start,
      end: line.end,
      speaker: withSpeaker ? oneLine(speakerLabel(line.speaker, locale)) : '',
      text: content === 'translation' ? translated || source : source,
      translation: content === 'bilingual' && translated ? translated : null,
    };
  });
}

/** How to write the files, and the interface language of whoever asked (it names default speakers). */
type Format = Omit<ExportOptions, 'ids'> & { locale: Locale };

async function render(record: ExportRecord, options: Format, content: ExportContent): Promise<Uint8Array> {
  const lines = exportLines(record, content, options.speaker === '1', options.locale);
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

/**
 * Refuses an export that would not fit one Worker request (its CPU time above all: see EXPORT_MAX_LINES),
 * before any byte is sent, so the refusal is an envelope rather than a broken download.
 */
function checkSize(heads: ExportHead[], format: ExportFormat) {
  const lines = heads.reduce((sum, head) => sum + head.lineCount, 0);
  if (lines === 0) throw new ApiError(Code.BAD_REQUEST, 'exportEmpty');
  if (lines > EXPORT_MAX_LINES[format]) throw new ApiError(Code.BAD_REQUEST, 'exportTooLarge', { lines, max: EXPORT_MAX_LINES[format] });
}

/** Consecutive records in groups of at most GROUP lines and records (a longer record is a group of its own). */
function groups(heads: ExportHead[]): ExportHead[][] {
  const out: ExportHead[][] = [];
  let lines = Number.POSITIVE_INFINITY;
  for (const head of heads) {
    const last = out.at(-1);
    if (!last || lines + head.lineCount > GROUP.lines || last.length >= GROUP.records) {
      out.push([head]);
      lines = head.lineCount;
    } else {
      last.push(head);
      lines += head.lineCount;
    }
  }
  return out;
}

/** One record as a file, or a zip of files for several; records without a translation export their source text in a zip. */
export async function buildExport(heads: ExportHead[], options: Format, load: LoadLines, now = Date.now()): Promise<Download<Uint8Array | Stream>> {
  const { format, content } = options;
  const withLines = heads.filter((head) => head.lineCount > 0);
  if (heads.length === 1) {
    const [head] = heads as [ExportHead];
    checkSize(heads, format);
    const [record] = (await load([head])) as [ExportRecord];
    if (content !== 'source' && !hasTranslation(record)) throw new ApiError(Code.BAD_REQUEST, 'exportNoTranslation');
    return {
      filename: `${baseName(record)}.${format}`,
      fallbackName: asciiName(record, format),
      contentType: CONTENT_TYPES[format],
      body: await render(record, options, content),
    };
  }
  checkSize(withLines, format);
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const group of groups(withLines)) {
      for (const record of await load(group)) {
        const data = await render(record, options, hasTranslation(record) ? content : 'source');
        yield { name: `${baseName(record)}.${format}`, data, compress: format !== 'docx' };
      }
    }
  }
  const name = `tingyi-export-${new Date(now).toISOString().slice(0, 10)}.zip`;
  return { filename: name, fallbackName: name, contentType: CONTENT_TYPES.zip, body: zipStream(entries(), new Date(now)) };
}

/** `Content-Disposition` with an ASCII `filename` and the UTF-8 name as RFC 5987 `filename*`. */
export function attachment(download: Pick<Download, 'filename' | 'fallbackName'>) {
  const encoded = encodeURIComponent(download.filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${download.fallbackName}"; filename*=UTF-8''${encoded}`;
}
