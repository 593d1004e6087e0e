/**
 * Unpacks an uploaded .xlsx (a zip of XML parts) for read-excel-file, within a cap on the unpacked size.
 * read-excel-file's own unzip hands any part over 512 KB to a Web Worker, which the Workers runtime lacks, so
 * large genuine spreadsheets were refused; and a zip's declared sizes may lie, so a few kilobytes can unpack
 * to gigabytes. Here each XML part is inflated a few kilobytes of input at a time while its output is
 * counted, and unpacking stops at the cap. The parts come back as a stored (uncompressed) zip, which
 * read-excel-file opens without inflating anything.
 */
import { Inflate, zipSync } from 'fflate';

/** Unpacked XML a vocabulary spreadsheet may hold: far above any genuine one (a few hundred rows). */
export const XLSX_UNPACKED_MAX_BYTES = 16 * 1024 * 1024;
/** Compressed bytes inflated per step: deflate expands at most ~1032×, so one step yields at most ~4 MB. */
const STEP = 4096;

export class NotZipError extends Error {}
export class UnpackedTooLargeError extends Error {}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;

interface Entry {
  name: string;
  method: number;
  data: Uint8Array;
}

/** The archive's entries from its central directory (the authoritative list), each with its compressed data. */
function entries(zip: Uint8Array): Entry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  // The end record sits in the last 22 bytes plus a comment of at most 64 KB.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new NotZipError('no end of central directory');
  const found: Entry[] = [];
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  for (let k = view.getUint16(end + 10, true); k > 0; k--) {
    if (view.getUint32(at, true) !== CENTRAL_HEADER) throw new NotZipError('bad central directory');
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (view.getUint32(local, true) !== LOCAL_HEADER) throw new NotZipError('bad local header');
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > zip.length) throw new NotZipError('entry past the end');
    found.push({ name, method, data: zip.subarray(start, start + size) });
  }
  return found;
}

/** Only the XML parts matter to a sheet's text; images and printer settings are neither inflated nor counted. */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');

/**
 * openpyxl writes non-ASCII text as numeric character references, a character above U+FFFF as one reference to
 * its code point (`&#127908;`); read-excel-file decodes references with String.fromCharCode, which keeps only
 * the low 16 bits. Those references become the characters themselves, which it reads intact.
 */
const astralReference = /&#(?:(\d+)|x([0-9a-f]+));/gi;
function spellOutAstral(xml: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(xml);
  if (!text.includes('&#')) return xml;
  let changed = false;
  const fixed = text.replace(astralReference, (ref, dec: string | undefined, hex: string | undefined) => {
    const code = dec !== undefined ? Number(dec) : Number.parseInt(hex!, 16);
    if (code <= 0xffff || code > 0x10ffff) return ref;
    changed = true;
    return String.fromCodePoint(code);
  });
  return changed ? new TextEncoder().encode(fixed) : xml;
}

/**
 * The archive's XML parts, unpacked and stored again without compression.
 * @throws NotZipError when the bytes are not a readable zip; UnpackedTooLargeError past XLSX_UNPACKED_MAX_BYTES.
 */
export function unpackXlsx(file: ArrayBuffer): Uint8Array {
  let left = XLSX_UNPACKED_MAX_BYTES;
  const take = (bytes: number) => {
    left -= bytes;
    if (left < 0) throw new UnpackedTooLargeError(`more than ${XLSX_UNPACKED_MAX_BYTES} bytes unpacked`);
  };
  const parts: Record<string, Uint8Array> = {};
  let list: Entry[];
  try {
    list = entries(new Uint8Array(file));
  } catch (error) {
    throw error instanceof NotZipError ? error : new NotZipError(String(error));
  }
  for (const { name, method, data } of list.filter((e) => isXmlPart(e.name))) {
    if (method === 0) {
      take(data.length);
      parts[name] = spellOutAstral(data);
      continue;
    }
    if (method !== 8) throw new NotZipError(`compression method ${method}`);
    const chunks: Uint8Array[] = [];
    const inflate = new Inflate((chunk) => {
      take(chunk.length);
      chunks.push(chunk);
    });
    try {
      for (let i = 0; i < data.length; i += STEP) inflate.push(data.subarray(i, i + STEP), i + STEP >= data.length);
      if (!data.length) inflate.push(new Uint8Array(0), true);
    } catch (error) {
      throw error instanceof UnpackedTooLargeError ? error : new NotZipError(String(error));
    }
    const whole = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let offset = 0;
    for (const c of chunks) {
      whole.set(c, offset);
      offset += c.length;
    }
    parts[name] = spellOutAstral(whole);
  }
  return zipSync(parts, { level: 0 });
}
