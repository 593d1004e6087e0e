import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FolderNode, RecordDetail, RecordRow, SharedRecord, ShareStatus } from '../../contracts/records';
import { call, get, send, signUp } from './api';
import { addLines, createRecord, DAY, defaultFolderId, folderTree } from './seed';

const base = '/prod-api/speech/audio/transcribe';
const share = (token: string, body: object) => send<ShareStatus>(`${base}/share`, body, { token });
const status = (token: string, id: number) => get<ShareStatus>(`${base}/getTransShareStatus?id=${id}`, token);
/** The shared page's call, made the way a signed-out browser makes it. */
const open = (shareToken: string, locale = 'en-US') =>
  call<SharedRecord>(`${base}/getTransResult?token=${encodeURIComponent(shareToken)}`, { headers: { 'accept-language': locale } });
const copy = (token: string, body: object) => send<RecordRow>(`${base}/copyReplica`, body, { token });

const LINES = [
  { start: 0, end: 1800, text: 'Welcome to the quarterly review.', speaker: 'Ann', translations: { 'zh-CN': '欢迎参加季度回顾。' } },
  { start: 1900, end: 4200, text: 'Revenue grew by ten percent.', speaker: 'Bo', translations: { 'zh-CN': '收入增长了百分之十。' } },
];

describe('share links', () => {
  let owner: { token: string; userId: number };
  let viewer: { token: string; userId: number };

  beforeAll(async () => {
    owner = await signUp();
    viewer = await signUp();
  });

  async function sharedRecordOf(values = {}) {
    const record = await createRecord(owner.userId, await defaultFolderId(owner.token), { name: 'Quarterly review', translationLanguage: 'zh-CN', ...values });
    await addLines(record.id, LINES);
    return record;
  }

  it('shows the transcript read-only to anyone holding the link, without signing in', async () => {
    const record = await sharedRecordOf();
    const opened = await share(owner.token, { id: record.id, enabled: true, allowCopy: false });
    expect(opened.body.data).toMatchObject({ shared: true, allowCopy: false, expiresAt: null });
    const link = opened.body.data.token!;
    expect(link).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    const res = await open(link);
    expect(res.status).toBe(200);
    const ownerName = (await get<{ name: string }>('/prod-api/system/getClientInfo', owner.token)).body.data.name;
    expect(res.body.data).toMatchObject({
      name: 'Quarterly review',
      type: 'transcription',
      duration: 65,
      ownerName,
      allowCopy: false,
      expiresAt: null,
      translationLanguage: 'zh-CN',
    });
    expect(res.body.data.lines.map((l) => [l.text, l.speaker, l.translations['zh-CN']])).toEqual(
      LINES.map((l) => [l.text, l.speaker, l.translations['zh-CN']]),
    );

    expect((await status(owner.token, record.id)).body.data).toEqual({ shared: true, token: link, allowCopy: false, expiresAt: null });
    const listed = await get<{ rows: RecordRow[] }>(`${base}/query?shared=1`, owner.token);
    expect(listed.body.data.rows.map((r) => r.id)).toContain(record.id);
  });

  it('keeps the link when only its options change, and gives a new one after revoking', async () => {
    const record = await sharedRecordOf();
    const first = (await share(owner.token, { id: record.id, enabled: true })).body.data.token!;
    const before = Date.now();
    const updated = await share(owner.token, { id: record.id, enabled: true, allowCopy: true, expiresInDays: 7 });
    expect(updated.body.data).toMatchObject({ shared: true, token: first, allowCopy: true });
    expect(updated.body.data.expiresAt! - before).toBeGreaterThanOrEqual(7 * DAY - 5000);
    expect(updated.body.data.expiresAt! - before).toBeLessThanOrEqual(7 * DAY + 5000);
    expect((await open(first)).body.data.allowCopy).toBe(true);

    const revoked = await share(owner.token, { id: record.id, enabled: false });
    expect(revoked.body.data).toEqual({ shared: false, token: null, allowCopy: false, expiresAt: null });
    const gone = await open(first);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: 410, msg: 'This link has expired or was revoked.', data: null });

    const again = (await share(owner.token, { id: record.id, enabled: true })).body.data.token!;
    expect(again).not.toBe(first);
    expect((await open(again)).status).toBe(200);
    expect((await open(first)).status).toBe(410);
  });

  it('stops working once expired, saying so in each language, and is not revived by sharing again', async () => {
    const record = await sharedRecordOf();
    const link = (await share(owner.token, { id: record.id, enabled: true, expiresInDays: 1 })).body.data.token!;
    expect((await open(link)).status).toBe(200);
    await env.DB.prepare('UPDATE records SET share_expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, record.id)
      .run();

    const messages = [];
    for (const locale of ['en-US', 'zh-CN', 'zh-TW']) {
      const res = await open(link, locale);
      expect(res.status).toBe(410);
      expect(res.body.code).toBe(410);
      messages.push(res.body.msg);
    }
    expect(messages).toEqual(['This link has expired or was revoked.', '该链接已过期或已被取消分享。', '此連結已過期或已被取消分享。']);
    expect((await status(owner.token, record.id)).body.data).toMatchObject({ shared: false, token: null });
    const listed = await get<{ rows: RecordRow[] }>(`${base}/query?shared=0&pageSize=100`, owner.token);
    expect(listed.body.data.rows.find((r) => r.id === record.id)).toMatchObject({ shared: false });
    expect((await copy(viewer.token, { token: link })).status).toBe(410);

    const renewed = (await share(owner.token, { id: record.id, enabled: true, expiresInDays: 30 })).body.data.token!;
    expect(renewed).not.toBe(link);
    expect((await open(link)).status).toBe(410);
    expect((await open(renewed)).status).toBe(200);
  });

  it('answers an unknown or mangled link as expired', async () => {
    for (const token of ['A'.repeat(24), 'not a token at all!', '']) {
      const res = await open(token);
      expect(res.status).toBe(410);
      expect(res.body.msg).toBe('This link has expired or was revoked.');
    }
  });

  it('lets only the owner share a record or read its share state', async () => {
    const record = await sharedRecordOf();
    expect((await share(viewer.token, { id: record.id, enabled: true, allowCopy: true })).status).toBe(404);
    expect((await status(viewer.token, record.id)).status).toBe(404);
    expect((await status(owner.token, record.id)).body.data).toEqual({ shared: false, token: null, allowCopy: false, expiresAt: null });
    expect((await send(`${base}/share`, { id: record.id, enabled: true })).status).toBe(401);
    expect((await send(`${base}/share`, { id: record.id, enabled: true, expiresInDays: 3 }, { token: owner.token })).status).toBe(400);
  });
});

describe('copy to my records', () => {
  let owner: { token: string; userId: number };
  let viewer: { token: string; userId: number };

  beforeAll(async () => {
    owner = await signUp();
    viewer = await signUp();
  });

  it('is refused unless the owner allows copying', async () => {
    const record = await createRecord(owner.userId, await defaultFolderId(owner.token));
    const link = (await share(owner.token, { id: record.id, enabled: true, allowCopy: false })).body.data.token!;
    const res = await copy(viewer.token, { token: link });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('The owner of this record does not allow copying it.');
    expect((await get<{ total: number }>(`${base}/query`, viewer.token)).body.data.total).toBe(0);
    expect((await send(`${base}/copyReplica`, { token: link })).status).toBe(401);
  });

  it('copies the record, its lines and its media into the viewer’s folder, independent of the original', async () => {
    const mediaKey = `test-media/${owner.userId}/review.mp3`;
    await env.MEDIA.put(mediaKey, 'the recording', { httpMetadata: { contentType: 'audio/mpeg' } });
    const record = await createRecord(owner.userId, await defaultFolderId(owner.token), {
      name: 'Quarterly review',
      translationLanguage: 'zh-CN',
      favourite: true,
      mediaKey,
    });
    await addLines(record.id, LINES);
    const link = (await share(owner.token, { id: record.id, enabled: true, allowCopy: true })).body.data.token!;

    const inbox = (await send<FolderNode>('/prod-api/speech/folder/editFolder', { folderName: 'From colleagues' }, { token: viewer.token })).body.data;
    const res = await copy(viewer.token, { token: link, folderId: inbox.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Quarterly review',
      folderId: inbox.id,
      favourite: false,
      shared: false,
      duration: 65,
      translationLanguage: 'zh-CN',
    });
    const copyId = res.body.data.id;
    expect(copyId).not.toBe(record.id);

    const detail = (await get<RecordDetail>(`${base}/getTrans?id=${copyId}`, viewer.token)).body.data;
    expect(detail.lines.map(({ seq, start, end, text, speaker, translations }) => ({ seq, start, end, text, speaker, translations }))).toEqual(
      LINES.map((l, seq) => ({ seq, ...l })),
    );
    const row = await env.DB.prepare('SELECT media_key, share_token FROM records WHERE id = ?').bind(copyId).first<{ media_key: string; share_token: null }>();
    expect(row!.share_token).toBeNull();
    expect(row!.media_key).not.toBe(mediaKey);
    const copied = await env.MEDIA.get(row!.media_key);
    expect(await copied!.text()).toBe('the recording');
    expect(copied!.httpMetadata?.contentType).toBe('audio/mpeg');

    // Deleting the original takes its media, not the copy's.
    expect((await send(`${base}/remove`, { ids: [record.id] }, { token: owner.token })).body.code).toBe(200);
    expect(await env.MEDIA.head(mediaKey)).toBeNull();
    expect(await env.MEDIA.head(row!.media_key)).not.toBeNull();
    expect((await get<RecordDetail>(`${base}/getTrans?id=${copyId}`, viewer.token)).body.data.lines).toHaveLength(2);
  });

  it('goes to the default folder unless a folder of the viewer’s own is named', async () => {
    const record = await createRecord(owner.userId, await defaultFolderId(owner.token), { name: 'Standup' });
    const link = (await share(owner.token, { id: record.id, enabled: true, allowCopy: true })).body.data.token!;
    const res = await copy(viewer.token, { token: link });
    expect(res.body.data.folderId).toBe(await defaultFolderId(viewer.token));

    const ownersFolder = (await folderTree(owner.token))[0]!.id;
    const refused = await copy(viewer.token, { token: link, folderId: ownersFolder });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('This folder does not exist or has been deleted.');
    const names = (await get<{ rows: RecordRow[] }>(`${base}/query?keyword=Standup`, viewer.token)).body.data.rows;
    expect(names).toHaveLength(1);
  });
});
