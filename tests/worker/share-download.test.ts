import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../contracts/errors';
import type { SharedRecord, ShareStatus } from '../../contracts/records';
import type { MediaSummary } from '../../contracts/summary';
import { get, send, signUp } from './api';
import { addLines, createRecord, defaultFolderId, download } from './seed';

/**
 * /meetingShareDownload: whoever holds a share link downloads the shared record's transcript and summary,
 * made as the owner's own export makes them, when the owner allows copies, and not once the link is closed.
 */

const base = '/prod-api/speech/audio/transcribe';

const minutes: MediaSummary = {
  method: 'extractive',
  language: 'en-US',
  chapters: [{ start: 0, end: 9000, title: 'Budget', summary: 'The budget for next year is agreed.' }],
  speakers: [{ speaker: 'Anna', talkMs: 4000, summary: 'Opens the review.' }],
  keyPoints: [{ text: 'The budget is agreed.', start: 4000 }],
  mindMap: { text: 'Budget review', children: [{ text: 'Budget', start: 0, children: [] }] },
  actionItems: [{ id: 0, text: 'Send the budget to the board.', owner: 'Ben', ownerLineId: null, due: '2026-06-05', lineId: null, start: 4000, done: false }],
  decisions: [{ text: 'The budget is agreed.', lineId: null, start: 4000 }],
  questions: [],
};

async function sharedMeeting(allowCopy: boolean) {
  const owner = await signUp();
  const record = await createRecord(owner.userId, await defaultFolderId(owner.token), { name: 'Budget review', type: 'meeting', status: 'ended' });
  await addLines(record.id, [
    { start: 0, end: 4000, text: 'Good morning, everyone.', speaker: 'Anna' },
    { start: 4000, end: 9000, text: 'The budget is agreed.', speaker: 'Ben' },
  ]);
  await env.DB.prepare("INSERT INTO summaries (record_id, user_id, status, summary, updated_at) VALUES (?, ?, 'done', ?, ?)")
    .bind(record.id, owner.userId, JSON.stringify(minutes), Date.now())
    .run();
  const share = await send<ShareStatus>(`${base}/share`, { id: record.id, enabled: true, allowCopy }, { token: owner.token });
  return { owner, record, token: share.body.data.token! };
}

describe('shared meeting downloads', () => {
  it('hands a link holder the transcript and the minutes as files, with nobody signed in', async () => {
    const { token } = await sharedMeeting(true);
    const view = await get<SharedRecord>(`${base}/getTransResult?token=${token}`);
    expect(view.body.data.hasSummary).toBe(true);

    const transcript = await download(`${base}/shareDownload?token=${token}&what=transcript&format=srt`);
    expect(transcript.status).toBe(200);
    expect(transcript.headers.get('content-disposition')).toContain('Budget%20review');
    const srt = await transcript.text();
    expect(srt).toContain('Good morning, everyone.');
    expect(srt).toMatch(/00:00:0\d,\d{3} --> /);

    const summary = await download(`${base}/shareDownload?token=${token}&what=summary&format=md`);
    expect(summary.status).toBe(200);
    const markdown = await summary.text();
    expect(markdown).toContain('The budget for next year is agreed.');
    expect(markdown).toContain('Budget review');
    expect(markdown).toContain('- [ ] `00:00:04` Send the budget to the board. — Owner: Ben · Due 2026-06-05');
    expect(markdown).toContain('## Decisions\n\n- `00:00:04` The budget is agreed.');
  });

  it('refuses when the owner does not allow copies, and once the link is closed', async () => {
    const closed = await sharedMeeting(false);
    const refused = await download(`${base}/shareDownload?token=${closed.token}&what=transcript&format=txt`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Envelope).msg).toBe('The owner of this record does not allow copying it.');

    const { owner, record, token } = await sharedMeeting(true);
    await send(`${base}/share`, { id: record.id, enabled: false }, { token: owner.token });
    const gone = await download(`${base}/shareDownload?token=${token}&what=summary&format=docx`);
    expect(gone.status).toBe(410);
  });

  it('says a record without minutes has none to download', async () => {
    const owner = await signUp();
    const record = await createRecord(owner.userId, await defaultFolderId(owner.token), { name: 'No minutes' });
    await addLines(record.id, [{ start: 0, end: 2000, text: 'Hello.' }]);
    const share = await send<ShareStatus>(`${base}/share`, { id: record.id, enabled: true, allowCopy: true }, { token: owner.token });
    const token = share.body.data.token!;
    expect((await get<SharedRecord>(`${base}/getTransResult?token=${token}`)).body.data.hasSummary).toBe(false);
    const none = await download(`${base}/shareDownload?token=${token}&what=summary&format=md`);
    expect(none.status).toBe(400);
    const txt = await download(`${base}/shareDownload?token=${token}&what=transcript`);
    expect(await txt.text()).toContain('Hello.');
  });
});
