import { env, exports } from 'cloudflare:workers';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { Code } from '../../contracts/errors';
import type { JobMessage } from '../../contracts/jobs';
import type { MeetingDetail } from '../../contracts/meeting';
import type { RecordDetail } from '../../contracts/records';
import { type MediaSummary, SUMMARY_METHODS, type SummaryState } from '../../contracts/summary';
import { summaryFallbackName } from '../../contracts/record-vocabulary';
import { consumeDeadJobs, consumeJobs, runJob } from '../../queues/jobs';
import { database } from '../../worker/db/client';
import { translate } from '../../worker/lib/i18n';
import { queueSummary, requestSummary } from '../../worker/services/summary';
import { summaryDocx, summaryMarkdown } from '../../worker/services/summary/document';
import { call, get, grant, send, signUp } from './api';
import { batchOf, transcribe } from './jobs';
import { addLines, createRecord, defaultFolderId } from './seed';
import type { LineInput } from './seed';

/**
 * AI summaries inside the real Worker: made by the real engine's summarizer through the real jobs queue,
 * queued by a finished transcription, by a meeting that ends, or by the owner; kept, marked stale, failed
 * and retried, and downloaded as Word or Markdown.
 */

const db = database(env.DB);
const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const ai = '/prod-api/ai';

/** A planning meeting of two speakers over three topics, as a transcript stores it. */
const LINES: LineInput[] = (
  [
    ['Speaker 1', 'Good morning everyone, let us start with the budget for the third quarter.'],
    ['Speaker 2', 'The budget for the third quarter is almost final, marketing asked for ten percent more.'],
    ['Speaker 1', 'Ten percent more for marketing is fine if travel costs go down.'],
    ['Speaker 2', 'Travel costs will go down because we limit travel to two trips per person.'],
    ['Speaker 1', 'Good, the budget is settled then. Next topic is hiring for the support team.'],
    ['Speaker 2', 'We need two more support engineers before the product launch in September.'],
    ['Speaker 1', 'The hiring plan needs approval from finance by the end of this month.'],
    ['Speaker 2', 'I will send the hiring plan for the support engineers to finance tomorrow.'],
    ['Speaker 1', 'Last topic is the product launch and the launch event in September.'],
    ['Speaker 2', 'The launch event will be in Shanghai and we expect three hundred guests.'],
    ['Speaker 1', 'Please book the venue for the launch event this week.'],
    ['Speaker 2', 'I will book the venue and share the launch checklist with the team.'],
  ] as const
).map(([speaker, text], i) => ({ start: i * 15_000, end: i * 15_000 + 12_000, speaker, text }));

const request = (token: string, body: object, locale: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': locale },
  body: JSON.stringify(body),
});
const state = (token: string, id: number) => send<SummaryState>(`${ai}/ai/queryMediaSummary`, { id }, { token });
const summarize = (token: string, id: number, locale = 'en-US') => call<SummaryState>(`${ai}/ai/mediaSummary`, request(token, { id }, locale));
/** The download answers a file, not an envelope. */
const download = (token: string, body: object, locale = 'en-US') =>
  exports.default.fetch(new Request(`http://tingyi.test${ai}/summaryTemplate/download`, request(token, body, locale)));

async function waitForSummary(token: string, id: number, done: (s: SummaryState) => boolean = (s) => s.status === 'done' || s.status === 'failed') {
  const until = Date.now() + 90_000;
  for (;;) {
    const s = (await state(token, id)).body.data;
    if (done(s)) return s;
    if (Date.now() > until) throw new Error(`summary of ${id} stuck in ${s.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A finished record of the planning meeting, owned by a new user. */
async function plannedRecord(values: Parameters<typeof createRecord>[2] = {}) {
  const user = await signUp();
  const record = await createRecord(user.userId, await defaultFolderId(user.token), {
    name: 'Q3 planning',
    audioLanguage: 'en-US',
    durationMs: 180_000,
    ...values,
  });
  await addLines(record.id, LINES);
  return { ...user, id: record.id };
}

const recordOf = async (token: string, id: number) => (await get<RecordDetail>(`/prod-api/speech/audio/transcribe/getTrans?id=${id}`, token)).body.data;

function expectFullSummary(s: SummaryState, title: string) {
  expect(s).toMatchObject({ status: 'done', errorReason: null, stale: false });
  expect(s.generatedAt).toBeGreaterThan(0);
  const summary = s.summary!;
  expect(SUMMARY_METHODS).toContain(summary.method);
  expect(summary.language).toBe('en-US');
  expect(summary.chapters.length).toBeGreaterThan(0);
  for (const c of summary.chapters) {
    expect(c.title.trim()).not.toBe('');
    expect(c.end).toBeGreaterThanOrEqual(c.start);
  }
  expect(summary.keyPoints.length).toBeGreaterThan(0);
  expect(summary.mindMap.text).toBe(title);
  expect(summary.mindMap.children.length).toBeGreaterThan(0);
}

describe('summaries of transcribed files', () => {
  it('queues the summary of a finished transcription by itself, and the engine makes it', { timeout: 240_000 }, async () => {
    const { token, userId } = await signUp();
    const { id, detail } = await transcribe(token, userId, 'Budget call.mp3', decode(inject('meetingMp3')), {
      showName: 'Budget call',
      speaker: '1',
      maxSpeakers: 2,
    });
    expect(detail.record.status).toBe('transcription_completed');
    expect(detail.lines.length).toBeGreaterThan(0);
    // Queued before the record turned complete: never "none" once the transcript is there.
    expect((await state(token, id)).body.data.status).not.toBe('none');
    const done = await waitForSummary(token, id);
    expectFullSummary(done, 'Budget call');
    expect(done.summary!.speakers.length).toBeGreaterThan(0);

    const stranger = await signUp();
    const theirs = await get(`/prod-api/speech/audio/transcribe/getTrans?id=${id}`, stranger.token);
    for (const path of ['/ai/queryMediaSummary', '/ai/mediaSummary']) {
      const res = await send(`${ai}${path}`, { id }, { token: stranger.token });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(theirs.body);
    }
    expect((await state(token, id)).body.data.status).toBe('done');
  });
});

describe("transcription's hand-on", () => {
  it('queues one summary however often it is redelivered, before the record turns complete, and none for a meeting', { timeout: 120_000 }, async () => {
    const { token, id } = await plannedRecord({ status: 'transcribing' });
    const sent: JobMessage[] = [];
    const enqueue = async (messages: JobMessage[]) => void sent.push(...messages);
    const handOn: JobMessage = { kind: 'transcribed', recordId: id, step: 'recognised' };
    await runJob(db, env, handOn, enqueue);
    expect((await recordOf(token, id)).record).toMatchObject({ status: 'transcription_completed', errorReason: null });
    expect((await state(token, id)).body.data.status).toBe('queued');
    await runJob(db, env, handOn, enqueue);
    expect(sent).toEqual([{ kind: 'summary', recordId: id }]);

    await runJob(db, env, sent[0]!, enqueue);
    const made = (await state(token, id)).body.data;
    expectFullSummary(made, 'Q3 planning');
    // Redelivered once the summary is made, and the hand-on after a translation: nothing is queued or made again.
    await runJob(db, env, handOn, enqueue);
    await runJob(db, env, { ...handOn, step: 'translated' }, enqueue);
    expect(sent).toHaveLength(1);
    expect((await state(token, id)).body.data).toEqual(made);

    const user = await signUp();
    const meeting = await createRecord(user.userId, await defaultFolderId(user.token), { type: 'meeting', status: 'ended' });
    await addLines(meeting.id, LINES.slice(0, 3));
    await runJob(db, env, { kind: 'transcribed', recordId: meeting.id, step: 'translated' }, enqueue);
    expect(sent).toHaveLength(1);
    expect((await state(user.token, meeting.id)).body.data.status).toBe('none');
  });

  it('ends a record still translating with the reason when the hand-on runs out of retries', async () => {
    const { token, id } = await plannedRecord({ status: 'translating', translationLanguage: 'es-ES' });
    await consumeDeadJobs(batchOf('tingyi-jobs-dead', [{ kind: 'transcribed', recordId: id, step: 'translated' }]).batch, env);
    expect((await recordOf(token, id)).record).toMatchObject({
      status: 'translation_err',
      errorReason: 'The speech service did not respond after several tries.',
    });
  });
});

describe('asking for a summary', () => {
  it("answers 'none' for a record never summarised, and refuses records without a finished transcript, in the caller's language", async () => {
    const user = await signUp();
    const folder = await defaultFolderId(user.token);
    const empty = await createRecord(user.userId, folder, { name: 'Silent' });
    expect((await state(user.token, empty.id)).body.data).toEqual({
      recordId: empty.id,
      status: 'none',
      errorReason: null,
      summary: null,
      stale: false,
      generatedAt: null,
    });

    const refused = await summarize(user.token, empty.id, 'zh-CN');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: Code.BAD_REQUEST, msg: translate('zh-CN', 'summaryNoTranscript'), data: null });

    const busy = await createRecord(user.userId, folder, { status: 'transcribing' });
    await addLines(busy.id, LINES.slice(0, 2));
    const early = await summarize(user.token, busy.id, 'zh-TW');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: Code.CONFLICT, msg: translate('zh-TW', 'summaryRecordBusy') });
    expect((await state(user.token, busy.id)).body.data.status).toBe('none');

    const noSummary = await download(user.token, { id: empty.id, format: 'md' });
    expect(noSummary.status).toBe(400);
    expect(((await noSummary.json()) as { msg: string }).msg).toBe(translate('en-US', 'summaryMissing'));
  });

  it('queues one message however often it is asked while queued or running', async () => {
    const { userId, id } = await plannedRecord();
    const sent: JobMessage[] = [];
    const enqueue = async (messages: JobMessage[]) => void sent.push(...messages);
    expect((await requestSummary(db, enqueue, userId, id)).status).toBe('queued');
    expect((await requestSummary(db, enqueue, userId, id)).status).toBe('queued');
    expect(sent).toEqual([{ kind: 'summary', recordId: id }]);
    await runJob(db, env, sent[0]!, enqueue);
    const done = await requestSummary(db, enqueue, userId, id);
    // Asked again once done: queued anew, the last summary still shown meanwhile.
    expect(done.status).toBe('queued');
    expect(done.summary?.chapters.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(2);
    // A redelivered message after success changes nothing.
    await runJob(db, env, sent[1]!, enqueue);
    const before = await env.DB.prepare('SELECT updated_at FROM summaries WHERE record_id = ?').bind(id).first<{ updated_at: number }>();
    await runJob(db, env, sent[1]!, enqueue);
    const after = await env.DB.prepare('SELECT updated_at FROM summaries WHERE record_id = ?').bind(id).first<{ updated_at: number }>();
    expect(after).toEqual(before);
  });

  it('goes stale when the transcript is edited, and a re-run clears it', { timeout: 120_000 }, async () => {
    const { token, id } = await plannedRecord();
    expect((await summarize(token, id)).body.data.status).toBe('queued');
    const first = await waitForSummary(token, id);
    expectFullSummary(first, 'Q3 planning');

    // Renaming a speaker is an edit too: the summary names speakers.
    const edited = LINES.map((l) => ({ ...l, speaker: l.speaker === 'Speaker 2' ? 'Lin' : l.speaker }));
    expect((await send('/prod-api/speech/audio/transcribe/editDetails', { id, lines: edited }, { token })).body.code).toBe(200);
    const stale = (await state(token, id)).body.data;
    // The summary kept meanwhile is the first, its action items' owners read under the speaker's new name.
    const renamed = { ...first.summary!, actionItems: first.summary!.actionItems.map((a) => ({ ...a, owner: a.owner === 'Speaker 2' ? 'Lin' : a.owner })) };
    expect(first.summary!.actionItems.some((a) => a.owner === 'Speaker 2')).toBe(true);
    expect(stale).toMatchObject({ status: 'done', stale: true, summary: renamed });

    const again = await summarize(token, id);
    expect(again.body.data.status).toBe('queued');
    expect(again.body.data.summary).toEqual(renamed);
    const fresh = await waitForSummary(token, id, (s) => s.status === 'done' && s.generatedAt !== first.generatedAt);
    expect(fresh.stale).toBe(false);
    expect(fresh.summary!.speakers.map((s) => s.speaker)).toContain('Lin');
  });

  it("keeps the reason and the record's own status when a run fails, and a retry clears it", { timeout: 120_000 }, async () => {
    const { token, userId, id } = await plannedRecord({ status: 'translation_completed', translationLanguage: 'es-ES' });
    const sent: JobMessage[] = [];
    await queueSummary(db, async (m) => void sent.push(...m), { id, userId });
    // An engine that answers 404 for the summarizer: a client error, so no retry.
    const broken = { ...env, ENGINE_URL: `${env.ENGINE_URL}/missing` };
    const { batch, outcome } = batchOf('tingyi-jobs', sent);
    await consumeJobs(batch, broken);
    expect(outcome).toEqual(['ack']);
    const failed = (await state(token, id)).body.data;
    expect(failed.status).toBe('failed');
    expect(failed.errorReason).toBeTruthy();
    expect(failed.summary).toBeNull();
    expect((await recordOf(token, id)).record).toMatchObject({ status: 'translation_completed', errorReason: null });

    expect((await summarize(token, id)).body.data).toMatchObject({ status: 'queued', errorReason: failed.errorReason });
    const retried = await waitForSummary(token, id);
    expectFullSummary(retried, 'Q3 planning');

    // Out of retries on the dead-letter queue: the summary fails, its last good version stays, the record is untouched.
    await queueSummary(db, async () => {}, { id, userId });
    await consumeDeadJobs(batchOf('tingyi-jobs-dead', [{ kind: 'summary', recordId: id }]).batch, env);
    const dead = (await state(token, id)).body.data;
    expect(dead).toMatchObject({ status: 'failed', summary: retried.summary });
    expect(dead.errorReason).toMatch(/summary service/);
    expect((await recordOf(token, id)).record).toMatchObject({ status: 'translation_completed', errorReason: null });
  });
});

describe('downloading a summary', () => {
  it('writes a Word document and Markdown headed in the requested language, named after the record', { timeout: 120_000 }, async () => {
    const { token, id } = await plannedRecord({ name: '季度规划 Q3' });
    await summarize(token, id);
    const { summary } = await waitForSummary(token, id);
    const chapter = summary!.chapters[0]!.title;

    const docx = await download(token, { id, format: 'docx' }, 'zh-CN');
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const disposition = docx.headers.get('content-disposition')!;
    // The plain name is the one the web app falls back to when it cannot read the header.
    expect(disposition).toMatch(new RegExp(`^attachment; filename="${summaryFallbackName(id, 'docx')}"; filename\\*=UTF-8''`));
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('季度规划 Q3 - AI 摘要.docx');
    const bytes = new Uint8Array(await docx.arrayBuffer());
    expect(strFromU8(bytes.subarray(0, 2))).toBe('PK');
    // English speech summarised under Chinese headings: Word is told both, and which font draws the Chinese.
    const defaults = strFromU8(unzipSync(bytes)['word/styles.xml']!).match(/<w:docDefaults>[\s\S]*?<\/w:docDefaults>/)![0];
    expect(defaults).toContain('<w:lang w:val="en-US" w:eastAsia="zh-CN"/>');
    expect(defaults).toContain('<w:rFonts w:eastAsia="Microsoft YaHei"/>');
    const xml = strFromU8(unzipSync(bytes)['word/document.xml']!)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
    expect(xml).toContain(chapter);
    for (const heading of ['summaryChapters', 'summaryKeyPoints', 'summaryMindMap'] as const) expect(xml).toContain(translate('zh-CN', heading));
    // Default speaker names read the reader's language, as on the record page and in transcript exports.
    expect(xml).toContain('说话人1');
    expect(xml).not.toContain('Speaker 1');

    for (const locale of ['en-US', 'zh-TW'] as const) {
      const md = await download(token, { id, format: 'md' }, locale);
      expect(md.status).toBe(200);
      expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const text = await md.text();
      expect(text.startsWith('# 季度规划 Q3\n')).toBe(true);
      for (const heading of ['summaryChapters', 'summaryKeyPoints', 'summaryMindMap'] as const) expect(text).toContain(`\n## ${translate(locale, heading)}\n`);
      expect(text).toContain(chapter.replace(/\s+/g, ' ').trim());
      expect(text).toContain(`\n### ${{ 'en-US': 'Speaker 2', 'zh-TW': '說話人2' }[locale]}\n`);
      // The mind map as a nested list under its root.
      expect(text).toMatch(/\n- 季度规划 Q3\n {2}- /);
      if (summary!.method === 'extractive') expect(text).toContain(translate(locale, 'summaryExtractive'));
    }
    const other = await signUp();
    expect((await download(other.token, { id, format: 'md' })).status).toBe(404);
  });
});

describe('action items', () => {
  it('lists the tasks the speech gives with owners and due dates, in the summary and its Word export; the owner ticks them done', {
    timeout: 120_000,
  }, async () => {
    const { token, userId, id } = await plannedRecord();
    const sent: JobMessage[] = [];
    const enqueue = async (messages: JobMessage[]) => void sent.push(...messages);
    const make = async () => {
      await requestSummary(db, enqueue, userId, id);
      await runJob(db, env, sent.at(-1)!, enqueue);
      return (await state(token, id)).body.data.summary!;
    };
    const summary = await make();
    expect(summary.method).toBe('extractive');
    // "tomorrow" and "this week" are counted from the day the record was made.
    const made = (await env.DB.prepare('SELECT created_at AS at FROM records WHERE id = ?').bind(id).first<{ at: number }>())!.at;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const friday = made + (4 - ((new Date(made).getUTCDay() + 6) % 7)) * 86_400_000;
    const lines = (await recordOf(token, id)).lines;
    expect(summary.actionItems.map(({ owner, due, lineId, start, done }) => ({ owner, due, lineId, start, done }))).toEqual([
      { owner: 'Speaker 2', due: day(made + 86_400_000), lineId: lines[7]!.id, start: LINES[7]!.start, done: false },
      { owner: 'Speaker 2', due: day(friday), lineId: lines[10]!.id, start: LINES[10]!.start, done: false },
    ]);
    expect(summary.actionItems[0]!.text).toBe(LINES[7]!.text);

    const word = await download(token, { id, format: 'docx' });
    const xml = strFromU8(unzipSync(new Uint8Array(await word.arrayBuffer()))['word/document.xml']!);
    expect(xml).toContain(translate('en-US', 'summaryActionItems'));
    expect(xml).toContain(LINES[7]!.text);
    expect(xml).toContain(translate('en-US', 'summaryDue', { date: day(made + 86_400_000) }));

    // Only the owner ticks an item, and only one the summary has.
    const tick = (who: string, item: number, done = true) => send<SummaryState>(`${ai}/ai/actionItemDone`, { id, item, done }, { token: who });
    const stranger = await signUp();
    expect((await tick(stranger.token, 0)).status).toBe(404);
    const missing = await tick(token, 99);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(translate('en-US', 'summaryActionItemMissing'));
    const ticked = await tick(token, summary.actionItems[1]!.id);
    expect(ticked.body.data.summary!.actionItems.map((a) => a.done)).toEqual([false, true]);

    // Renaming the speaker renames the owner; a summary made again keeps the tick.
    await env.DB.prepare("UPDATE line_speakers SET name = 'Lin' WHERE record_id = ? AND name = 'Speaker 2'").bind(id).run();
    expect((await state(token, id)).body.data.summary!.actionItems.map((a) => a.owner)).toEqual(['Lin', 'Lin']);
    const again = await make();
    expect(again.actionItems.map((a) => [a.owner, a.done])).toEqual([
      ['Lin', false],
      ['Lin', true],
    ]);
    const md = await (await download(token, { id, format: 'md' })).text();
    expect(md).toContain(`- [x] \`00:02:30\` ${LINES[10]!.text} — ${translate('en-US', 'summaryOwner', { owner: 'Lin' })}`);
  });
});

describe('a speaker who talked under a second', () => {
  it('is shown as such in both downloads, not as having spoken for 00:00:00', async () => {
    const summary: MediaSummary = {
      method: 'extractive',
      language: 'zh-TW',
      chapters: [],
      speakers: [
        { speaker: '主持人', talkMs: 65_000, summary: '開場' },
        { speaker: '來賓', talkMs: 400, summary: '好' },
      ],
      keyPoints: [],
      mindMap: { text: '會議', children: [] },
      actionItems: [],
      decisions: [],
      questions: [],
    };
    const record = { id: 7, name: '會議', type: 'meeting' as const };
    for (const locale of ['en-US', 'zh-TW'] as const) {
      const md = summaryMarkdown(record, summary, locale);
      expect(md).toContain(translate(locale, 'summaryTalkTimeUnderSecond'));
      expect(md).toContain(translate(locale, 'summaryTalkTime', { time: '00:01:05' }));
      expect(md).not.toContain('00:00:00');
      const files = unzipSync(await summaryDocx(record, summary, locale));
      const xml = strFromU8(files['word/document.xml']!);
      expect(xml).toContain(translate(locale, 'summaryTalkTimeUnderSecond'));
      expect(xml).not.toContain('00:00:00');
      expect(strFromU8(files['word/styles.xml']!)).toContain('<w:rFonts w:eastAsia="Microsoft JhengHei"/>');
    }
  });
});

describe('meeting minutes', () => {
  it('queues the minutes when a meeting ends, once however often it is ended', { timeout: 120_000 }, async () => {
    const { token, userId } = await signUp();
    await grant(userId, 'duration');
    const created = await send<MeetingDetail>(
      '/prod-api/speech/meeting/create',
      { sourceLanguage: 'en-US', targetLanguages: [], name: 'Launch sync' },
      { token },
    );
    const id = created.body.data.id;
    // The lines as the room would have stored them while the meeting ran.
    await addLines(id, LINES);
    expect((await send(`/prod-api/speech/meeting/stopMeeting`, { id }, { token })).body.code).toBe(200);
    const minutes = await waitForSummary(token, id);
    expectFullSummary(minutes, 'Launch sync');
    const row = () => env.DB.prepare('SELECT status, updated_at FROM summaries WHERE record_id = ?').bind(id).first();
    const before = await row();
    expect((await send(`/prod-api/speech/meeting/stopMeeting`, { id }, { token })).body.code).toBe(200);
    expect(await row()).toEqual(before);

    const md = await (await download(token, { id, format: 'md' })).text();
    expect(md).toContain(`\n${translate('en-US', 'summaryDocMeeting')}\n`);
  });

  it('queues nothing for a meeting that ended without a word', async () => {
    const { token, userId } = await signUp();
    await grant(userId, 'duration');
    const created = await send<MeetingDetail>('/prod-api/speech/meeting/create', { sourceLanguage: 'en-US', targetLanguages: [] }, { token });
    await send(`/prod-api/speech/meeting/stopMeeting`, { id: created.body.data.id }, { token });
    expect((await state(token, created.body.data.id)).body.data.status).toBe('none');
  });
});
