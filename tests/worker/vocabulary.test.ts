import { env, exports } from 'cloudflare:workers';
import writeXlsxFile from 'write-excel-file/universal';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../contracts/records';
import type { DocumentData, VocabularyEntry, VocabularyFolder, VocabularyLibrary } from '../../contracts/vocabulary';
import { VOCABULARY_LIMITS } from '../../contracts/vocabulary-rules';
import { database } from '../../worker/db/client';
import { resolveVocabulary } from '../../worker/services/vocabulary/resolve';
import { call, get, grant, send, signUp } from './api';

const base = '/prod-api/speech/document';
type Import = { library: VocabularyLibrary; added: number; skipped: number };

async function member() {
  const user = await signUp();
  await grant(user.userId, 'svip');
  return user;
}
const createLibrary = async (token: string, body: object) => (await send<VocabularyLibrary>(`${base}/edit`, body, { token })).body;
const addEntry = (token: string, body: object) => send<VocabularyEntry>(`${base}/editData`, body, { token });
const xlsx = async (rows: (string | null)[][]) => writeXlsxFile(rows).toBlob();

function importFile(token: string, file: Blob, fields: Record<string, string | number>, name = 'words.xlsx') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  form.set('file', file, name);
  return call<Import>(`${base}/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}
const countOf = async (id: number) => (await env.DB.prepare('SELECT count(*) AS n FROM vocab_entries WHERE library_id = ?').bind(id).first<{ n: number }>())!.n;

describe('libraries and entries', () => {
  it('creates, lists, edits, reads and removes, keeping count right', async () => {
    const { token } = await member();
    const words = await createLibrary(token, { type: 'words', name: ' Product names ', language: 'zh-CN' });
    expect(words.code).toBe(200);
    expect(words.data).toMatchObject({ type: 'words', name: 'Product names', language: 'zh-CN', targetLanguage: null, folderId: null, count: 0 });
    const terms = (await createLibrary(token, { type: 'terms', name: 'Glossary', language: 'zh-CN', targetLanguage: 'en-US' })).data;
    expect(terms.targetLanguage).toBe('en-US');
    expect((await createLibrary(token, { type: 'terms', name: 'No target' })).code).toBe(400);
    expect((await createLibrary(token, { type: 'words', name: 'Bad', language: 'xx-YY' })).code).toBe(400);
    expect((await createLibrary(token, { name: 'No type' })).code).toBe(400);
    expect((await createLibrary(token, { type: 'words', name: '   ' })).code).toBe(400);

    const a = await addEntry(token, { id: words.data.id, text: '听译' });
    expect(a.body.data).toMatchObject({ text: '听译', translation: '' });
    expect((await addEntry(token, { id: words.data.id, text: '听译' })).body.code).toBe(409);
    expect((await addEntry(token, { id: words.data.id, text: 'x'.repeat(51) })).body.code).toBe(400);
    expect((await addEntry(token, { id: words.data.id, text: '😀'.repeat(50) })).body.code).toBe(200);
    expect((await addEntry(token, { id: words.data.id, text: '' })).body.code).toBe(400);
    const edited = await addEntry(token, { id: words.data.id, entryId: a.body.data.id, text: '聽譯' });
    expect(edited.body.data).toEqual({ id: a.body.data.id, text: '聽譯', translation: '' });

    expect((await addEntry(token, { id: terms.id, text: '', translation: '' })).body.code).toBe(400);
    expect((await addEntry(token, { id: terms.id, text: 'y'.repeat(101), translation: 'z' })).body.code).toBe(400);
    expect((await addEntry(token, { id: terms.id, text: '会议纪要', translation: 'minutes' })).body.code).toBe(200);
    expect((await addEntry(token, { id: terms.id, text: '', translation: 'Tingyi' })).body.data).toMatchObject({ text: 'Tingyi', translation: 'Tingyi' });

    const list = await get<Page<VocabularyLibrary>>(`${base}/getDocumentList?type=words`, token);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.rows[0]).toMatchObject({ id: words.data.id, count: 2 });
    expect((await get<Page<VocabularyLibrary>>(`${base}/getDocumentList?name=Gloss`, token)).body.data.rows.map((r) => r.id)).toEqual([terms.id]);

    const data = await get<DocumentData>(`${base}/getDocumentData?id=${terms.id}&keyword=minutes`, token);
    expect(data.body.data.total).toBe(1);
    expect(data.body.data.library.count).toBe(2);

    const renamed = await createLibrary(token, { id: words.data.id, name: 'Brands', type: 'sensitive' });
    expect(renamed.data).toMatchObject({ name: 'Brands', type: 'words' });

    const removed = await send<{ library: VocabularyLibrary }>(`${base}/removeData`, { id: words.data.id, ids: [a.body.data.id] }, { token });
    expect(removed.body.data.library.count).toBe(1);
    expect(await countOf(words.data.id)).toBe(1);

    expect((await send(`${base}/remove`, { ids: [words.data.id, terms.id] }, { token })).body.code).toBe(200);
    expect((await get<Page<VocabularyLibrary>>(`${base}/getDocumentList`, token)).body.data.total).toBe(0);
    expect(await countOf(words.data.id)).toBe(0);
  });

  it('caps a library at its size', async () => {
    const { token } = await member();
    const lib = (await createLibrary(token, { type: 'sensitive', name: 'Blocked' })).data;
    const values = Array.from({ length: VOCABULARY_LIMITS.perLibrary.sensitive }, (_, i) => `w${i}`);
    await env.DB.batch(values.map((v) => env.DB.prepare('INSERT INTO vocab_entries (library_id, text) VALUES (?, ?)').bind(lib.id, v)));
    await env.DB.prepare('UPDATE vocab_libraries SET count = ? WHERE id = ?').bind(values.length, lib.id).run();
    const refused = await addEntry(token, { id: lib.id, text: 'one more' });
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('150');
    expect(await countOf(lib.id)).toBe(150);
  });
});

describe('folders', () => {
  it('nests three deep, refuses a fourth level and duplicate names, and moves libraries up on removal', async () => {
    const { token } = await member();
    const folder = async (folderName: string, parentId = 0) => send<VocabularyFolder>(`${base}/editFolder`, { folderName, parentId }, { token });
    const one = (await folder('One')).body.data;
    const two = (await folder('Two', one.id)).body.data;
    const three = (await folder('Three', two.id)).body.data;
    const four = await folder('Four', three.id);
    expect(four.body.code).toBe(400);
    const dup = await folder('Two', one.id);
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('Two');
    expect((await folder('Two')).body.code).toBe(200);
    expect((await send(`${base}/editFolder`, { id: three.id, folderName: 'Two' }, { token })).body.code).toBe(200);
    expect((await folder('x'.repeat(251))).body.code).toBe(400);

    const inTwo = (await createLibrary(token, { type: 'words', name: 'In two', folderId: two.id })).data;
    const inThree = (await createLibrary(token, { type: 'words', name: 'In three', folderId: three.id })).data;
    expect((await get<Page<VocabularyLibrary>>(`${base}/getDocumentList?folderId=${two.id}`, token)).body.data.rows.map((r) => r.id)).toEqual([inTwo.id]);

    const tree = (await get<VocabularyFolder[]>(`${base}/folder`, token)).body.data;
    expect(tree.find((f) => f.id === one.id)!.children[0]!.children[0]).toMatchObject({ id: three.id, folderName: 'Two', children: [] });

    const removed = await send<{ removedFolders: number; movedLibraries: number }>(`${base}/removeFolder`, { id: two.id }, { token });
    expect(removed.body.data).toEqual({ removedFolders: 2, movedLibraries: 2 });
    const top = (await get<Page<VocabularyLibrary>>(`${base}/getDocumentList?folderId=0`, token)).body.data.rows.map((r) => r.id);
    expect(top.sort()).toEqual([inTwo.id, inThree.id].sort());
    expect((await get<VocabularyFolder[]>(`${base}/folder`, token)).body.data.find((f) => f.id === one.id)!.children).toEqual([]);
  });
});

describe('rights and ownership', () => {
  it('refuses a non-member creating or importing, but lets them read, export and remove their own', async () => {
    const { token, userId } = await member();
    const lib = (await createLibrary(token, { type: 'words', name: 'Kept' })).data;
    await addEntry(token, { id: lib.id, text: 'kept word' });
    await env.DB.prepare('DELETE FROM accounts WHERE user_id = ?').bind(userId).run();

    expect((await createLibrary(token, { type: 'words', name: 'New' })).code).toBe(92505003);
    expect((await addEntry(token, { id: lib.id, text: 'another' })).body.code).toBe(92505003);
    expect((await createLibrary(token, { id: lib.id, name: 'Renamed' })).code).toBe(92505003);
    expect((await importFile(token, await xlsx([['a']]), { id: lib.id })).body.code).toBe(92505003);
    expect((await importFile(token, await xlsx([['a']]), { type: 'words', name: 'New' })).body.code).toBe(92505003);

    expect((await get<Page<VocabularyLibrary>>(`${base}/getDocumentList`, token)).body.data.total).toBe(1);
    expect((await get<DocumentData>(`${base}/getDocumentData?id=${lib.id}`, token)).body.data.rows[0]!.text).toBe('kept word');
    const file = await fetchExport(token, lib.id);
    expect(file.status).toBe(200);
    expect((await send(`${base}/remove`, { ids: [lib.id] }, { token })).body.code).toBe(200);
  });

  it('answers not found to anyone but the owner, on every call', async () => {
    const owner = await member();
    const other = await member();
    const lib = (await createLibrary(owner.token, { type: 'terms', name: 'Mine', targetLanguage: 'en-US' })).data;
    const entry = (await addEntry(owner.token, { id: lib.id, text: 'a', translation: 'b' })).body.data;
    const folder = (await send<VocabularyFolder>(`${base}/editFolder`, { folderName: 'Mine' }, { token: owner.token })).body.data;
    const t = other.token;
    const answers = [
      (await get(`${base}/getDocumentData?id=${lib.id}`, t)).body.code,
      (await send(`${base}/edit`, { id: lib.id, name: 'x' }, { token: t })).body.code,
      (await send(`${base}/edit`, { type: 'words', name: 'x', folderId: folder.id }, { token: t })).body.code,
      (await addEntry(t, { id: lib.id, text: 'x' })).body.code,
      (await addEntry(t, { id: lib.id, entryId: entry.id, text: 'x' })).body.code,
      (await send(`${base}/removeData`, { id: lib.id, ids: [entry.id] }, { token: t })).body.code,
      (await send(`${base}/remove`, { ids: [lib.id] }, { token: t })).body.code,
      (await send(`${base}/editFolder`, { id: folder.id, folderName: 'x' }, { token: t })).body.code,
      (await send(`${base}/editFolder`, { parentId: folder.id, folderName: 'x' }, { token: t })).body.code,
      (await send(`${base}/removeFolder`, { id: folder.id }, { token: t })).body.code,
      (await importFile(t, await xlsx([['x']]), { id: lib.id })).body.code,
      (await fetchExport(t, lib.id)).status,
    ];
    expect(answers).toEqual(Array(answers.length).fill(404));
    expect((await get<Page<VocabularyLibrary>>(`${base}/getDocumentList`, t)).body.data.total).toBe(0);
    expect((await get<VocabularyFolder[]>(`${base}/folder`, t)).body.data).toEqual([]);
    expect(await countOf(lib.id)).toBe(1);
    // An entry id of another library of the owner's is not found either.
    const second = (await createLibrary(owner.token, { type: 'terms', name: 'Second', targetLanguage: 'en-US' })).data;
    expect((await addEntry(owner.token, { id: second.id, entryId: entry.id, text: 'moved?' })).body.code).toBe(404);
  });
});

const fetchExport = (token: string, id: number) =>
  exports.default.fetch(new Request(`http://tingyi.test${base}/export?id=${id}`, { headers: { authorization: `Bearer ${token}` } }));

describe('Excel import and export', () => {
  it('skips the header and entries already there, and reports what it did', async () => {
    const { token } = await member();
    const first = await importFile(token, await xlsx([['词汇'], ['alpha'], [null], ['beta'], ['alpha']]), { type: 'words', name: 'Imported' });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ added: 2, skipped: 0, library: { name: 'Imported', type: 'words', count: 2 } });
    const again = await importFile(token, await xlsx([['beta'], ['gamma']]), { id: first.body.data.library.id });
    expect(again.body.data).toMatchObject({ added: 1, skipped: 1, library: { count: 3 } });
    const rows = (await get<DocumentData>(`${base}/getDocumentData?id=${first.body.data.library.id}`, token)).body.data.rows.map((r) => r.text);
    expect(rows).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('refuses bad files and adds nothing', async () => {
    const { token } = await member();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`w${i}`]);
    const tooMany = await importFile(token, await xlsx(rows(VOCABULARY_LIMITS.importRows.words + 1)), { type: 'words', name: 'Too many' });
    expect(tooMany.body.code).toBe(400);
    expect(tooMany.body.msg).toContain(String(VOCABULARY_LIMITS.importRows.words));

    const long = await importFile(token, await xlsx([['word'], ['fine'], ['x'.repeat(51)]]), { type: 'words', name: 'Long' });
    expect(long.body.code).toBe(400);
    expect(long.body.msg).toContain('3');

    const text = new Blob(['word\nalpha\n'], { type: 'text/csv' });
    const notExcel = await importFile(token, text, { type: 'words', name: 'Csv' }, 'renamed.xlsx');
    expect(notExcel.body.code).toBe(400);
    expect(notExcel.body.msg).toContain('.xlsx');
    expect((await importFile(token, await xlsx([['a']]), { type: 'words', name: 'Txt' }, 'words.txt')).body.code).toBe(400);
    expect((await importFile(token, await xlsx([['word'], [null]]), { type: 'words', name: 'Empty' })).body.code).toBe(400);

    const big = new Blob([new Uint8Array(VOCABULARY_LIMITS.importBytes + 1)]);
    const tooBig = await importFile(token, big, { type: 'words', name: 'Big' });
    expect([400, 413]).toContain(tooBig.status);
    expect(tooBig.body.msg).toMatch(/5 MB|KB/);

    // 300 sensitive-word rows are a valid file, but the library keeps at most 150: refused whole.
    const full = await importFile(token, await xlsx(rows(VOCABULARY_LIMITS.importRows.sensitive)), { type: 'sensitive', name: 'Full' });
    expect(full.body.code).toBe(400);
    const lib = (await createLibrary(token, { type: 'sensitive', name: 'Some' })).data;
    await addEntry(token, { id: lib.id, text: 'w0' });
    const over = await importFile(token, await xlsx(rows(151)), { id: lib.id });
    expect(over.body.code).toBe(400);
    expect(await countOf(lib.id)).toBe(1);
    // The cap counts after de-duplication: w0 is already there, so 150 rows make 150 entries.
    const fits = await importFile(token, await xlsx(rows(150)), { id: lib.id });
    expect(fits.body.data).toMatchObject({ added: 149, skipped: 1, library: { count: 150 } });

    expect((await get<Page<VocabularyLibrary>>(`${base}/getDocumentList`, token)).body.data.rows.map((r) => r.name)).toEqual(['Some']);
  });

  it('exports a library that imports back equal', async () => {
    const { token } = await member();
    const lib = (await createLibrary(token, { type: 'terms', name: '术语 表', targetLanguage: 'en-US' })).data;
    await addEntry(token, { id: lib.id, text: '会议纪要', translation: 'minutes' });
    await addEntry(token, { id: lib.id, text: '听译', translation: 'Tingyi' });
    await addEntry(token, { id: lib.id, text: '', translation: 'OnlyTarget' });
    const res = await fetchExport(token, lib.id);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('术语 表.xlsx'));
    const file = await res.blob();
    const back = await importFile(token, file, { type: 'terms', name: 'Copy', targetLanguage: 'en-US' });
    expect(back.body.data).toMatchObject({ added: 3, skipped: 0 });
    const rowsOf = async (id: number) =>
      (await get<DocumentData>(`${base}/getDocumentData?id=${id}`, token)).body.data.rows.map((r) => [r.text, r.translation]);
    expect(await rowsOf(back.body.data.library.id)).toEqual(await rowsOf(lib.id));
  });
});

describe('resolveVocabulary', () => {
  it('returns the entries of the user own libraries, per-type right and cap checked', async () => {
    const { token, userId } = await member();
    const db = database(env.DB);
    const words = (await createLibrary(token, { type: 'words', name: 'W' })).data;
    const words2 = (await createLibrary(token, { type: 'words', name: 'W2' })).data;
    const terms = (await createLibrary(token, { type: 'terms', name: 'T', targetLanguage: 'en-US' })).data;
    const sensitive = (await createLibrary(token, { type: 'sensitive', name: 'S' })).data;
    await addEntry(token, { id: words.id, text: '听译' });
    await addEntry(token, { id: words2.id, text: '听译' });
    await addEntry(token, { id: words2.id, text: 'Tingyi' });
    await addEntry(token, { id: terms.id, text: '纪要', translation: 'minutes' });
    await addEntry(token, { id: terms.id, text: '', translation: 'Only' });
    await addEntry(token, { id: sensitive.id, text: 'secret' });

    expect(await resolveVocabulary(db, userId, [])).toEqual({ hotwords: [], terms: [], sensitive: [] });
    expect(await resolveVocabulary(db, userId, [words.id, words2.id, terms.id, sensitive.id])).toEqual({
      hotwords: ['听译', 'Tingyi'],
      terms: [
        { source: '纪要', target: 'minutes' },
        { source: 'Only', target: 'Only' },
      ],
      sensitive: ['secret'],
    });

    const other = await member();
    await expect(resolveVocabulary(db, other.userId, [words.id])).rejects.toMatchObject({ code: 404 });

    const many = await Promise.all(Array.from({ length: VOCABULARY_LIMITS.perJob - 1 }, (_, i) => createLibrary(token, { type: 'words', name: `M${i}` })));
    await expect(resolveVocabulary(db, userId, [words.id, words2.id, ...many.map((m) => m.data.id)])).rejects.toMatchObject({ code: 400 });

    await env.DB.prepare('DELETE FROM accounts WHERE user_id = ?').bind(userId).run();
    await expect(resolveVocabulary(db, userId, [sensitive.id])).rejects.toMatchObject({ code: 92505003 });
    expect(await resolveVocabulary(db, userId, [])).toEqual({ hotwords: [], terms: [], sensitive: [] });
  });
});
