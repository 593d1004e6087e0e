import { env, exports } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { JobMessage } from '../../contracts/jobs';
import { MEETING_SPEAKERS } from '../fixtures/meeting-script';
import type { RecordDetail } from '../../contracts/records';
import { type LatestTask, type MediaSource, type TranswriteResult, transwriteBody } from '../../contracts/transcription';
import { database } from '../../worker/db/client';
import { consumeDeadJobs, consumeJobs, runJob } from '../../queues/jobs';
import { JobWaiting, queueSender } from '../../worker/services/jobs';
import { ProviderError } from '../../worker/services/providers';
import { meetings } from '../../worker/db/schema';
import { audioKey, openWavHeader, playerAudioKey } from '../../worker/services/transcription/audio';
import { checkpointKey } from '../../worker/services/storage';
import { cleanupOriginals, compressMeetingAudio } from '../../worker/services/transcription/retention';
import { get, send, signUp } from './api';
import { batchOf, grantHours, runStage, submitHeld, transcribe, upload, waitForStatus } from './jobs';
import { createRecord, defaultFolderId } from './seed';

/**
 * File transcription end to end inside the real Worker: a real upload through presigned URLs, the real
 * engine probing, extracting and recognising, real Queues fanning the job out into pieces (8 s pieces
 * here, so the 25 s meeting becomes several), speakers labelled across pieces, Apertium translating.
 */

const db = database(env.DB);
const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const meeting = decode(inject('meetingMp3'));
const base = '/prod-api/speech/audio/transcribe';

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

describe('file transcription pipeline', () => {
  it('uploads, probes, transcribes in pieces with speakers, translates, and charges once', { timeout: 180_000 }, async () => {
    const { token, userId } = await signUp();
    await grantHours(userId, 2);
    const merged = await upload(token, 'Budget meeting.mp3', meeting);
    expect(merged.body.code).toBe(200);
    expect(merged.body.data.state).toBe('uploaded');
    expect(merged.body.data.audioDuration).toBeGreaterThan(20);
    expect(merged.body.data.audioDuration).toBeLessThan(30);

    const submit = await send<TranswriteResult>(
      `${base}/transwrite`,
      {
        ids: [merged.body.data.id],
        audioLanguage: 'en-US',
        translationLanguage: 'es-ES',
        showName: '  Budget meeting  ',
        speaker: '1',
        maxSpeakers: 2,
      },
      { token },
    );
    expect(submit.body.code).toBe(200);
    expect(submit.body.data.code).toBe(200);
    const [id] = submit.body.data.ids;
    // The record owns the file now: the upload keeps neither its multipart id nor the choices the record and job
    // hold, and the job no empty vocabulary lists.
    const stored = await env.DB.prepare(
      'SELECT u.upload_id, u.form, j.vocabulary FROM uploads u JOIN transcription_jobs j ON j.record_id = u.record_id WHERE u.id = ?',
    )
      .bind(merged.body.data.id)
      .first();
    expect(stored).toEqual({ upload_id: null, form: null, vocabulary: '{}' });

    const detail = await waitForStatus(token, id!, (s) => s === 'translation_completed' || s.endsWith('_err'));
    expect(detail.record).toMatchObject({ name: 'Budget meeting', status: 'translation_completed', errorReason: null });
    const job = await env.DB.prepare('SELECT chunk_count AS n FROM transcription_jobs WHERE record_id = ?').bind(id).first<{ n: number }>();
    expect(job!.n).toBeGreaterThan(1);

    const heard = words(detail.lines.map((l) => l.text).join(' '));
    // PocketSphinx on synthetic voices gets about two words in three; these it hears reliably.
    for (const w of ['thank', 'joining', 'budget', 'reasonable']) expect(heard).toContain(w);
    // One line per turn, in time order, and the two voices told apart across pieces.
    const starts = detail.lines.map((l) => l.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(detail.lines.map((l) => l.speaker)).toEqual(MEETING_SPEAKERS.map((n) => `Speaker ${n}`));
    expect(detail.lines.every((l) => (l.translations['es-ES'] ?? '').trim().length > 0)).toBe(true);

    // Redelivered messages change nothing: no duplicate lines, no second charge.
    const enqueue = queueSender(env.JOBS);
    const again: JobMessage[] = [
      { kind: 'chunk', recordId: id!, idx: 0 },
      { kind: 'assemble', recordId: id! },
      { kind: 'translate', recordId: id! },
    ];
    for (const msg of again) await runJob(db, env, msg, enqueue);
    const after = (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data;
    expect(after.lines).toHaveLength(detail.lines.length);
    // The finished job kept nothing per piece, in D1 or R2, and the redelivered piece stored nothing again.
    const left = await env.DB.prepare('SELECT COUNT(*) AS n FROM job_chunks WHERE record_id = ?').bind(id).first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect((await env.MEDIA.list({ prefix: `records/${id}/pieces/` })).objects).toHaveLength(0);
    const charges = await env.DB.prepare('SELECT seconds FROM cost_records WHERE user_id = ?').bind(userId).all<{ seconds: number }>();
    expect(charges.results).toHaveLength(1);
    expect(charges.results[0]!.seconds).toBe(Math.round(merged.body.data.audioDuration!));

    const latest = (await get<LatestTask>(`${base}/getLatestTrans`, token)).body.data;
    expect(latest).toMatchObject({ id: merged.body.data.id, state: 'SUBMITTED', showName: 'Budget meeting', languages: 'en-US', targetLanguages: 'es-ES' });
    expect(JSON.parse(latest.speaker)).toEqual({ enabled: true, maxSpeakers: 2, maxSpeakersAuto: false });
  });

  it('leaves the speaker count to the engine when the form says Auto, and remembers it for recovery', { timeout: 60_000 }, async () => {
    const { token, userId } = await signUp();
    await grantHours(userId, 1);
    const merged = await upload(token, 'Auto.mp3', meeting);
    // The wire form: the spec's fields, Auto beside them.
    const form = transwriteBody.parse({ ids: [merged.body.data.id], audioLanguage: 'en-US', showName: 'Auto', speaker: '1', maxSpeakersAuto: true });
    expect(form).toMatchObject({ maxSpeakers: 2, maxSpeakersAuto: true });
    const id = await submitHeld(userId, merged.body.data.id, form, []);
    const job = await env.DB.prepare('SELECT speaker, max_speakers FROM transcription_jobs WHERE record_id = ?')
      .bind(id)
      .first<{ speaker: number; max_speakers: number | null }>();
    // Speakers are separated, with no cap: the engine's clustering picks the count.
    expect(job).toEqual({ speaker: 1, max_speakers: null });
    const latest = (await get<LatestTask>(`${base}/getLatestTrans`, token)).body.data;
    expect(JSON.parse(latest.speaker)).toEqual({ enabled: true, maxSpeakers: 2, maxSpeakersAuto: true });
    // Without the field, a client following the spec keeps the spec's count.
    expect(transwriteBody.parse({ ids: [1], showName: 'x', speaker: '1' })).toMatchObject({ maxSpeakers: 2, maxSpeakersAuto: false });
  });

  it('refuses a submission without quota with 92505000 and keeps the choices for recovery', { timeout: 60_000 }, async () => {
    const { token, userId } = await signUp();
    const merged = await upload(token, 'Short.mp3', meeting);
    const refused = await send(
      `${base}/transwrite`,
      {
        ids: [merged.body.data.id],
        audioLanguage: 'en-US',
        translationLanguage: '',
        showName: 'Short',
        speaker: '1',
        maxSpeakers: 3,
      },
      { token },
    );
    expect(refused.body.code).toBe(92505000);
    const latest = (await get<LatestTask>(`${base}/getLatestTrans`, token)).body.data;
    expect(latest).toMatchObject({ id: merged.body.data.id, state: 'TRANSCRIBED', showName: 'Short', languages: 'en-US', targetLanguages: '' });
    expect(JSON.parse(latest.speaker)).toEqual({ enabled: true, maxSpeakers: 3, maxSpeakersAuto: false });
    const records = await env.DB.prepare('SELECT COUNT(*) AS n FROM records WHERE user_id = ?').bind(userId).first<{ n: number }>();
    expect(records!.n).toBe(0);
  });

  it('refuses a third recognition language in a day with 92505003 and keeps the choices', { timeout: 60_000 }, async () => {
    const { token, userId } = await signUp();
    await grantHours(userId, 1);
    const folderId = await defaultFolderId(token);
    for (const audioLanguage of ['zh-CN', 'ja-JP']) await createRecord(userId, folderId, { audioLanguage });
    const merged = await upload(token, 'Third.mp3', meeting);
    const refused = await send(`${base}/transwrite`, { ids: [merged.body.data.id], audioLanguage: 'en-US', showName: 'Third' }, { token });
    expect(refused.body.code).toBe(92505003);
    expect(refused.body.msg).toMatch(/already used 2 recognition languages/);
    expect((await get<LatestTask>(`${base}/getLatestTrans`, token)).body.data).toMatchObject({
      id: merged.body.data.id,
      state: 'TRANSCRIBED',
      showName: 'Third',
    });
  });

  it("refuses unsupported languages and files that are not the user's", { timeout: 60_000 }, async () => {
    const owner = await signUp();
    const stranger = await signUp();
    await grantHours(owner.userId, 1);
    const merged = await upload(owner.token, 'Mine.mp3', meeting);
    const body = { ids: [merged.body.data.id], audioLanguage: 'en-US', showName: 'Mine' };
    expect((await send(`${base}/transwrite`, body, { token: stranger.token })).status).toBe(404);
    const badPair = await send(`${base}/transwrite`, { ...body, translationLanguage: 'xx-XX' }, { token: owner.token });
    expect(badPair.status).toBe(400);
    expect(badPair.body.msg).toContain('xx-XX');
  });

  it('ends a job whose media is gone with the reason, and the retry action runs it again', { timeout: 120_000 }, async () => {
    const { token, userId } = await signUp();
    await grantHours(userId, 1);
    const merged = await upload(token, 'Fragile.mp3', meeting);
    const key = (await env.DB.prepare('SELECT object_name AS k FROM uploads WHERE id = ?').bind(merged.body.data.id).first<{ k: string }>())!.k;
    const saved = await (await env.MEDIA.get(key))!.arrayBuffer();
    await env.MEDIA.delete(key);
    const submit = await send<TranswriteResult>(`${base}/transwrite`, { ids: [merged.body.data.id], audioLanguage: 'en-US', showName: 'Fragile' }, { token });
    const [id] = submit.body.data.ids;
    const failed = await waitForStatus(token, id!, (s) => s !== 'transcribing');
    expect(failed.record.status).toBe('transcription_err');
    expect(failed.record.errorReason).toBe('the uploaded file is missing');

    await env.MEDIA.put(key, saved);
    const retried = await send<{ status: string }>(`${base}/refreshRecord`, { id }, { token });
    expect(retried.body.data.status).toBe('transcribing');
    const done = await waitForStatus(token, id!, (s) => s !== 'transcribing');
    expect(done.record.status).toBe('transcription_completed');
    expect(done.lines.length).toBeGreaterThan(3);
    expect((await send(`${base}/refreshRecord`, { id }, { token })).status).toBe(409);
  });

  it('recognises a LibriVox clip of read speech', { timeout: 120_000 }, async () => {
    const { token, userId } = await signUp();
    const { detail } = await transcribe(token, userId, 'Sense and Sensibility.wav', decode(inject('librivoxWav')));
    expect(detail.record.status).toBe('transcription_completed');
    const reference = words(inject('librivoxText'));
    const heard = new Set(words(detail.lines.map((l) => l.text).join(' ')));
    const found = reference.filter((w) => heard.has(w)).length;
    // The engine's measured word error rate on this data is about 30%: most words must come through.
    expect(found / reference.length).toBeGreaterThan(0.6);
  });

  it('waits, spending no retry, while the engine is down, and a job out of retries ends with its reason', { timeout: 60_000 }, async () => {
    const { token, userId } = await signUp();
    await grantHours(userId, 1);
    const merged = await upload(token, 'Later.mp3', meeting);
    // The consumer's own queue is held too: what it sends again comes back here, not to the suite's consumer.
    const sentAgain: JobMessage[] = [];
    const queue = { sendBatch: async (bodies: { body: JobMessage }[]) => void sentAgain.push(...bodies.map((b) => b.body)) };
    const engineDown = { ...env, ENGINE_URL: 'http://127.0.0.1:9', JOBS: queue as unknown as Queue };
    // Submit through the service with a queue that holds messages, so only this test's consumer runs them.
    const held: JobMessage[] = [];
    const id = await submitHeld(userId, merged.body.data.id, { showName: 'Later' }, held);
    const first = batchOf('tingyi-jobs', held);
    await consumeJobs(first.batch, engineDown);
    expect(first.outcome).toEqual(['ack']);
    expect(sentAgain).toEqual(held);
    expect((await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data.record.status).toBe('transcribing');

    const dead = batchOf('tingyi-jobs-dead', held);
    await consumeDeadJobs(dead.batch, env);
    expect(dead.outcome).toEqual(['ack']);
    const failed = (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data.record;
    expect(failed).toMatchObject({ status: 'transcription_err', errorReason: 'The speech service did not respond after several tries.' });
  });
});

describe('media by reference, and jobs that wait instead of holding the consumer', () => {
  it('has the engine read the upload, store the audio and recognise its pieces by URL: the Worker never reads a media body', { timeout: 240_000 }, async () => {
    const { token, userId } = await signUp();
    await grantHours(userId, 1);
    const merged = await upload(token, 'By reference.mp3', meeting);
    const held: JobMessage[] = [];
    const id = await submitHeld(userId, merged.body.data.id, { showName: 'By reference' }, held);
    // The bucket as the stage sees it: every object whose body it reads is noted.
    const bodiesRead: string[] = [];
    const watched = new Proxy(env.MEDIA, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (prop !== 'get') return typeof value === 'function' ? value.bind(target) : value;
        return (key: string, ...rest: unknown[]) => {
          bodiesRead.push(key);
          return target.get(key, ...(rest as []));
        };
      },
    });
    const prepare = held.splice(0);
    expect(prepare).toEqual([{ kind: 'prepare', recordId: id }]);
    const watchedEnv = { ...env, MEDIA: watched };
    const waits = await runStage(prepare[0]!, async (m) => void held.push(...m), watchedEnv);
    // The first look started the extraction and returned at once; a later one collected it.
    expect(waits.length).toBeGreaterThan(0);
    const pieces = held.splice(0);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((m) => m.kind === 'chunk')).toBe(true);
    // Each piece is recognised by the engine from a stretch of the stored audio, by URL too.
    for (const piece of pieces) await runJob(db, watchedEnv, piece, async (m) => void held.push(...m));
    expect(held).toContainEqual({ kind: 'assemble', recordId: id });
    expect(bodiesRead).toEqual([]);
    // The engine stored the audio as a WAV whose header holds its real length.
    const audio = (await env.MEDIA.get(audioKey(id)))!;
    const bytes = new DataView(await audio.arrayBuffer());
    expect(bytes.getUint32(40, true)).toBe(audio.size - 44);
    expect((audio.size - 44) / 32_000).toBeGreaterThan(20);

    await queueSender(env.JOBS)(held);
    const done = await waitForStatus(token, id, (s) => s !== 'transcribing', 180_000);
    expect(done.record.status).toBe('transcription_completed');
    expect(done.lines.length).toBeGreaterThan(3);
  });

  it('makes a job wait, without using up its retries, while the engine is full (429), and completes it later', { timeout: 240_000 }, async () => {
    const { token, userId } = await signUp();
    await grantHours(userId, 2);
    const held: JobMessage[] = [];
    const ids: number[] = [];
    // Short clips: the waiting is the point, not the recognising.
    const clip = decode(inject('hotwordWav'));
    for (const name of ['Busy 1', 'Busy 2', 'Busy 3', 'Busy 4']) {
      const merged = await upload(token, `${name}.wav`, clip);
      ids.push(await submitHeld(userId, merged.body.data.id, { showName: name }, held));
    }
    // Four extractions at once on an engine with one file-job slot and one place in line (global-setup.ts).
    const tries = await Promise.allSettled(held.map((msg) => runJob(db, env, msg, async () => {})));
    const refusals = tries.flatMap((t) => (t.status === 'rejected' && t.reason instanceof ProviderError && t.reason.status === 429 ? [t.reason] : []));
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals[0]!.retryAfter).toBeGreaterThan(0);
    expect(tries.every((t) => t.status === 'rejected' && (t.reason instanceof JobWaiting || refusals.includes(t.reason)))).toBe(true);

    const { batch, outcome } = batchOf('tingyi-jobs', held);
    await consumeJobs(batch, env);
    // Acknowledged and sent again later, never retried: waiting cannot lead to the dead-letter queue.
    expect(outcome).toEqual(['ack', 'ack', 'ack', 'ack']);
    for (const id of ids) {
      const done = await waitForStatus(token, id, (s) => s !== 'transcribing', 180_000);
      expect(done.record.status).toBe('transcription_completed');
      expect(done.lines.length).toBeGreaterThan(0);
    }
  });
});

describe('record detail', () => {
  let token: string;
  let id: number;
  let lines: RecordDetail['lines'];

  it('transcribes a record to work on', { timeout: 120_000 }, async () => {
    const user = await signUp();
    token = user.token;
    const done = await transcribe(token, user.userId, 'Detail.mp3', meeting);
    id = done.id;
    lines = done.detail.lines;
    expect(done.detail.record.status).toBe('transcription_completed');
  });

  it('serves the media to the player through a signed URL', async () => {
    const media = (await get<MediaSource>(`${base}/media?id=${id}`, token)).body.data;
    expect(media.kind).toBe('audio');
    const res = await exports.default.fetch(new Request(media.url, { headers: { range: 'bytes=0-2' } }));
    expect(res.status).toBe(206);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(meeting.subarray(0, 3));
  });

  it('saves edited lines and refuses overlaps, reversed times and lines past the media', async () => {
    const edited = lines.map((l) => ({ start: l.start, end: l.end, text: l.text, speaker: 'Alice', translations: l.translations }));
    edited[0]!.text = 'Thank you all for joining the call today.';
    const saved = await send(`${base}/editDetails`, { id, lines: edited }, { token });
    expect(saved.body.code).toBe(200);
    const after = (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data;
    expect(after.lines[0]).toMatchObject({ text: 'Thank you all for joining the call today.', speaker: 'Alice', start: lines[0]!.start });
    expect(after.lines).toHaveLength(lines.length);

    const overlap = edited.map((l, i) => (i === 1 ? { ...l, start: edited[0]!.end - 100 } : l));
    expect((await send(`${base}/editDetails`, { id, lines: overlap }, { token })).status).toBe(400);
    const reversed = edited.map((l, i) => (i === 0 ? { ...l, end: l.start - 1 } : l));
    expect((await send(`${base}/editDetails`, { id, lines: reversed }, { token })).status).toBe(400);
    const tooLong = edited.map((l, i) => (i === edited.length - 1 ? { ...l, end: 10 * 60_000 } : l));
    const past = await send(`${base}/editDetails`, { id, lines: tooLong }, { token });
    expect(past.body.msg).toMatch(new RegExp(`^Line ${edited.length} \\(.+\\) ends at 10:00\\.000, after the media ends at`));
    expect(past.body.data).toEqual({ line: edited.length - 1 });
    expect((await send(`${base}/editDetails`, { id, lines: [] }, { token })).status).toBe(400);
    const stranger = await signUp();
    expect((await send(`${base}/editDetails`, { id, lines: edited }, { token: stranger.token })).status).toBe(404);
  });

  it('translates a finished record later, keeping the edits', { timeout: 60_000 }, async () => {
    const started = await send<{ status: string }>(`${base}/addTranslation`, { id, language: 'es-ES' }, { token });
    expect(started.body.data.status).toBe('translating');
    const done = await waitForStatus(token, id, (s) => s !== 'translating');
    expect(done.record).toMatchObject({ status: 'translation_completed', translationLanguage: 'es-ES' });
    expect(done.lines[0]!.text).toBe('Thank you all for joining the call today.');
    expect(done.lines[0]!.translations['es-ES']).toMatch(/gracias/i);
  });

  it('deletes the record with its job, upload and every stored object', async () => {
    const mediaKey = (await env.DB.prepare('SELECT media_key AS k FROM records WHERE id = ?').bind(id).first<{ k: string }>())!.k;
    expect(await env.MEDIA.head(playerAudioKey(id))).not.toBeNull();
    expect((await send(`${base}/remove`, { ids: [id] }, { token })).body.code).toBe(200);
    expect(await env.MEDIA.head(mediaKey)).toBeNull();
    expect(await env.MEDIA.head(playerAudioKey(id))).toBeNull();
    for (const table of ['transcription_jobs', 'job_chunks', 'uploads', 'segments']) {
      const left = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE record_id = ?`).bind(id).first<{ n: number }>();
      expect(left!.n, table).toBe(0);
    }
  });
});

describe('storage with a bound', () => {
  /** The record's transcript made again, as the retry action of a record that failed after its lines were stored. */
  const retry = async (token: string, id: number) => {
    await env.DB.prepare(`UPDATE records SET status = 'transcription_err' WHERE id = ?`).bind(id).run();
    expect((await send(`${base}/refreshRecord`, { id }, { token })).body.code).toBe(200);
    return waitForStatus(token, id, (s) => s !== 'transcribing', 180_000);
  };

  it('keeps seekable compressed audio, drops the WAV after the lines, and transcribes again without WAV or upload', { timeout: 300_000 }, async () => {
    const { token, userId } = await signUp();
    // A short clip: what is kept and removed is the point, not the recognising.
    const { id, detail } = await transcribe(token, userId, 'Kept.wav', decode(inject('hotwordWav')));
    expect(detail.record.status).toBe('transcription_completed');
    expect(detail.lines.length).toBeGreaterThan(0);
    const seconds = detail.record.duration;
    // The recogniser's WAV is gone, with the extraction's kept result; the player's AAC is about a fifth of it
    // (48 kbit/s against 256).
    expect(await env.MEDIA.head(audioKey(id))).toBeNull();
    expect(await env.MEDIA.head(checkpointKey(audioKey(id)))).toBeNull();
    const kept = (await env.MEDIA.head(playerAudioKey(id)))!;
    expect(kept.size).toBeGreaterThan(seconds * 4_000);
    expect(kept.size).toBeLessThan(seconds * 32_000 * 0.25);

    // A retry while the engine still remembers the first extraction extracts again: the WAV it wrote is gone.
    const again = await retry(token, id);
    expect(again.record.status).toBe('transcription_completed');
    expect(again.lines.map((l) => l.text)).toEqual(detail.lines.map((l) => l.text));
    expect(await env.MEDIA.head(audioKey(id))).toBeNull();

    // Past its retention the upload goes, once the compressed audio is there; fresher records keep theirs.
    const mediaKey = (await env.DB.prepare('SELECT media_key AS k FROM records WHERE id = ?').bind(id).first<{ k: string }>())!.k;
    await env.DB.prepare('UPDATE records SET created_at = ? WHERE id = ?')
      .bind(Date.now() - 31 * 86_400_000, id)
      .run();
    expect(await cleanupOriginals(db, { ...env, ORIGINAL_RETENTION_DAYS: '' })).toBe(0);
    expect(await cleanupOriginals(db, { ...env, ORIGINAL_RETENTION_DAYS: '30' })).toBe(1);
    expect(await env.MEDIA.head(mediaKey)).toBeNull();

    // The record still plays, from the compressed audio, and the player's seeks are answered with byte ranges.
    const media = (await get<MediaSource>(`${base}/media?id=${id}`, token)).body.data;
    expect(media.kind).toBe('audio');
    const head = await exports.default.fetch(new Request(media.url, { headers: { range: 'bytes=0-11' } }));
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-11/${kept.size}`);
    expect(new TextDecoder().decode((await head.arrayBuffer()).slice(4, 8))).toBe('ftyp');
    const tail = await exports.default.fetch(new Request(media.url, { headers: { range: `bytes=${kept.size - 100}-` } }));
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(100);

    // And it can be transcribed again from that audio alone, which stays as it was.
    const fromKept = await retry(token, id);
    expect(fromKept.record.status).toBe('transcription_completed');
    expect(fromKept.lines.length).toBeGreaterThan(0);
    expect(await env.MEDIA.head(audioKey(id))).toBeNull();
    expect((await env.MEDIA.head(playerAudioKey(id)))?.size).toBe(kept.size);
  });

  it("compresses an ended meeting's WAV for its player and then removes it", { timeout: 120_000 }, async () => {
    const { token, userId } = await signUp();
    const record = await createRecord(userId, await defaultFolderId(token), { type: 'meeting', status: 'ended', name: 'Stand-up' });
    await db.insert(meetings).values({ recordId: record.id, mode: 'record', sourceLanguage: 'en-US', endedAt: Date.now() });
    // As the room leaves it: written live, its header saying "to the end of the file".
    const pcm = decode(inject('meetingPcm'));
    await env.MEDIA.put(audioKey(record.id), new Uint8Array([...openWavHeader(), ...pcm]));
    // The first runs start the engine's extraction and find it running; one finds the player's audio and removes the WAV.
    for (;;) {
      if ((await compressMeetingAudio(db, env)) > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(await env.MEDIA.head(audioKey(record.id))).toBeNull();
    const kept = (await env.MEDIA.head(playerAudioKey(record.id)))!;
    expect(kept.size).toBeLessThan(pcm.length / 4);
    const media = (await get<MediaSource>(`${base}/media?id=${record.id}`, token)).body.data;
    const res = await exports.default.fetch(new Request(media.url, { headers: { range: 'bytes=4-7' } }));
    expect(res.status).toBe(206);
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe('ftyp');
    expect(await compressMeetingAudio(db, env)).toBe(0);
  });
});
