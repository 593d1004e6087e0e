import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { JobMessage } from '../../contracts/jobs';
import type { Page, RecordDetail, RecordRow } from '../../contracts/records';
import type { Enqueue } from '../../worker/services/jobs';
import { get, signUp } from './api';
import { grantHours, runStage, submitHeld, upload } from './jobs';

/**
 * Honest progress: while a transcription runs, the records list and the record page say its stage, how
 * many pieces are recognised out of how many, the percentage (moving within a piece, as the recogniser
 * reports the audio it got through) and the time left; a finished record says nothing of the kind. The queue's messages are delivered by hand against the real engine, so the test
 * looks at the job between its stages.
 */

const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const meeting = decode(inject('meetingMp3'));
const base = '/prod-api/speech/audio/transcribe';

describe('job progress in the records list and on the record page', () => {
  it('follows a transcription from preparing through its pieces to done', { timeout: 180_000 }, async () => {
    const { token, userId } = await signUp();
    await grantHours(userId, 1);
    const merged = await upload(token, 'Progress.mp3', meeting);
    const held: JobMessage[] = [];
    const hold: Enqueue = async (m) => void held.push(...m);
    const id = await submitHeld(userId, merged.body.data.id, { showName: 'Progress' }, held);
    // Each stage runs to its end, as later queue messages would see the engine's work through.
    const deliver = (msg: JobMessage) => runStage(msg, hold);
    const listed = async () => (await get<Page<RecordRow>>(`${base}/query?pageSize=10`, token)).body.data.rows.find((r) => r.id === id)!;
    const detailed = async () => (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data.record;

    // Submitted, audio not yet prepared: no count and no estimate yet.
    expect((await listed()).progress).toEqual({ stage: 'preparing', percent: 5, etaSeconds: null });

    await deliver(held.splice(0)[0]!); // prepare
    const pieces = held.splice(0);
    expect(pieces.length).toBeGreaterThan(2);
    const recognising = (await listed()).progress!;
    expect(recognising).toMatchObject({ stage: 'recognising', done: 0, total: pieces.length, percent: 10, etaSeconds: null });

    // The pace is measured from when recognition began: make that a minute ago, as on a busy queue.
    await env.DB.prepare('UPDATE transcription_jobs SET updated_at = ? WHERE record_id = ?')
      .bind(Date.now() - 60_000, id)
      .run();
    const lengths = (
      await env.DB.prepare('SELECT end_ms - start_ms AS ms FROM job_chunks WHERE record_id = ? ORDER BY idx').bind(id).all<{ ms: number }>()
    ).results.map((r) => r.ms);
    const totalMs = lengths.reduce((a, b) => a + b, 0);

    // Within the first piece: the recogniser's report of the audio it got through moves the bar and gives a time
    // left, before any piece is done (as the chunk stage writes it while the engine answers).
    const halfway = Math.round(lengths[0]! / 2);
    await env.DB.prepare('UPDATE job_chunks SET heard_ms = ? WHERE record_id = ? AND idx = 0').bind(halfway, id).run();
    const within = (await listed()).progress!;
    expect(within).toMatchObject({ stage: 'recognising', done: 0, total: pieces.length, percent: Math.floor(10 + (75 * halfway) / totalMs) });
    expect(within.percent).toBeGreaterThan(10);
    expect(within.etaSeconds).toBeGreaterThan(0);

    // One piece in: its whole length done, and a time left at that pace.
    await deliver(pieces[0]!);
    await env.DB.prepare('UPDATE transcription_jobs SET updated_at = ? WHERE record_id = ?')
      .bind(Date.now() - 60_000, id)
      .run();
    const one = (await detailed()).progress!;
    expect(one).toMatchObject({ stage: 'recognising', done: 1, total: pieces.length });
    const share = lengths[0]! / totalMs;
    expect(one.percent).toBe(Math.floor(10 + 75 * share));
    // The remaining audio at the pace of a minute for the first piece (give or take the requests' own time).
    expect(one.etaSeconds).toBeGreaterThanOrEqual(Math.floor((60 * (1 - share)) / share));
    expect(one.etaSeconds).toBeLessThan(Math.ceil(((60 + 30) * (1 - share)) / share));
    // The list says the same as the record page.
    expect((await listed()).progress).toMatchObject({ stage: 'recognising', done: 1, total: pieces.length, percent: one.percent });

    // The rest, assembly, then the hand-on: the record is done and says no progress any more.
    for (const piece of pieces.slice(1)) await deliver(piece);
    for (let msg = held.shift(); msg; msg = held.shift()) if (msg.kind !== 'summary') await deliver(msg);
    const finished = await listed();
    expect(finished.status).toBe('transcription_completed');
    // Its summary is queued but not made (the test delivers no summary message): that is what it is doing now.
    const summary = await env.DB.prepare('SELECT status FROM summaries WHERE record_id = ?').bind(id).first<{ status: string }>();
    expect(summary?.status).toBe('queued');
    expect(finished.progress).toEqual({ stage: 'summarising', percent: null, etaSeconds: null });
    await env.DB.prepare("UPDATE summaries SET status = 'done' WHERE record_id = ?").bind(id).run();
    expect((await listed()).progress).toBeUndefined();
    expect((await detailed()).progress).toBeUndefined();
  });
});
