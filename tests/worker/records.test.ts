import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FolderNode, Page, RecordDetail, RecordRow } from '../../contracts/records';
import type { OrderColumn } from '../../contracts/record-vocabulary';
import { call, get, send, signUp } from './api';
import { addLines, createRecord, defaultFolderId, download, seedRecords } from './seed';
import type { Seeded } from './seed';

type ListResponse = Page<RecordRow> & { code: number; data: Page<RecordRow> };
type Query = Record<string, string | number>;

const list = async (token: string, query: Query, path = '/prod-api/speech/audio/transcribe/query') => {
  const res = await get<Page<RecordRow>>(`${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, token);
  return { status: res.status, body: res.body as unknown as ListResponse };
};
const newFolder = async (token: string, folderName: string) =>
  (await send<FolderNode>('/prod-api/speech/folder/editFolder', { parentId: 0, folderName }, { token })).body.data;

/** SQLite's LIKE ignores case for ASCII letters only; the seeded text has no other cased letters. */
const contains = (text: string | null, keyword: string) => text?.toLowerCase().includes(keyword.toLowerCase());

/** The page the API should return, computed from the generator's own rows. */
function expected(all: Seeded[], q: Query, now: number) {
  const sortKey: Record<OrderColumn, (r: Seeded) => number | string> = {
    create_time: (r) => r.createdAt,
    update_time: (r) => r.updatedAt,
    name: (r) => r.name,
    duration: (r) => r.durationMs,
  };
  const shared = (r: Seeded) => r.shareToken !== null && (r.shareExpiresAt === null || r.shareExpiresAt > now);
  const matches = all.filter(
    (r) =>
      (q.folderId === undefined || r.folderId === q.folderId) &&
      (q.type === undefined || r.type === q.type) &&
      (q.status === undefined || r.status === q.status) &&
      (q.favourite === undefined || r.favourite === (q.favourite === '1')) &&
      (q.shared === undefined || shared(r) === (q.shared === '1')) &&
      (q.beginTime === undefined || r.createdAt >= Number(q.beginTime)) &&
      (q.endTime === undefined || r.createdAt <= Number(q.endTime)) &&
      (q.keyword === undefined || contains(r.name, String(q.keyword)) || contains(r.transcript, String(q.keyword))),
  );
  const key = sortKey[(q.orderByColumn as OrderColumn | undefined) ?? 'create_time'];
  const sign = q.isAsc === 'asc' || q.isAsc === 'ascending' ? 1 : -1;
  matches.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
  });
  const pageSize = Number(q.pageSize ?? 10);
  const pageNum = Number(q.pageNum ?? 1);
  return { ids: matches.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((r) => r.id), total: matches.length };
}

describe('records list against 10,000 records', () => {
  let token: string;
  let seeded: Seeded[];
  let folderIds: number[];

  beforeAll(async () => {
    const user = await signUp();
    token = user.token;
    folderIds = [await defaultFolderId(token), (await newFolder(token, 'Clients')).id, (await newFolder(token, 'Research')).id];
    seeded = await seedRecords(user.userId, folderIds, 10_000);
  });

  const check = async (q: Query) => {
    const { status, body } = await list(token, q);
    expect(status, JSON.stringify(body)).toBe(200);
    const want = expected(seeded, q, Date.now());
    expect({ ids: body.rows.map((r) => r.id), total: body.total }, JSON.stringify(q)).toEqual(want);
    return body;
  };

  it('answers the page envelope with rows and total at the top level and in data', async () => {
    const body = await check({});
    expect(body.code).toBe(200);
    expect(body.total).toBe(10_000);
    expect(body.rows).toHaveLength(10);
    expect(body.data).toEqual({ rows: body.rows, total: body.total });
  });

  it('shows each record as the web app reads it', async () => {
    const source = seeded[30]!;
    const { body } = await list(token, { keyword: source.name, pageSize: 100 });
    const row = body.rows.find((r) => r.id === source.id);
    expect(row).toEqual({
      id: source.id,
      name: source.name,
      type: source.type,
      status: source.status,
      duration: source.durationMs / 1000,
      createTime: source.createdAt,
      updateTime: source.updatedAt,
      folderId: source.folderId,
      favourite: false,
      shared: true,
      allowCopy: false,
      shareExpiresAt: source.shareExpiresAt,
      audioLanguage: 'zh-CN',
      translationLanguage: null,
      errorReason: null,
    });
  });

  it('sorts by every column both ways, ties broken by id', async () => {
    for (const orderByColumn of ['create_time', 'update_time', 'name', 'duration']) {
      for (const isAsc of ['asc', 'descending']) {
        await check({ orderByColumn, isAsc, pageNum: 1, pageSize: 100 });
        await check({ orderByColumn, isAsc, pageNum: 57, pageSize: 37 });
      }
    }
  });

  it('filters by folder, type, status, favourite, share state and creation time', async () => {
    await check({ folderId: folderIds[1]!, pageSize: 50, pageNum: 3 });
    await check({ type: 'dubbing', pageSize: 100 });
    await check({ type: 'transcription', status: 'translation_err', pageSize: 100 });
    await check({ status: 'paused', orderByColumn: 'duration', isAsc: 'asc', pageSize: 20, pageNum: 4 });
    await check({ favourite: '1', pageSize: 100, pageNum: 2 });
    await check({ favourite: '0', orderByColumn: 'name', pageSize: 30 });
    const shared = await check({ shared: '1', pageSize: 100, pageNum: 3 });
    expect(shared.total).toBeGreaterThan(0);
    expect(shared.rows.every((r) => r.shared)).toBe(true);
    await check({ shared: '0', pageSize: 100, pageNum: 90 });
    const begin = seeded[123]!.createdAt;
    const end = begin + 600 * 60_000;
    const range = await check({ beginTime: begin, endTime: end, orderByColumn: 'create_time', isAsc: 'asc', pageSize: 100 });
    expect(range.rows[0]!.createTime).toBe(begin);
    await check({ type: 'meeting', favourite: '1', shared: '0', folderId: folderIds[2]!, beginTime: begin, pageSize: 25, pageNum: 2 });
  });

  it('finds a keyword in names and in transcripts, taking % and _ literally', async () => {
    const needle = await check({ keyword: 'NEEDLE', pageSize: 100, pageNum: 2 });
    expect(needle.total).toBeGreaterThan(seeded.filter((r) => r.name.startsWith('Needle')).length);
    await check({ keyword: 'needle 4', pageSize: 100 });
    await check({ keyword: 'plain words', type: 'transcription', pageSize: 100 });
    const literal = await check({ keyword: '50%_', pageSize: 100, pageNum: 1 });
    expect(literal.total).toBe(seeded.filter((r) => r.name.includes('50%_')).length);
    await check({ keyword: '_', pageSize: 100 });
    await check({ keyword: '会议 1', orderByColumn: 'name', isAsc: 'asc', pageSize: 100, pageNum: 2 });
    expect((await check({ keyword: 'no such words' })).total).toBe(0);
  });

  it('walks every page exactly once', async () => {
    const q = { type: 'meeting', favourite: '1', orderByColumn: 'create_time', isAsc: 'desc', pageSize: 100 };
    const seen: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const { body } = await list(token, { ...q, pageNum });
      seen.push(...body.rows.map((r) => r.id));
      if (body.rows.length < 100) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected(seeded, { ...q, pageSize: 10_000 }, Date.now()).ids);
  });

  it('lists meetings through getMeetingList with the same filters and sort', async () => {
    const q = { orderByColumn: 'duration', isAsc: 'asc', pageNum: 3, pageSize: 40, keyword: 'Record 1' };
    const meetings = await list(token, { ...q, type: 'dubbing' }, '/prod-api/speech/meeting/getMeetingList');
    expect(meetings.status).toBe(200);
    expect({ ids: meetings.body.rows.map((r) => r.id), total: meetings.body.total }).toEqual(expected(seeded, { ...q, type: 'meeting' }, Date.now()));
  });

  it('refuses bad list parameters with a clear message', async () => {
    for (const [q, field] of [
      [{ pageSize: 101 }, 'pageSize'],
      [{ orderByColumn: 'password' }, 'orderByColumn'],
      [{ status: 'lost' }, 'status'],
      [{ pageNum: 0 }, 'pageNum'],
    ] as const) {
      const res = await list(token, q);
      expect(res.status).toBe(400);
      expect((res.body as unknown as { msg: string }).msg).toContain(field);
    }
  });

  it('shows another user nothing of these records, even naming this user’s folder', async () => {
    const other = await signUp();
    expect((await list(other.token, {})).body.total).toBe(0);
    expect((await list(other.token, { folderId: folderIds[1]! })).body.total).toBe(0);
    expect((await list(other.token, {}, '/prod-api/speech/meeting/getMeetingList')).body.total).toBe(0);
    expect((await call('/prod-api/speech/audio/transcribe/query')).status).toBe(401);
  });
});

describe('batch edit and delete with more ids than D1 binds in one statement', () => {
  const edit = (token: string, body: object) => send<{ updated: number }>('/prod-api/speech/audio/transcribe/edit', body, { token });
  const remove = (token: string, ids: number[]) => send<{ removed: number }>('/prod-api/speech/audio/transcribe/remove', { ids }, { token });
  const rows = async (userId: number) =>
    (
      await env.DB.prepare('SELECT id, name, folder_id, favourite, updated_at FROM records WHERE user_id = ? ORDER BY id').bind(userId).all<{
        id: number;
        name: string;
        folder_id: number;
        favourite: number;
        updated_at: number;
      }>()
    ).results;

  let owner: { token: string; userId: number };
  let stranger: { token: string; userId: number };
  let seeded: Seeded[];
  let strangersRecord: number;
  let target: FolderNode;

  beforeAll(async () => {
    owner = await signUp();
    stranger = await signUp();
    target = await newFolder(owner.token, 'Target');
    seeded = await seedRecords(owner.userId, [await defaultFolderId(owner.token)], 300);
    strangersRecord = (await createRecord(stranger.userId, await defaultFolderId(stranger.token))).id;
  });

  it('favourites and moves 250 records in one call, bumping their modification time', async () => {
    const ids = seeded.slice(20, 270).map((r) => r.id);
    const before = await rows(owner.userId);
    const start = Date.now();
    expect((await edit(owner.token, { ids, favourite: true })).body.data).toEqual({ updated: 250 });
    expect((await edit(owner.token, { ids, folderId: target.id })).body.data).toEqual({ updated: 250 });
    const after = await rows(owner.userId);
    after.forEach((row, k) => {
      if (ids.includes(row.id)) {
        expect(row).toMatchObject({ favourite: 1, folder_id: target.id });
        expect(row.updated_at).toBeGreaterThanOrEqual(start);
      } else {
        expect(row).toEqual(before[k]);
      }
    });
    expect((await edit(owner.token, { ids, favourite: false })).body.data).toEqual({ updated: 250 });
    expect((await list(owner.token, { favourite: '1', pageSize: 100 })).body.total).toBe(seeded.filter((r, i) => r.favourite && (i < 20 || i >= 270)).length);
  });

  it('renames one record, trimmed, and refuses an empty name or a name for several', async () => {
    const [first, second] = seeded;
    expect((await edit(owner.token, { ids: [first!.id], name: '  Board meeting  ' })).body.data).toEqual({ updated: 1 });
    expect((await get<RecordDetail>(`/prod-api/speech/audio/transcribe/getTrans?id=${first!.id}`, owner.token)).body.data.record.name).toBe('Board meeting');
    expect((await edit(owner.token, { ids: [first!.id], name: '   ' })).status).toBe(400);
    const several = await edit(owner.token, { ids: [first!.id, second!.id], name: 'Same' });
    expect(several.status).toBe(400);
    expect(several.body.msg).toContain('one record at a time');
    expect((await edit(owner.token, { ids: [first!.id] })).body.msg).toContain('nothing to change');
  });

  it('changes nothing when one of 250 ids or the folder is someone else’s', async () => {
    const ids = [...seeded.slice(0, 249).map((r) => r.id), strangersRecord];
    const before = await rows(owner.userId);
    const mixed = await edit(owner.token, { ids, favourite: true, folderId: target.id });
    expect(mixed.status).toBe(404);
    expect(mixed.body.msg).toBe('Some of the selected records do not exist or have been deleted. Nothing was changed.');
    const foreignFolder = await newFolder(stranger.token, 'Theirs');
    const intoTheirs = await edit(owner.token, { ids: ids.slice(0, 249), folderId: foreignFolder.id });
    expect(intoTheirs.status).toBe(404);
    expect(intoTheirs.body.msg).toBe('This folder does not exist or has been deleted.');
    const moveTheirs = await edit(owner.token, { ids: [strangersRecord], folderId: target.id });
    expect(moveTheirs.status).toBe(404);
    expect(moveTheirs.body.msg).toBe('This record does not exist or has been deleted.');
    expect(await rows(owner.userId)).toEqual(before);
    expect((await rows(stranger.userId))[0]!.folder_id).toBe(await defaultFolderId(stranger.token));
  });

  // 250 media objects to write first: local R2 takes a few seconds for them on a busy machine, whatever the order.
  it('deletes 250 records with their lines and media, and nothing when one id is someone else’s', { timeout: 30_000 }, async () => {
    const doomed = seeded.slice(40, 290);
    // 500 writes one after another took most of the test's time on a busy machine: the media goes up at once
    // and the keys in one batch.
    const keyOf = (r: Seeded) => `test-media/${owner.userId}/${r.id}.mp3`;
    await Promise.all(doomed.map((r) => env.MEDIA.put(keyOf(r), `audio of ${r.id}`)));
    await env.DB.batch(doomed.map((r) => env.DB.prepare('UPDATE records SET media_key = ? WHERE id = ?').bind(keyOf(r), r.id)));
    const ids = doomed.map((r) => r.id);
    const refused = await remove(owner.token, [...ids.slice(0, 249), strangersRecord]);
    expect(refused.status).toBe(404);
    expect((await rows(owner.userId)).length).toBe(300);
    expect((await env.MEDIA.list({ prefix: `test-media/${owner.userId}/` })).objects).toHaveLength(250);
    expect((await rows(stranger.userId)).length).toBe(1);

    expect((await remove(owner.token, ids)).body.data).toEqual({ removed: 250 });
    const left = await rows(owner.userId);
    expect(left.map((r) => r.id)).toEqual(seeded.filter((r) => !ids.includes(r.id)).map((r) => r.id));
    expect((await env.MEDIA.list({ prefix: `test-media/${owner.userId}/` })).objects).toHaveLength(0);
    const orphanLines = await env.DB.prepare(`SELECT count(*) AS n FROM segments WHERE record_id BETWEEN ? AND ? AND record_id NOT IN (SELECT id FROM records)`)
      .bind(seeded[0]!.id, seeded[299]!.id)
      .first<{ n: number }>();
    expect(orphanLines!.n).toBe(0);
    expect((await remove(owner.token, [ids[0]!])).status).toBe(404);
  });
});

describe('one record with its transcript', () => {
  it('gives the owner the record and its lines in order, and nobody else anything', async () => {
    const owner = await signUp();
    const other = await signUp();
    const record = await createRecord(owner.userId, await defaultFolderId(owner.token), { translationLanguage: 'en-US' });
    await addLines(record.id, [
      { start: 0, end: 1200, text: '大家好', speaker: '主持人', translations: { 'en-US': 'Hello everyone' } },
      { start: 1300, end: 2500, text: '开始吧', speaker: '嘉宾' },
    ]);
    const res = await get<RecordDetail>(`/prod-api/speech/audio/transcribe/getTrans?id=${record.id}`, owner.token);
    expect(res.body.data.record).toMatchObject({ id: record.id, name: 'Weekly sync', duration: 65, translationLanguage: 'en-US' });
    expect(res.body.data.lines.map(({ seq, start, end, text, speaker, translations }) => ({ seq, start, end, text, speaker, translations }))).toEqual([
      { seq: 0, start: 0, end: 1200, text: '大家好', speaker: '主持人', translations: { 'en-US': 'Hello everyone' } },
      { seq: 1, start: 1300, end: 2500, text: '开始吧', speaker: '嘉宾', translations: {} },
    ]);
    const theirs = await get(`/prod-api/speech/audio/transcribe/getTrans?id=${record.id}`, other.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe('This record does not exist or has been deleted.');
  });

  it('refuses every call on another user’s record and leaves it untouched', async () => {
    const owner = await signUp();
    const other = await signUp();
    const record = await createRecord(owner.userId, await defaultFolderId(owner.token));
    await addLines(record.id, [{ start: 0, end: 1000, text: 'secret' }]);
    const base = '/prod-api/speech/audio/transcribe';
    const answers = [
      await send(`${base}/edit`, { ids: [record.id], name: 'mine now' }, { token: other.token }),
      await send(`${base}/edit`, { ids: [record.id], favourite: true }, { token: other.token }),
      await send(`${base}/remove`, { ids: [record.id] }, { token: other.token }),
      await send(`${base}/share`, { id: record.id, enabled: true, allowCopy: true }, { token: other.token }),
      await get(`${base}/getTransShareStatus?id=${record.id}`, other.token),
      await get(`${base}/getTrans?id=${record.id}`, other.token),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const exported = await download(`${base}/export?ids=${record.id}&format=txt`, other.token);
    expect(exported.status).toBe(404);
    expect(((await exported.json()) as { code: number }).code).toBe(404);
    const row = await env.DB.prepare('SELECT name, favourite, share_token FROM records WHERE id = ?').bind(record.id).first();
    expect(row).toEqual({ name: 'Weekly sync', favourite: 0, share_token: null });
  });
});
