import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { API } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import type { DubForm } from '../../contracts/dubbing';
import type { JobMessage } from '../../contracts/jobs';
import type { ServerMessage } from '../../contracts/meeting';
import { MeetingFinals } from '../../durable-objects/meeting-finals';
import { RoomTimers } from '../../durable-objects/meeting-timers';
import { LiveTranslation } from '../../durable-objects/meeting-translation';
import { app } from '../../worker/app';
import { dubProjects, segments, transcriptionJobs } from '../../worker/db/schema';
import { chunks, runBatch } from '../../worker/lib/batch';
import { ProviderError } from '../../worker/services/providers';
import { BATCH_MAX_LINES, BATCH_TOKENS, estimateTokens, translationBatches } from '../../contracts/translation-batches';
import { MODELS, workersAiTranslate } from '../../worker/services/providers/workers-ai';
import { AiUnavailable, d1Pace, pacedAi } from '../../worker/services/providers/workers-ai-limits';
import { runTranscriptionStage } from '../../worker/services/transcription/pipeline';
import { signUp } from './api';
import { fakeWorkersAiText } from './fake-workers-ai-text';
import { inRoomStorage, roomState } from './room-parts';
import { createRecord, db, defaultFolderId } from './seed';

/**
 * Translation within Workers AI's limits, against a contract fake that answers 429 past 300 requests a
 * minute: a 1,000-line file and a busy meeting in two languages come through whole while the account's other
 * users crowd the minute, lines are sent in context-sized batches (a file) or one call per language per
 * flush (a meeting), a failed batch leaves its lines marked and a retry sends only those, and the pace in D1
 * keeps many callers at once under the limit.
 */

const SUBTITLE = 'and this is where the quarterly numbers start to look better than we planned';
const fileLine = (n: number) => `Line ${n}: ${SUBTITLE.slice(0, 30 + (n % 50))}.`;

/** A transcribed record of `count` English lines waiting at its translate stage, for Spanish. */
async function waitingFile(count: number) {
  const { token, userId } = await signUp();
  const record = await createRecord(userId, await defaultFolderId(token), { status: 'translating', audioLanguage: 'en-US', translationLanguage: 'es-ES' });
  await storeLines(record.id, count);
  await db.insert(transcriptionJobs).values({ recordId: record.id, userId, stage: 'translate', locale: 'en-US', updatedAt: Date.now() });
  return record.id;
}

/** A dubbing project of `count` English lines, dubbed into Spanish, for its owner `token`. */
async function dubbingProject(count: number) {
  const { token, userId } = await signUp();
  const record = await createRecord(userId, await defaultFolderId(token), {
    type: 'dubbing',
    status: 'dub_complete',
    audioLanguage: 'en-US',
    translationLanguage: 'es-ES',
  });
  await db.insert(dubProjects).values({ recordId: record.id, userId, form: {} as DubForm, stage: 'done', updatedAt: Date.now() });
  await storeLines(record.id, count);
  return { token, recordId: record.id };
}

const retranslate = (token: string, recordId: number, ai: unknown) =>
  app.request(
    `http://tingyi.test${API_BASE}${API.dubbing.transAdjust}?transId=${recordId}`,
    { headers: { authorization: `Bearer ${token}` } },
    { ...env, TRANSLATE_PROVIDER: 'workers-ai', AI: ai as Env['AI'] },
  );

async function storeLines(recordId: number, count: number) {
  const rows = Array.from({ length: count }, (_, seq) => ({
    recordId,
    seq,
    startMs: seq * 2000,
    durationMs: 1500,
    text: fileLine(seq),
    speaker: '',
    translations: {},
  }));
  await runBatch(
    db,
    chunks(rows, 12).map((part) => db.insert(segments).values(part)),
  );
}

const storedLines = (recordId: number) => db.query.segments.findMany({ where: eq(segments.recordId, recordId), orderBy: segments.seq });

describe('translation within the limits', () => {
  it('translates a 1,000-line file in context-sized batches while the minute is full, without losing a line', { timeout: 60_000 }, async () => {
    const fake = fakeWorkersAiText();
    const withAi = { ...env, TRANSLATE_PROVIDER: 'workers-ai', AI: fake.ai as unknown as Env['AI'] };
    const recordId = await waitingFile(1000);
    // The account's other users spent the minute's 300 requests 58.5 s ago: Workers AI refuses for a while.
    fake.othersUsed(300, 58_500);
    const sent: JobMessage[] = [];
    await runTranscriptionStage(db, withAi, { kind: 'translate', recordId }, async (m) => void sent.push(...m));

    const lines = await storedLines(recordId);
    expect(lines).toHaveLength(1000);
    expect(lines.filter((l) => l.translations['es-ES'] !== `[es-ES] ${l.text}`)).toEqual([]);
    // Refused calls waited and came back; the file took a handful of requests, each inside the model's budget.
    expect(fake.stats.refused).toBeGreaterThan(0);
    const batches = translationBatches(lines, (l) => l.text);
    expect(fake.stats.batches).toEqual(batches.map((b) => b.length));
    expect(fake.stats.requests - fake.stats.refused).toBe(batches.length);
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(1000 / 100));
    for (const b of batches) expect(b.reduce((n, l) => n + estimateTokens(l.text), 0)).toBeLessThanOrEqual(BATCH_TOKENS);
    expect(sent).toEqual([{ kind: 'transcribed', recordId, step: 'translated' }]);
    expect((await db.query.transcriptionJobs.findFirst({ where: eq(transcriptionJobs.recordId, recordId) }))!.stage).toBe('done');
  });

  it('leaves the lines of a failed batch marked untranslated, and the retry sends only those', { timeout: 60_000 }, async () => {
    const fake = fakeWorkersAiText();
    const withAi = { ...env, TRANSLATE_PROVIDER: 'workers-ai', AI: fake.ai as unknown as Env['AI'] };
    const recordId = await waitingFile(400);
    fake.failing.add(fileLine(250));
    const failed = await runTranscriptionStage(db, withAi, { kind: 'translate', recordId }, async () => {}).catch((err: unknown) => err);
    // Not a final refusal: the queue retries it.
    expect(failed).toBeInstanceOf(ProviderError);
    expect((failed as ProviderError).status).toBeGreaterThanOrEqual(500);

    const lines = await storedLines(recordId);
    const missing = lines.filter((l) => l.translations['es-ES'] === undefined);
    const broken = translationBatches(lines, (l) => l.text).find((b) => b.some((l) => l.text === fileLine(250)))!;
    expect(missing.map((l) => l.seq)).toEqual(broken.map((l) => l.seq));
    expect((failed as Error).message).toMatch(new RegExp(`^${broken.length} of 400 lines are not translated yet`));
    expect(lines.filter((l) => l.translations['es-ES'] !== undefined).every((l) => l.translations['es-ES'] === `[es-ES] ${l.text}`)).toBe(true);

    fake.failing.clear();
    const before = fake.stats.batches.length;
    await runTranscriptionStage(db, withAi, { kind: 'translate', recordId }, async () => {});
    expect(fake.stats.batches.slice(before)).toEqual([broken.length]);
    expect((await storedLines(recordId)).filter((l) => l.translations['es-ES'] !== `[es-ES] ${l.text}`)).toEqual([]);
  });

  it('translates a busy meeting into two languages with one call per language per flush, through 429s', { timeout: 90_000 }, async () => {
    const fake = fakeWorkersAiText();
    const withAi = { ...env, TRANSLATE_PROVIDER: 'workers-ai', AI: fake.ai as unknown as Env['AI'] };
    await inRoomStorage(async (state) => {
      const room = roomState({ targetLanguages: ['es-ES', 'fr-FR'] });
      const timers = new RoomTimers(
        state.storage,
        () => room.meta.timers,
        () => room.save(),
      );
      const sent: ServerMessage[] = [];
      const finals = new MeetingFinals(state.storage.sql, withAi, room, timers, (msg) => void sent.push(msg));
      new LiveTranslation(withAi, room, finals, () => []);
      // Nearly all of the minute is spent by the account's other users: the meeting's calls meet 429s.
      fake.othersUsed(300, 58_000);
      let flushes = 0;
      const flush = async () => {
        flushes++;
        await finals.flushDue();
      };
      // 150 finals in quick succession (a fast talker, recognised in short pieces), the flush timer firing every tenth.
      for (let i = 0; i < 150; i++) {
        await finals.add({ start: i, end: i + 0.8, text: `Spoken line ${i} about the launch plan.` }, true);
        if (i % 10 === 9) await flush();
      }
      await vi.waitFor(
        async () => {
          await flush();
          const lines = finals.lines.recent();
          expect(lines).toHaveLength(150);
          for (const l of lines) expect(l.translations).toEqual({ 'es-ES': `[es-ES] ${l.text}`, 'fr-FR': `[fr-FR] ${l.text}` });
        },
        { timeout: 80_000, interval: 250 },
      );
      expect(fake.stats.refused).toBeGreaterThan(0);
      // One call per language per flush at most, far fewer than one per line and language.
      expect(fake.stats.requests - fake.stats.refused).toBeLessThanOrEqual(2 * flushes);
      expect(fake.stats.translated).toBe(300);
      expect(sent.filter((m) => m.type === 'translation')).toHaveLength(300);
    });
  });

  it('keeps many callers in different isolates under the limit with the pace they share in D1', { timeout: 90_000 }, async () => {
    // A minute shortened to 6 s with the limit's ratio kept: 300 requests per 6 s, backoff scaled alike.
    const minuteMs = 6000;
    const load = async (paced: boolean) => {
      const fake = fakeWorkersAiText({ minuteMs, latencyMs: 1 });
      // Four isolates, each with its own binding wrapper; only the database is shared.
      const isolates = Array.from({ length: 4 }, () =>
        workersAiTranslate(pacedAi(fake.ai, [MODELS.translate], paced ? d1Pace(db, { perMinute: 300, minuteMs }) : undefined, { backoffMs: 100, retries: 12 })),
      );
      // 330 meetings each translating one final at the same moment: more than the minute allows.
      const out = await Promise.all(Array.from({ length: 330 }, (_, i) => isolates[i % 4]!.translate('en-US', 'de-DE', [`Final ${i} of meeting ${i}.`])));
      expect(out.map((t, i) => t[0] === `[de-DE] Final ${i} of meeting ${i}.`).every(Boolean)).toBe(true);
      return fake.stats;
    };
    const unpaced = await load(false);
    const paced = await load(true);
    // Without the shared pace the calls past 300 are refused at once; with it, next to none reach a 429.
    expect(unpaced.refused).toBeGreaterThanOrEqual(30);
    expect(paced.refused).toBeLessThan(unpaced.refused / 10);
    expect(paced.translated).toBe(330);
  });

  it("retries Workers AI's passing 429s (3021, 3040) and not a used-up day (3036)", async () => {
    const answers = ['3040: Capacity temporarily exceeded, please try again.', '3021: rate limiting: inference request per min rate reached'];
    let calls = 0;
    const flaky = pacedAi(
      {
        async run() {
          calls++;
          const refusal = answers.shift();
          if (refusal) throw new Error(refusal);
          return { response: '{"translations": ["Hola."]}' };
        },
      },
      [MODELS.translate],
      undefined,
      { backoffMs: 1 },
    );
    expect(await workersAiTranslate(flaky).translate('en-US', 'es-ES', ['Hello.'])).toEqual(['Hola.']);
    expect(calls).toBe(3);

    let dayCalls = 0;
    const spent = pacedAi(
      {
        async run() {
          dayCalls++;
          throw new Error('3036: You have used up your daily free allocation of 10,000 neurons.');
        },
      },
      [MODELS.translate],
      undefined,
      { backoffMs: 1 },
    );
    await expect(workersAiTranslate(spent).translate('en-US', 'es-ES', ['Hello.'])).rejects.toThrow(/^3036/);
    expect(dayCalls).toBe(1);
  });

  it('sizes batches by tokens: short lines many to a call, long or Chinese lines fewer, never past the line cap', () => {
    const short = Array.from({ length: 1000 }, (_, i) => `Yes ${i}.`);
    expect(translationBatches(short, (t) => t).map((b) => b.length)).toEqual(
      Array.from({ length: Math.ceil(1000 / BATCH_MAX_LINES) }, (_, i) => Math.min(BATCH_MAX_LINES, 1000 - i * BATCH_MAX_LINES)),
    );
    const chinese = Array.from({ length: 200 }, () => '我们今天讨论第三季度的预算和差旅费用的安排，请大家准备好各自部门的数字。');
    const cut = translationBatches(chinese, (t) => t);
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.flat()).toHaveLength(200);
    for (const b of cut) expect(b.reduce((n, t) => n + estimateTokens(t), 0)).toBeLessThanOrEqual(BATCH_TOKENS);
    expect(translationBatches(['x'.repeat(20_000), 'y'], (t) => t).map((b) => b.length)).toEqual([1, 1]);
  });
});

describe('Workers AI beyond translation batches', () => {
  it('translates a dubbing project again in context-sized batches, not fixed groups of lines', { timeout: 60_000 }, async () => {
    const fake = fakeWorkersAiText();
    const { token, recordId } = await dubbingProject(400);
    const res = await retranslate(token, recordId, fake.ai);
    expect(res.status).toBe(200);
    const lines = await storedLines(recordId);
    expect(lines.filter((l) => l.translations['es-ES'] !== `[es-ES] ${l.text}`)).toEqual([]);
    expect(fake.stats.batches).toEqual(translationBatches(lines, (l) => l.text).map((b) => b.length));
    expect(fake.stats.batches.length).toBeLessThan(400 / 50);
  });

  it('answers "try again" when Workers AI cannot be reached, and a file waits for the queue to retry it', { timeout: 60_000 }, async () => {
    const unreachable = {
      async run() {
        throw new TypeError('Network connection lost.');
      },
    };
    const { token, recordId } = await dubbingProject(3);
    const res = await retranslate(token, recordId, unreachable);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 503, msg: 'The speech and translation service is busy or unavailable. Please try again in a moment.' });

    const fileId = await waitingFile(3);
    const withAi = { ...env, TRANSLATE_PROVIDER: 'workers-ai', AI: unreachable as unknown as Env['AI'] };
    const failed = await runTranscriptionStage(db, withAi, { kind: 'translate', recordId: fileId }, async () => {}).catch((err: unknown) => err);
    // Not a refusal the queue gives up on: no 4xx provider answer, so the message is retried with the lines kept.
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(ProviderError);
    expect((failed as Error).message).toMatch(/^3 of 3 lines are not translated yet: Workers AI unreachable/);
    expect((await storedLines(fileId)).every((l) => l.translations['es-ES'] === undefined)).toBe(true);
    expect((await db.query.transcriptionJobs.findFirst({ where: eq(transcriptionJobs.recordId, fileId) }))!.stage).toBe('translate');
    // The summary's call goes through the same binding: unreachable is the same answer there.
    await expect(pacedAi(unreachable, [MODELS.summarize], undefined).run(MODELS.summarize, {})).rejects.toBeInstanceOf(AiUnavailable);
  });
});
