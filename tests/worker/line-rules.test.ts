import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { DubForm, DubLineRow } from '../../contracts/dubbing';
import { Code } from '../../contracts/errors';
import type { Locale } from '../../contracts/locale';
import type { Page, RecordDetail } from '../../contracts/records';
import { disjointSpans, firstOverlap } from '../../contracts/timeline';
import type { EditedLine } from '../../contracts/transcription';
import { dubProjects } from '../../worker/db/schema';
import { parseSrt } from '../../worker/services/dubbing/submit';
import { call, get, send, signUp } from './api';
import { addLines, createRecord, db, defaultFolderId } from './seed';
import { asEdited, storedSpans } from './stored-lines';

/**
 * Records stored before every producer kept lines disjoint (the 8-line upload: 3 lines start before
 * the line before ends) are repaired by the data migration and when read, so they can be saved back as they
 * are; a save that does break the rule is refused naming the line as the editor shows it, in each language.
 */

const transcribeBase = '/prod-api/speech/audio/transcribe';
const dubBase = '/prod-api/speech/video/transcribe';

/** Lines 3, 5 and 8 start before the line before them ends, as the padded recogniser stored them. */
const OVERLAPPING = [
  { start: 0, end: 2100, text: 'Good morning everyone.', speaker: 'Speaker 1' },
  { start: 2300, end: 4942, text: 'Morning.', speaker: 'Speaker 2' },
  { start: 4740, end: 10_030, text: 'Let us look at the budget.', speaker: 'Speaker 1' },
  { start: 10_400, end: 13_000, text: 'It is almost final.', speaker: 'Speaker 2' },
  { start: 12_800, end: 16_000, text: 'Travel is limited.', speaker: 'Speaker 1' },
  { start: 16_500, end: 20_000, text: 'Two trips each.', speaker: 'Speaker 2' },
  { start: 20_200, end: 25_000, text: 'That sounds reasonable.', speaker: 'Speaker 1' },
  { start: 24_900, end: 34_800, text: 'Thank you all.', speaker: 'Speaker 2' },
];
const DURATION = 35_000;

function sendIn<T>(locale: Locale, path: string, body: unknown, token: string) {
  return call<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': locale, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function overlappingRecord(values: Parameters<typeof createRecord>[2] = {}) {
  const { token, userId } = await signUp();
  const record = await createRecord(userId, await defaultFolderId(token), { durationMs: DURATION, ...values });
  await addLines(record.id, OVERLAPPING);
  return { token, userId, record };
}

describe('records stored with overlapping lines', () => {
  it('the data migration makes every stored record disjoint by the same rule as the producers', async () => {
    const { record } = await overlappingRecord();
    expect(firstOverlap(await storedSpans(record.id))).toBe(2);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes('disjoint_lines'))!;
    // Since migration 0020 a line stores its duration and derives its end: the repair's new end is written
    // as the duration it makes, the rule itself replayed unchanged.
    const setEnd = 'end_ms = max(fixed.new_start, fixed.new_end)';
    expect(migration.queries.some((query) => query.includes(setEnd))).toBe(true);
    for (const query of migration.queries) {
      await env.DB.prepare(query.replace(setEnd, 'duration_ms = max(fixed.new_start, fixed.new_end) - fixed.new_start')).run();
    }
    const repaired = await storedSpans(record.id);
    expect(firstOverlap(repaired)).toBe(-1);
    expect(repaired).toEqual(disjointSpans(OVERLAPPING, DURATION));
    // Lines that kept the rule keep their times: only the three shared boundaries moved, to the middle.
    expect(repaired[1]).toEqual({ start: 2300, end: 4841 });
    expect(repaired[2]).toEqual({ start: 4841, end: 10_030 });
    expect(repaired[5]).toEqual({ start: 16_500, end: 20_000 });
  });

  it('are read disjoint, and saved back unchanged, with a speaker renamed and with speakers merged', async () => {
    const { token, record } = await overlappingRecord();
    const detail = (await get<RecordDetail>(`${transcribeBase}/getTrans?id=${record.id}`, token)).body.data;
    expect(detail.lines.map((l) => l.text)).toEqual(OVERLAPPING.map((l) => l.text));
    expect(firstOverlap(detail.lines)).toBe(-1);

    const lines = asEdited(detail);
    expect((await send(`${transcribeBase}/editDetails`, { id: record.id, lines }, { token })).body).toMatchObject({ code: 200 });
    expect(firstOverlap(await storedSpans(record.id))).toBe(-1);
    const renamed = lines.map((l) => (l.speaker === 'Speaker 2' ? { ...l, speaker: 'Ben' } : l));
    expect((await send(`${transcribeBase}/editDetails`, { id: record.id, lines: renamed }, { token })).body.code).toBe(200);
    const merged = lines.map((l) => ({ ...l, speaker: 'Speaker 1' }));
    expect((await send(`${transcribeBase}/editDetails`, { id: record.id, lines: merged }, { token })).body.code).toBe(200);
  });
});

describe('a refused transcript save names the line as the editor shows it', () => {
  const cases: [Locale, RegExp, RegExp, RegExp][] = [
    [
      'en-US',
      /^Line 3 \(00:04\.740\) starts before line 2 ends at 00:04\.841\. Set its start to 00:04\.841 or later/,
      /^Line 2 \(00:02\.300\) ends at 00:01\.000, before it starts\. Set its end to 00:02\.300 or later/,
      /^Line 8 \(00:25\.000\) ends at 00:36\.000, after the media ends at 00:35\.000\. Set its end to 00:35\.000 or earlier/,
    ],
    [
      'zh-CN',
      /^第 3 段（00:04\.740）在第 2 段结束（00:04\.841）之前就开始了。请把它的开始时间改为 00:04\.841 或更晚/,
      /^第 2 段（00:02\.300）的结束时间 00:01\.000 早于开始时间。请把结束时间改为 00:02\.300 或更晚/,
      /^第 8 段（00:25\.000）结束于 00:36\.000，超出了音视频的时长 00:35\.000/,
    ],
    [
      'zh-TW',
      /^第 3 段（00:04\.740）在第 2 段結束（00:04\.841）之前就開始了。請把它的開始時間改為 00:04\.841 或更晚/,
      /^第 2 段（00:02\.300）的結束時間 00:01\.000 早於開始時間。請把結束時間改為 00:02\.300 或更晚/,
      /^第 8 段（00:25\.000）結束於 00:36\.000，超出了音視訊的時長 00:35\.000/,
    ],
  ];

  it.each(cases)('in %s: overlap, end before start, past the media; never a field path', async (locale, overlap, backwards, past) => {
    const { token, record } = await overlappingRecord();
    const good = disjointSpans(OVERLAPPING, DURATION).map((span, i) => ({ ...OVERLAPPING[i]!, ...span, translations: {} }));
    const save = (lines: EditedLine[]) => sendIn(locale, `${transcribeBase}/editDetails`, { id: record.id, lines }, token);

    const refusals = [
      [await save(good.map((l, i) => (i === 2 ? { ...l, start: 4740 } : l))), overlap, 2],
      [await save(good.map((l, i) => (i === 1 ? { ...l, end: 1000 } : l))), backwards, 1],
      [await save(good.map((l, i) => (i === 7 ? { ...l, start: 25_000, end: 36_000 } : l))), past, 7],
    ] as const;
    for (const [response, message, line] of refusals) {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(Code.BAD_REQUEST);
      expect(response.body.msg).toMatch(message);
      expect(response.body.msg).not.toMatch(/lines\.\d/);
      expect(response.body.data).toEqual({ line });
    }
  });
});

describe('a line the save cannot hold', () => {
  it.each([
    ['en-US', 'Line 2 holds something that cannot be saved (text that is too long, or a time that is not a time). Correct line 2 and save again.'],
    ['zh-CN', '第 2 段有无法保存的内容（文字过长，或时间格式不对），请修改第 2 段后再保存。'],
    ['zh-TW', '第 2 段有無法儲存的內容（文字過長，或時間格式不對），請修改第 2 段後再儲存。'],
  ] as const)('is named by its number in %s, in a transcript and in a dubbing project', async (locale, message) => {
    const { token, userId, record } = await overlappingRecord();
    const lines = disjointSpans(OVERLAPPING, DURATION).map((span, i) => ({
      ...OVERLAPPING[i]!,
      ...span,
      text: i === 1 ? 'x'.repeat(5001) : OVERLAPPING[i]!.text,
    }));
    const saved = await sendIn(locale, `${transcribeBase}/editDetails`, { id: record.id, lines }, token);
    expect(saved.body).toMatchObject({ code: Code.BAD_REQUEST, msg: message, data: { line: 1 } });

    const dub = await createRecord(userId, record.folderId, { type: 'dubbing', status: 'dub_complete', durationMs: DURATION });
    await addLines(dub.id, OVERLAPPING);
    await db.insert(dubProjects).values({ recordId: dub.id, userId, form: {} as DubForm, stage: 'done', updatedAt: Date.now() });
    const rows = (await send<Page<DubLineRow>>(`${dubBase}/getFileDataContentPageList`, { id: dub.id, pageNum: 1, pageSize: 100 }, { token })).body.data.rows;
    // The edit is the first in the list but line 2 of the project.
    const edited = await sendIn(locale, `${dubBase}/edits`, { id: dub.id, lines: [{ id: rows[1]!.id, translation: 'y'.repeat(2001) }] }, token);
    expect(edited.body).toMatchObject({ code: Code.BAD_REQUEST, msg: message, data: { line: 1, id: rows[1]!.id } });
  });
});

describe('the dubbing editor on a project stored with overlapping lines', () => {
  async function overlappingProject() {
    const seeded = await overlappingRecord({ type: 'dubbing', status: 'dub_complete', audioLanguage: 'en-US' });
    const form = { audioLanguage: 'en-US', translationLanguage: null } as unknown as DubForm;
    await db.insert(dubProjects).values({ recordId: seeded.record.id, userId: seeded.userId, form, stage: 'done', version: 1, updatedAt: Date.now() });
    const page = await send<Page<DubLineRow>>(
      `${dubBase}/getFileDataContentPageList`,
      { id: seeded.record.id, pageNum: 1, pageSize: 100 },
      { token: seeded.token },
    );
    return { ...seeded, rows: page.body.data.rows };
  }

  it('edits line 1 without a complaint about lines the user did not touch, leaving the project disjoint', async () => {
    const { token, record, rows } = await overlappingProject();
    const edited = await send(`${dubBase}/edits`, { id: record.id, lines: [{ id: rows[0]!.id, translation: 'Buenos días a todos.' }] }, { token });
    expect(edited.body.code).toBe(200);
    expect(firstOverlap(await storedSpans(record.id))).toBe(-1);
  });

  it.each([
    ['en-US', /^Line 4 \(00:10\.400\) starts before line 3 ends at 00:11\.000\. Set its start to 00:11\.000 or later/],
    ['zh-CN', /^第 4 段（00:10\.400）在第 3 段结束（00:11\.000）之前就开始了/],
    ['zh-TW', /^第 4 段（00:10\.400）在第 3 段結束（00:11\.000）之前就開始了/],
  ] as const)('refuses an overlapping edit in %s by the line’s number and time, naming its id', async (locale, message) => {
    const { token, record, rows } = await overlappingProject();
    const response = await sendIn(locale, `${dubBase}/edits`, { id: record.id, lines: [{ id: rows[2]!.id, end: 11_000 }] }, token);
    expect(response.body.code).toBe(Code.BAD_REQUEST);
    expect(response.body.msg).toMatch(message);
    expect(response.body.data).toEqual({ line: 3, id: rows[3]!.id });
    const backwards = await sendIn(locale, `${dubBase}/edits`, { id: record.id, lines: [{ id: rows[0]!.id, start: 2000, end: 1000 }] }, token);
    expect(backwards.body.data).toEqual({ line: 0, id: rows[0]!.id });
    expect(backwards.body.msg).not.toMatch(/lines\.\d|end must not/);
  });
});

describe('an imported SRT', () => {
  it('becomes lines in order, disjoint and inside the video, with every cue’s text kept', () => {
    const srt = [
      '1\n00:00:00,500 --> 00:00:03,200\nGood morning everyone.\n',
      '2\n00:00:03,000 --> 00:00:06,000\nLet us begin.\n',
      '3\n00:00:05,800 --> 00:00:09,500\nThe budget first.\n',
    ].join('\n');
    const lines = parseSrt(srt, '1', 9000);
    expect(lines.map((l) => l.text)).toEqual(['Good morning everyone.', 'Let us begin.', 'The budget first.']);
    expect(lines.map(({ start, end }) => [start, end])).toEqual([
      [500, 3100],
      [3100, 5900],
      [5900, 9000],
    ]);
  });
});
