import { env, exports } from 'cloudflare:workers';
import type { JobMessage } from '../../contracts/jobs';
import type { RecordDetail } from '../../contracts/records';
import type { TranscribeForm, TranswriteResult } from '../../contracts/transcription';
import type { UploadInitResponse, UploadedFile } from '../../contracts/uploads';
import { runJob } from '../../queues/jobs';
import { database } from '../../worker/db/client';
import { type Enqueue, JobWaiting } from '../../worker/services/jobs';
import { submitTranscription } from '../../worker/services/transcription/submit';
import { get, send } from './api';

/** File transcription from the outside, for the suites that need a transcribed record or drive the queue consumer by hand. */

const base = '/prod-api/speech/audio/transcribe';

export async function grantHours(userId: number, hours: number) {
  await env.DB.prepare("INSERT INTO accounts (user_id, account_type, valid_until, remaining_seconds) VALUES (?, 'duration', ?, ?)")
    .bind(userId, Date.now() + 86_400_000, hours * 3600)
    .run();
}

/** Uploads `bytes` the way the browser does: init, PUT each part to its URL, report it, complete. */
export async function upload(token: string, name: string, bytes: Uint8Array) {
  const init = (await send<UploadInitResponse>(`${base}/uploadInit`, { oriFileName: name, fileSize: bytes.length }, { token })).body.data;
  for (const [i, url] of init.uploadUrls.entries()) {
    const part = bytes.subarray(i * init.chunkSize, (i + 1) * init.chunkSize);
    const res = await exports.default.fetch(new Request(url, { method: 'PUT', body: part }));
    await send(`${base}/uploadBlock`, { uploadId: init.uploadId, partNumber: i + 1, etag: res.headers.get('etag') }, { token });
  }
  return send<UploadedFile>(`${base}/mergeFileData`, { uploadId: init.uploadId }, { token });
}

export async function waitForStatus(token: string, id: number, done: (status: string) => boolean, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const detail = (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data;
    if (done(detail.record.status)) return detail;
    if (Date.now() > until) throw new Error(`record ${id} stuck in ${detail.record.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Uploads and submits a file (English unless `form` says otherwise) and waits until its job has ended (longer recordings: a longer `timeoutMs`). */
export async function transcribe(token: string, userId: number, name: string, bytes: Uint8Array, form: object = {}, timeoutMs?: number) {
  await grantHours(userId, 1);
  const merged = await upload(token, name, bytes);
  const submit = await send<TranswriteResult>(`${base}/transwrite`, { ids: [merged.body.data.id], audioLanguage: 'en-US', showName: name, ...form }, { token });
  const [id] = submit.body.data.ids;
  return { id: id!, detail: await waitForStatus(token, id!, (s) => !['transcribing', 'translating'].includes(s), timeoutMs) };
}

/** A queue batch as workerd hands it to the consumer, recording what the consumer did with each message. */
export function batchOf(queue: string, bodies: JobMessage[]) {
  const outcome: string[] = [];
  const messages = bodies.map((body, i) => ({
    id: String(i),
    timestamp: new Date(),
    body,
    attempts: 1,
    ack: () => outcome.push('ack'),
    retry: (options?: { delaySeconds?: number }) => outcome.push(`retry ${options?.delaySeconds ?? 0}s`),
  }));
  return { batch: { queue, messages, ackAll: () => {}, retryAll: () => {} } as unknown as MessageBatch<unknown>, outcome };
}

/** Submits an uploaded file (English) through the service with a queue that holds its messages in `held`, so only the test delivers them. */
export async function submitHeld(userId: number, uploadId: number, form: Partial<TranscribeForm> & { showName: string }, held: JobMessage[]) {
  const full = { audioLanguage: 'en-US', translationLanguage: null, speaker: '0', maxSpeakers: 2, ...form } as TranscribeForm;
  const [id] = await submitTranscription(database(env.DB), env, userId, 'en-US', [uploadId], full, async (m) => void held.push(...m));
  return id!;
}

/**
 * Runs one message's stage by hand as the consumer would, looking again while it waits for its engine job
 * (extraction, rendering); answers the waits it met.
 */
export async function runStage(msg: JobMessage, enqueue: Enqueue, stageEnv: Env = env) {
  const waits: number[] = [];
  for (;;) {
    try {
      await runJob(database(stageEnv.DB), stageEnv, msg, enqueue);
      return waits;
    } catch (err) {
      if (!(err instanceof JobWaiting)) throw err;
      waits.push(err.seconds);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}
