import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contracts/errors';
import type { JobMessage } from '../../contracts/jobs';
import type { RecordDetail } from '../../contracts/records';
import type { SummaryState } from '../../contracts/summary';
import { runJob } from '../../queues/jobs';
import { database } from '../../worker/db/client';
import { JobWaiting } from '../../worker/services/jobs';
import { queueSummary } from '../../worker/services/summary';
import { saveLines } from '../../worker/services/transcription/detail';
import { translateAgain } from '../../worker/services/transcription/retranslate';
import { get, send, signUp } from './api';
import { addLines, createRecord, defaultFolderId, download } from './seed';
import type { LineInput } from './seed';

/**
 * What a summary is made from and when it reads out of date, and translations that follow edited lines,
 * inside the real Worker with the real engine's summarizer and translator; queue messages are run by hand so
 * each step can be looked at in between.
 */

const db = database(env.DB);
const base = '/prod-api/speech/audio/transcribe';

const LINES: LineInput[] = [
  'Good morning everyone, let us start with the budget for the third quarter.',
  'The budget is almost final, marketing asked for ten percent more.',
  'Ten percent more for marketing is fine if travel costs go down.',
  'Next topic is hiring two support engineers before the launch.',
].map((text, i) => ({ start: i * 15_000, end: i * 15_000 + 12_000, speaker: `Speaker ${(i % 2) + 1}`, text }));
/** The meeting's last line, recognised from the recording after the live recogniser fell behind. */
const LAST: LineInput = { start: 100_000, end: 118_000, speaker: 'Speaker 1', text: 'Finally, the launch event will be in Shanghai in September.' };

/** Messages a call queued, run by hand. */
function queue() {
  const sent: JobMessage[] = [];
  return { sent, enqueue: async (messages: JobMessage[]) => void sent.push(...messages) };
}

const summaryOf = async (token: string, id: number) => (await send<SummaryState>('/prod-api/ai/ai/queryMediaSummary', { id }, { token })).body.data;
const detailOf = async (token: string, id: number) => (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data;
const edit = (lines: LineInput[]) => lines.map((l) => ({ ...l, speaker: l.speaker ?? '', translations: l.translations ?? {} }));

describe('minutes made from the final transcript', () => {
  it('waits while a meeting finishes its transcript, covers its last line, and reads out of date only after a person edits', { timeout: 120_000 }, async () => {
    const { token, userId } = await signUp();
    const record = await createRecord(userId, await defaultFolderId(token), {
      name: 'Launch sync',
      type: 'meeting',
      status: 'finishing',
      audioLanguage: 'en-US',
      durationMs: 120_000,
    });
    const id = record.id;
    await addLines(id, LINES);

    // Asked for while the meeting's transcript is being finished: refused, as for a meeting still running.
    const refused = await send('/prod-api/ai/ai/mediaSummary', { id }, { token });
    expect(refused.body.code).toBe(Code.CONFLICT);

    // A summary message that arrives meanwhile (queued by another path) waits instead of summarising part of the meeting.
    const q = queue();
    expect(await queueSummary(db, q.enqueue, { id, userId })).toBe(true);
    await expect(runJob(db, env, q.sent[0]!, q.enqueue)).rejects.toBeInstanceOf(JobWaiting);
    expect((await summaryOf(token, id)).status).toBe('queued');

    // The gap is recognised, the record ends: the minutes now reach the meeting's last line.
    await addLines(id, [...LINES, LAST]);
    await env.DB.prepare("UPDATE records SET status = 'ended' WHERE id = ?").bind(id).run();
    await runJob(db, env, q.sent[0]!, q.enqueue);
    const minutes = await summaryOf(token, id);
    expect(minutes).toMatchObject({ status: 'done', stale: false });
    expect(Math.max(...minutes.summary!.chapters.map((c) => c.end))).toBeGreaterThanOrEqual(LAST.start);

    // A machine writing lines later (a late flush of the room) is no person's edit: not out of date.
    await addLines(id, [...LINES, LAST, { start: 119_000, end: 119_900, speaker: 'Speaker 2', text: 'Thanks.' }]);
    expect((await summaryOf(token, id)).stale).toBe(false);

    // A person saving the same lines back changed nothing: still up to date. Changing a word: out of date.
    const current = (await detailOf(token, id)).lines;
    expect((await send(`${base}/editDetails`, { id, lines: current }, { token })).body.code).toBe(200);
    expect((await summaryOf(token, id)).stale).toBe(false);
    const changed = current.map((l, i) => (i === 0 ? { ...l, text: 'Good morning all, the budget first.' } : l));
    expect((await send(`${base}/editDetails`, { id, lines: changed }, { token })).body.code).toBe(200);
    expect((await summaryOf(token, id)).stale).toBe(true);
  });
});

describe('translations that follow edits', () => {
  /** An English record translated into Spanish, each line with its translation. */
  async function translatedRecord() {
    const user = await signUp();
    const record = await createRecord(user.userId, await defaultFolderId(user.token), {
      name: 'Budget',
      audioLanguage: 'en-US',
      translationLanguage: 'es-ES',
      durationMs: 60_000,
    });
    const lines = LINES.map((l, i) => ({ ...l, translations: { 'es-ES': `Old ${i}` } }));
    await addLines(record.id, lines);
    return { ...user, id: record.id, lines };
  }

  it('translates a re-worded line again, shown as updating meanwhile on the page, the share page and exports', { timeout: 120_000 }, async () => {
    const { token, userId, id, lines } = await translatedRecord();
    const q = queue();
    // The editor sends every line back with the translations it had, the re-worded one's old one too.
    const edited = edit(lines).map((l, i) => (i === 1 ? { ...l, text: 'Travel costs will go down next quarter.' } : l));
    // A translation a person typed on a re-worded line is theirs, and stays.
    edited[2] = { ...edited[2]!, text: 'Marketing gets ten percent more.', translations: { 'es-ES': 'Marketing recibe un diez por ciento más.' } };
    await saveLines(db, env, q.enqueue, userId, id, edited);
    expect(q.sent).toEqual([{ kind: 'retranslate', recordId: id }]);

    const waiting = await detailOf(token, id);
    expect(waiting.lines[1]).toMatchObject({ text: 'Travel costs will go down next quarter.', translating: true });
    expect(waiting.lines[1]!.translations['es-ES']).toBeUndefined();
    expect(waiting.lines[2]).toMatchObject({ translations: { 'es-ES': 'Marketing recibe un diez por ciento más.' } });
    expect(waiting.lines[2]!.translating).toBeUndefined();
    expect(waiting.lines[0]).toMatchObject({ translations: { 'es-ES': 'Old 0' } });

    // The bilingual export says the line's translation is being updated, in the reader's language.
    const txt = await (await download(`${base}/export?ids=${id}&format=txt&content=bilingual&speaker=0&timestamps=0`, token, 'zh-CN')).text();
    expect(txt).toContain('Travel costs will go down next quarter.\n(译文更新中)\n');
    expect(txt).not.toContain('Old 1');
    // The share page marks it too.
    const share = await send<{ token: string }>(
      '/prod-api/speech/audio/transcribe/share',
      { id, enabled: true, allowCopy: true, expiresInDays: null },
      { token },
    );
    const shared = (await get<{ lines: RecordDetail['lines'] }>(`/prod-api/speech/audio/transcribe/getTransResult?token=${share.body.data.token}`)).body.data;
    expect(shared.lines[1]!.translating).toBe(true);

    await runJob(db, env, q.sent[0]!, q.enqueue);
    const done = await detailOf(token, id);
    expect(done.lines[1]!.translating).toBeUndefined();
    expect(done.lines[1]!.translations['es-ES']).toMatch(/\p{L}{2}/u);
    expect(done.lines[1]!.translations['es-ES']).not.toBe('Old 1');
    // The others were not translated again.
    expect(done.lines.map((l) => l.translations['es-ES'])).toEqual([
      'Old 0',
      done.lines[1]!.translations['es-ES'],
      'Marketing recibe un diez por ciento más.',
      'Old 3',
    ]);
  });

  it('translates one line, or the whole record, again on request, and refuses a record with no translation', { timeout: 120_000 }, async () => {
    const { token, userId, id } = await translatedRecord();
    const before = await detailOf(token, id);
    const q = queue();
    expect(await translateAgain(db, q.enqueue, userId, id, [before.lines[3]!.id])).toEqual({ lines: 1 });
    const one = await detailOf(token, id);
    expect(one.lines.map((l) => l.translating ?? false)).toEqual([false, false, false, true]);
    await runJob(db, env, q.sent[0]!, q.enqueue);
    const after = await detailOf(token, id);
    expect(after.lines[3]!.translations['es-ES']).toMatch(/\p{L}{2}/u);
    expect(after.lines[3]!.translations['es-ES']).not.toBe('Old 3');
    expect(after.lines[0]!.translations['es-ES']).toBe('Old 0');

    // The whole record, through the API the record page calls; the queue runs it.
    expect((await send(`${base}/translateAgain`, { id }, { token })).body.data).toEqual({ lines: LINES.length });
    const until = Date.now() + 90_000;
    let all = await detailOf(token, id);
    while (all.lines.some((l) => l.translating) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      all = await detailOf(token, id);
    }
    expect(all.lines.every((l) => !l.translating && /\p{L}{2}/u.test(l.translations['es-ES'] ?? '') && !l.translations['es-ES']!.startsWith('Old '))).toBe(
      true,
    );

    const plain = await createRecord(userId, await defaultFolderId(token), { audioLanguage: 'en-US' });
    await addLines(plain.id, LINES);
    const refused = await send(`${base}/translateAgain`, { id: plain.id }, { token });
    expect(refused.body.code).toBe(Code.BAD_REQUEST);
  });
});
