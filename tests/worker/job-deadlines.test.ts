import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { JobMessage } from '../../contracts/jobs';
import type { RecordDetail } from '../../contracts/records';
import { consumeJobs } from '../../queues/jobs';
import { sweepJobs } from '../../queues/sweep';
import { database } from '../../worker/db/client';
import type { Enqueue } from '../../worker/services/jobs';
import { checkDeadline } from '../../worker/services/job-deadlines';
import { readPieces } from '../../worker/services/transcription/pieces';
import { retryTranscription, submitTranscription } from '../../worker/services/transcription/submit';
import type { TranscribeForm } from '../../contracts/transcription';
import type { Locale } from '../../contracts/locale';
import { get, signUp } from './api';
import { UNAVAILABLE, standInEngine } from './engine-stand-in';
import { batchOf, grantHours, runStage, upload } from './jobs';

/**
 * Every job ends, and nothing done is lost on the way: messages lost or delivered twice, an engine that
 * refuses (full, starting, rotating its secret) and the hourly sweep, against the real engine, with the
 * queue's messages held so the test delivers them (and loses some) itself. Time is moved by ageing the
 * stage's start, never by waiting.
 */

const db = database(env.DB);
const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const meeting = decode(inject('meetingMp3'));
const base = '/prod-api/speech/audio/transcribe';
const JOB_DEADLINE: Record<Locale, string> = {
  'en-US': 'This took much longer than expected, so it was stopped. Please retry: the work already done is kept.',
  'zh-CN': '处理时间远超预期，已停止。请点击重试，已完成的部分会保留。',
  'zh-TW': '處理時間遠超預期，已停止。請點選重試，已完成的部分會保留。',
};

/** A submitted file job whose messages land in `held`. */
async function heldJob(name: string, locale: Locale = 'en-US') {
  const { token, userId } = await signUp();
  await grantHours(userId, 1);
  const merged = await upload(token, `${name}.mp3`, meeting);
  const held: JobMessage[] = [];
  const hold: Enqueue = async (m) => void held.push(...m);
  const form = { audioLanguage: 'en-US', translationLanguage: null, speaker: '0', maxSpeakers: 2, showName: name } as TranscribeForm;
  const [id] = await submitTranscription(db, env, userId, locale, [merged.body.data.id], form, hold);
  // Only this job's messages: the sweep also sends others' that are quiet.
  const mine = () => held.splice(0).filter((m) => m.recordId === id);
  return { id: id!, token, userId, hold, mine };
}

/** Moves the job's times (its stage's start, its last resumption) `minutes` into the past, as if that long went by. */
const age = (id: number, minutes: number) =>
  env.DB.prepare('UPDATE transcription_jobs SET updated_at = updated_at - ?1, resumed_at = resumed_at - ?1 WHERE record_id = ?2')
    .bind(minutes * 60_000, id)
    .run();

/** The consumer as workerd runs it, with its own queue: what it sends again, and how it settled each message. */
async function consume(msg: JobMessage, consumerEnv: Env = env) {
  const sent: { body: JobMessage; delaySeconds?: number }[] = [];
  const queue = {
    sendBatch: async (bodies: { body: JobMessage }[], o?: { delaySeconds?: number }) =>
      void sent.push(...bodies.map((b) => ({ body: b.body, delaySeconds: o?.delaySeconds }))),
  };
  const { batch, outcome } = batchOf('tingyi-jobs', [msg]);
  await consumeJobs(batch, { ...consumerEnv, JOBS: queue as unknown as Queue });
  return { sent, outcome };
}

const record = async (token: string, id: number) => (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data;

describe('every job ends', () => {
  it('resumes a job whose messages were lost, waits through a secret rotation, and completes with one copy of every line', { timeout: 240_000 }, async () => {
    const job = await heldJob('Lost');
    job.mine(); // the prepare message is lost
    await sweepJobs(db, job.hold);
    expect(job.mine()).toEqual([]); // within its deadline: left alone
    await age(job.id, 11);
    await sweepJobs(db, job.hold);
    const [prepare, ...others] = job.mine();
    expect({ prepare, others }).toEqual({ prepare: { kind: 'prepare', recordId: job.id }, others: [] });

    // The resumed message meets an engine whose secret is being rotated: it waits, uncounted, and is sent again.
    const rotating = standInEngine(UNAVAILABLE['a secret being rotated (401 unauthorized)']!);
    try {
      const refused = await consume(prepare!, rotating.env);
      expect(refused.outcome).toEqual(['ack']);
      expect(refused.sent.map((s) => s.body)).toEqual([prepare]);
      expect(refused.sent[0]!.delaySeconds).toBeGreaterThan(0);
    } finally {
      rotating.restore();
    }
    expect((await record(job.token, job.id)).record.status).toBe('transcribing');

    // The engine back with the current secret: extraction, then the pieces — one delivered twice, one lost.
    await runStage(prepare!, job.hold);
    const pieces = job.mine();
    expect(pieces.length).toBeGreaterThan(2);
    await runStage(pieces[0]!, job.hold);
    for (const piece of pieces.slice(2)) await runStage(piece, job.hold);
    await runStage(pieces[0]!, job.hold);
    expect(job.mine()).toEqual([]);

    // The sweep sends only the piece that was lost.
    await age(job.id, 11);
    await sweepJobs(db, job.hold);
    expect(job.mine()).toEqual([pieces[1]]);
    await runStage(pieces[1]!, job.hold);
    const [assemble] = job.mine();
    expect(assemble).toEqual({ kind: 'assemble', recordId: job.id });
    const heard = (await readPieces(env.MEDIA, job.id, pieces.length)).flat().sort((a, b) => a.start - b.start);
    await runStage(assemble!, job.hold);
    for (const msg of job.mine()) await runStage(msg, job.hold);

    const done = await record(job.token, job.id);
    expect(done.record.status).toBe('transcription_completed');
    // Every piece's words once, in order: nothing heard twice, nothing missing.
    const words = (texts: string[]) => texts.join(' ').split(/\s+/).filter(Boolean);
    expect(words(done.lines.map((l) => l.text))).toEqual(words(heard.map((h) => h.text)));
    expect(heard.length).toBeGreaterThan(0);
  });

  it('ends a message past its deadline with the translated reason, and the retry starts it again', async () => {
    const job = await heldJob('Late', 'zh-TW');
    const [prepare] = job.mine();
    await age(job.id, 11);
    const late = await consume(prepare!);
    expect(late).toEqual({ sent: [], outcome: ['ack'] });
    const failed = await record(job.token, job.id);
    expect(failed.record).toMatchObject({ status: 'transcription_err', errorReason: JOB_DEADLINE['zh-TW'] });

    await retryTranscription(db, job.userId, job.id, job.hold);
    expect(job.mine()).toEqual([prepare]);
    expect((await record(job.token, job.id)).record.status).toBe('transcribing');
    // With a fresh deadline: the retried message runs rather than ending at once.
    await expect(checkDeadline(db, prepare!)).resolves.toBeUndefined();
  });

  it('has the sweep resume quiet work once, a summary too, and end it with the reason when it is quiet again', async () => {
    const job = await heldJob('Quiet');
    job.mine(); // lost
    await env.DB.prepare("INSERT INTO summaries (record_id, user_id, status, updated_at) VALUES (?, ?, 'queued', ?)")
      .bind(job.id, job.userId, Date.now())
      .run();
    const ageAll = async () => {
      await age(job.id, 11);
      await env.DB.prepare('UPDATE summaries SET updated_at = updated_at - ?1, resumed_at = resumed_at - ?1 WHERE record_id = ?2')
        .bind(11 * 60_000, job.id)
        .run();
    };
    await ageAll();
    await sweepJobs(db, job.hold);
    expect(job.mine()).toEqual([
      { kind: 'prepare', recordId: job.id },
      { kind: 'summary', recordId: job.id },
    ]);
    await ageAll();
    const swept = await sweepJobs(db, job.hold);
    expect(job.mine()).toEqual([]);
    expect(swept.failed.filter((id) => id === job.id)).toHaveLength(2);
    expect((await record(job.token, job.id)).record).toMatchObject({ status: 'transcription_err', errorReason: JOB_DEADLINE['en-US'] });
    const summary = await env.DB.prepare('SELECT status, error_reason FROM summaries WHERE record_id = ?').bind(job.id).first();
    expect(summary).toEqual({ status: 'failed', error_reason: JOB_DEADLINE['en-US'] });
  });

  it('ends a job whose engine keeps refusing (429) at its deadline instead of waiting for ever, spending no retry', async () => {
    const job = await heldJob('Refused');
    let [msg] = job.mine();
    const full = standInEngine(UNAVAILABLE['the instance limit (429 without the engine)']!);
    try {
      for (let i = 0; i < 3; i++) {
        const waited = await consume(msg!, full.env);
        expect(waited.outcome).toEqual(['ack']);
        expect(waited.sent).toHaveLength(1);
        msg = waited.sent[0]!.body;
      }
      expect((await record(job.token, job.id)).record.status).toBe('transcribing');
      await age(job.id, 11);
      const ended = await consume(msg!, full.env);
      expect(ended).toEqual({ sent: [], outcome: ['ack'] });
    } finally {
      full.restore();
    }
    expect((await record(job.token, job.id)).record).toMatchObject({ status: 'transcription_err', errorReason: JOB_DEADLINE['en-US'] });
  });
});
