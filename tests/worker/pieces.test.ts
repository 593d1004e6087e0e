import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { JobMessage } from '../../contracts/jobs';
import type { RecordDetail } from '../../contracts/records';
import { runJob } from '../../queues/jobs';
import { database } from '../../worker/db/client';
import type { Enqueue } from '../../worker/services/jobs';
import { failJob } from '../../worker/services/transcription/pipeline';
import { storePiece } from '../../worker/services/transcription/pieces';
import { retryTranscription } from '../../worker/services/transcription/submit';
import { get, send, signUp } from './api';
import { grantHours, runStage, submitHeld, upload } from './jobs';

/**
 * What a job's pieces heard lives in R2 only while the job runs: the queue's messages are delivered by hand
 * here (twice, at once, late) against the real engine, and afterwards neither D1 nor R2 holds anything per piece.
 */

const db = database(env.DB);
const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const meeting = decode(inject('meetingMp3'));
const base = '/prod-api/speech/audio/transcribe';

const pieceKeys = async (id: number) => (await env.MEDIA.list({ prefix: `records/${id}/pieces/` })).objects.map((o) => o.key).sort();
const chunkRows = async (id: number) =>
  (await env.DB.prepare('SELECT * FROM job_chunks WHERE record_id = ? ORDER BY idx').bind(id).all<Record<string, unknown>>()).results;

/** A submitted job whose messages wait in `held` until the test delivers them. */
async function heldJob(name: string) {
  const { token, userId } = await signUp();
  await grantHours(userId, 1);
  const merged = await upload(token, `${name}.mp3`, meeting);
  const held: JobMessage[] = [];
  const hold: Enqueue = async (m) => void held.push(...m);
  const id = await submitHeld(userId, merged.body.data.id, { showName: name, speaker: '1' }, held);
  const deliver = (msg: JobMessage) => runJob(db, env, msg, hold);
  await runStage(held.splice(0)[0]!, hold); // prepare, while the engine extracts
  const pieces = held.splice(0);
  return { id, token, userId, held, deliver, pieces };
}

describe('pieces of a transcription job', () => {
  it('keeps one copy per piece under redelivery and leaves nothing behind once the lines are stored', { timeout: 180_000 }, async () => {
    const { id, token, userId, held, deliver, pieces } = await heldJob('Pieces');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((m) => m.kind === 'chunk')).toBe(true);

    // The first piece delivered twice at once and once more later: one object, and no assembly asked yet.
    await Promise.all([deliver(pieces[0]!), deliver(pieces[0]!)]);
    await deliver(pieces[0]!);
    expect(held).toEqual([]);
    expect(await pieceKeys(id)).toEqual([`records/${id}/pieces/0.json`]);
    // D1 holds only the piece's place and a flag, never what it heard.
    expect(await chunkRows(id)).toContainEqual({ record_id: id, idx: 0, start_ms: 0, end_ms: expect.any(Number), heard_ms: expect.any(Number), done: 1 });

    // The rest in parallel, as the queue delivers them: every piece stored once, assembly asked for.
    await Promise.all(pieces.slice(1).map(deliver));
    expect(await pieceKeys(id)).toHaveLength(pieces.length);
    const asks = held.splice(0);
    expect(asks.length).toBeGreaterThan(0);
    expect(asks.every((m) => m.kind === 'assemble')).toBe(true);

    // Assembly delivered twice at once; one may find the other's clean-up and fail, and its retry finishes quietly.
    const assembled = await Promise.allSettled([deliver(asks[0]!), deliver(asks[0]!)]);
    expect(assembled.some((r) => r.status === 'fulfilled')).toBe(true);
    await deliver(asks[0]!);
    expect(await chunkRows(id)).toEqual([]);
    expect(await pieceKeys(id)).toEqual([]);

    // A piece redelivered after the job finished stores nothing again.
    await deliver(pieces[0]!);
    expect(await storePiece(db, env.MEDIA, id, 0, [{ start: 0, end: 1, text: 'late' }])).toBe(false);
    expect(await pieceKeys(id)).toEqual([]);

    // The transcript is whole: lines with speakers, charged once.
    for (const msg of held.splice(0).filter((m) => m.kind === 'transcribed')) await deliver(msg);
    const detail = (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data;
    expect(detail.record.status).toBe('transcription_completed');
    expect(detail.lines.length).toBeGreaterThan(1);
    expect(detail.lines.every((l) => l.speaker.startsWith('Speaker '))).toBe(true);
    const charges = await env.DB.prepare('SELECT COUNT(*) AS n FROM cost_records WHERE user_id = ?').bind(userId).first<{ n: number }>();
    expect(charges!.n).toBe(1);
  });

  it("keeps a failed job's pieces, so its retry recognises only the rest, and removes a deleted record's pieces", { timeout: 180_000 }, async () => {
    const failing = await heldJob('Fails');
    await failing.deliver(failing.pieces[0]!);
    expect(await pieceKeys(failing.id)).toHaveLength(1);
    await failJob(db, failing.id, 'the speech service refused the audio');
    expect(await chunkRows(failing.id)).toHaveLength(failing.pieces.length);
    expect(await pieceKeys(failing.id)).toHaveLength(1);
    // A piece delivered after the job failed stores nothing.
    await failing.deliver(failing.pieces[1]!);
    expect(await pieceKeys(failing.id)).toHaveLength(1);
    // The retry's prepare finds the audio and the plan: nothing is extracted again, piece 0 is not sent again.
    await retryTranscription(db, failing.userId, failing.id, async (m) => void failing.held.push(...m));
    const again = failing.held.splice(0);
    expect(again).toEqual([{ kind: 'prepare', recordId: failing.id }]);
    await failing.deliver(again[0]!);
    expect(failing.held.splice(0)).toEqual(failing.pieces.slice(1));

    const deleted = await heldJob('Deleted');
    await deleted.deliver(deleted.pieces[0]!);
    expect(await pieceKeys(deleted.id)).toHaveLength(1);
    expect((await send(`${base}/remove`, { ids: [deleted.id] }, { token: deleted.token })).body.code).toBe(200);
    expect(await pieceKeys(deleted.id)).toEqual([]);
    expect(await chunkRows(deleted.id)).toEqual([]);
  });
});
