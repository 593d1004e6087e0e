import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { DocumentData, VocabularyLibrary } from '../../contracts/vocabulary';
import { XLSX_UNPACKED_MAX_BYTES } from '../../worker/services/vocabulary/xlsx-unpack';
import { call, get, grant, signUp } from './api';

/**
 * Vocabulary spreadsheets as other programs write them: openpyxl's numeric character references, sheets far
 * larger than the browser-side writer makes, and an archive that unpacks to far more than it weighs.
 */

const base = '/prod-api/speech/document';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPES = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** openpyxl escapes every non-ASCII character as a reference to its code point, one reference even above U+FFFF. */
const openpyxlEscape = (text: string) =>
  [...text].map((ch) => (ch.codePointAt(0)! > 0x7f ? `&#${ch.codePointAt(0)};` : ch.replace('&', '&amp;').replace('<', '&lt;'))).join('');

const sheetXml = (rows: string[][], strings: Map<string, number>) =>
  `<?xml version="1.0" encoding="utf-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((cell, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="s"><v>${strings.get(cell)}</v></c>`).join('')}</row>`,
    )
    .join('')}</sheetData></worksheet>`;

/**
 * A workbook laid out as openpyxl saves it (shared strings, absolute part names in the workbook's relations),
 * one sheet per entry of `sheets`, compressed with deflate; `extra` parts replace or add to what it holds.
 */
function openpyxlWorkbook(sheets: string[][][], extra: Record<string, Uint8Array> = {}): Blob {
  const strings = new Map<string, number>();
  for (const cell of sheets.flat(2)) if (!strings.has(cell)) strings.set(cell, strings.size);
  const text = (s: string) => new TextEncoder().encode(s);
  const parts: Record<string, Uint8Array> = {
    '[Content_Types].xml': text(
      `<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${TYPES}.sheet.main+xml"/>${sheets
        .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${TYPES}.worksheet+xml"/>`)
        .join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="${TYPES}.sharedStrings+xml"/></Types>`,
    ),
    '_rels/.rels': text(
      `<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': text(
      `<?xml version="1.0" encoding="utf-8"?><workbook xmlns="${MAIN}"><sheets>${sheets
        .map((_, i) => `<sheet xmlns:r="${REL}" name="Sheet${i + 1}" sheetId="${i + 1}" state="visible" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': text(
      `<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="${PKG_REL}">${sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="/xl/worksheets/sheet${i + 1}.xml"/>`)
        .join('')}<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/sharedStrings.xml': text(
      `<?xml version="1.0" encoding="utf-8"?><sst xmlns="${MAIN}" uniqueCount="${strings.size}">${[...strings.keys()].map((s) => `<si><t>${openpyxlEscape(s)}</t></si>`).join('')}</sst>`,
    ),
    ...Object.fromEntries(sheets.map((rows, i) => [`xl/worksheets/sheet${i + 1}.xml`, text(sheetXml(rows, strings))])),
    ...extra,
  };
  return new Blob([zipSync(parts, { level: 6 })]);
}

type Import = { library: VocabularyLibrary; added: number; skipped: number };
async function importWords(file: Blob) {
  const { token, userId } = await signUp();
  await grant(userId, 'svip');
  const form = new FormData();
  form.set('type', 'words');
  form.set('name', 'From a spreadsheet');
  form.set('file', file, 'words.xlsx');
  const res = await call<Import>(`${base}/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { res, token };
}
const entriesOf = async (token: string, id: number) =>
  (await get<DocumentData>(`${base}/getDocumentData?id=${id}&pageSize=100`, token)).body.data.rows.map((r) => r.text);

describe('spreadsheets from other programs', () => {
  it('keeps characters above U+FFFF that openpyxl wrote as one reference each', async () => {
    const words = ['🎤 live', '𠮷野家', '会议 😀 notes', 'plain'];
    const { res, token } = await importWords(openpyxlWorkbook([[['Words'], ...words.map((w) => [w])]]));
    expect(res.body.code).toBe(200);
    expect(await entriesOf(token, res.body.data.library.id)).toEqual(words);
  });

  it('imports a genuine spreadsheet of several megabytes unpacked', async () => {
    const words = Array.from({ length: 80 }, (_, i) => `keyword${i}`);
    // A second sheet of reference notes makes the workbook large; only the first sheet holds entries.
    const notes = Array.from({ length: 30_000 }, (_, i) => [`note ${i}`, `the meeting on day ${i % 365} discussed item ${i * 7}`]);
    const file = openpyxlWorkbook([words.map((w) => [w]), notes]);
    const { res, token } = await importWords(file);
    expect(res.body.code).toBe(200);
    expect(res.body.data.added).toBe(words.length);
    expect((await entriesOf(token, res.body.data.library.id)).length).toBe(words.length);
  });

  it('refuses a spreadsheet that unpacks past the cap, saying so', async () => {
    const head = new TextEncoder().encode(`<?xml version="1.0" encoding="utf-8"?><worksheet xmlns="${MAIN}"><sheetData>`);
    const padding = new Uint8Array(XLSX_UNPACKED_MAX_BYTES + 1024 * 1024).fill(0x20);
    const bomb = new Uint8Array(head.length + padding.length);
    bomb.set(head);
    bomb.set(padding, head.length);
    const file = openpyxlWorkbook([[['word']]], { 'xl/worksheets/sheet1.xml': bomb });
    expect(file.size).toBeLessThan(100 * 1024);
    const { res } = await importWords(file);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain(`${XLSX_UNPACKED_MAX_BYTES / 1024 / 1024} MB`);
  });
});
