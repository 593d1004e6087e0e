/**
 * Consumer of the jobs queue and of its dead-letter queue, and the one place that knows which feature takes
 * which message. Duties: validate each message; run it in the feature that owns it — transcription stages
 * in worker/services/transcription (idempotent by record and piece), an ended meeting's `speakers` in
 * worker/services/meeting-speakers.ts (by its minutes' row), `summary` in worker/services/summary
 * (by its row), `dub` in worker/services/dubbing (by its project), and transcription's `transcribed`
 * hand-on in the summary, transcription and dubbing, in that order; ack it when done; send it again later,
 * uncounted, while its engine-side job runs or the engine is unavailable (full, starting, draining, rotating
 * its secret, unreachable); retry with growing delays when a service fails; end the job, summary or dubbing
 * project with its reason when retrying cannot help or its stage is past its deadline
 * (worker/services/job-deadlines.ts), so waiting never lasts for ever; `vectors` in the semantic index
 * (worker/services/search/vectors.ts), sent after a transcription's or a meeting's lines are stored; and, for messages that exhausted
 * their retries, end it so the record (or its summary) shows the failure.
 */
import { type JobMessage, jobMessage } from '../contracts/jobs';
import { type Db, database } from '../worker/db/client';
import { failDub, failLines, dubTranscribed, runDub } from '../worker/services/dubbing/run';
import { type Enqueue, JobFailure, JobWaiting, queueSender } from '../worker/services/jobs';
import { checkDeadline } from '../worker/services/job-deadlines';
import { ProviderError } from '../worker/services/providers';
import { EngineUnavailable } from '../worker/services/providers/engine';
import { labelMeetingSpeakers } from '../worker/services/meeting-speakers';
import { failSummary, summarizeTranscribed } from '../worker/services/summary';
import { runSummary } from '../worker/services/summary/run';
import { emitRecordEvent } from '../worker/services/webhooks/deliveries';
import { completeTranscription, failJob, failTranscribed, runTranscriptionStage } from '../worker/services/transcription/pipeline';
import { endRetranslation, runRetranslation } from '../worker/services/transcription/retranslate';
import { lineVectors, queueLineVectors, storeLineVectors } from '../worker/services/search/vectors';

/** Must match the dead_letter_queue named in wrangler.toml. */
export const DEAD_JOBS_QUEUE = 'tingyi-jobs-dead';

const permanent = (err: unknown) => err instanceof JobFailure || (err instanceof ProviderError && err.status >= 400 && err.status < 500 && err.status !== 429);

/** Seconds to wait before looking again when an engine answered 429 without saying how long. */
const BUSY_SECONDS = 30;
/** Seconds to wait for an engine that is not there to answer (a cold start takes about this long). */
const UNAVAILABLE_SECONDS = 20;

/**
 * How long a message should wait, uncounted, before it is delivered again; undefined when the error is a
 * failure. A full engine's own estimate is stretched by a little jitter, so waiting jobs do not return together.
 */
function waitSeconds(err: unknown): number | undefined {
  if (err instanceof JobWaiting) return err.seconds;
  const jitter = 1 + Math.random() / 4;
  if (err instanceof ProviderError && err.status === 429) return Math.min(300, Math.max(5, err.retryAfter ?? BUSY_SECONDS)) * jitter;
  if (err instanceof EngineUnavailable) return UNAVAILABLE_SECONDS * jitter;
  return undefined;
}

/** Runs one message in the features that take it. */
export async function runJob(db: Db, env: Env, msg: JobMessage, enqueue: Enqueue) {
  switch (msg.kind) {
    case 'prepare':
    case 'chunk':
    case 'assemble':
    case 'translate':
      return runTranscriptionStage(db, env, msg, enqueue);
    case 'transcribed':
      // The summary is queued before a transcribed file turns complete; each feature passes over records not its own.
      await summarizeTranscribed(db, enqueue, msg.recordId);
      await queueLineVectors(env, enqueue, msg.recordId);
      if (await completeTranscription(db, msg)) await emitRecordEvent(env, msg.recordId, 'transcription.completed');
      return dubTranscribed(db, enqueue, msg);
    case 'speakers':
      await labelMeetingSpeakers(db, env, enqueue, msg.recordId);
      return queueLineVectors(env, enqueue, msg.recordId);
    case 'summary':
      return runSummary(db, env, msg.recordId);
    case 'dub':
      return runDub(db, env, msg.recordId);
    case 'retranslate':
      return runRetranslation(db, env, msg.recordId);
    case 'vectors':
      return storeLineVectors(db, lineVectors(env), msg.recordId);
  }
}

/**
 * Ends what a message was doing with its reason: a summary fails on its own, never the record it summarises. The
 * owner's webhooks hear of a transcription or dubbing that ended here (given the bindings to reach them).
 */
export async function failJobMessage(db: Db, msg: JobMessage, reason: string, env?: Env) {
  const told = (type: 'transcription.failed' | 'dubbing.failed') => (ended: boolean) =>
    ended && env ? emitRecordEvent(env, msg.recordId, type, { reason }) : undefined;
  switch (msg.kind) {
    case 'prepare':
    case 'chunk':
    case 'assemble':
    case 'translate':
      // A dubbing project shows the reason on its project, a transcribed file on its record.
      await failLines(db, msg.recordId, reason).then(told('dubbing.failed'));
      return failJob(db, msg.recordId, reason).then(told('transcription.failed'));
    case 'transcribed':
      await failLines(db, msg.recordId, reason).then(told('dubbing.failed'));
      return failTranscribed(db, msg, reason).then(told('transcription.failed'));
    case 'speakers':
      // The minutes are made all the same, with the speakers as the meeting heard them live.
      if (env)
        return queueSender(env.JOBS)([
          { kind: 'summary', recordId: msg.recordId },
          ...(lineVectors(env) ? [{ kind: 'vectors' as const, recordId: msg.recordId }] : []),
        ]);
      return failSummary(db, msg.recordId, reason);
    case 'summary':
      return failSummary(db, msg.recordId, reason);
    case 'dub':
      await failDub(db, msg.recordId, reason);
      return told('dubbing.failed')(true);
    case 'retranslate':
      // The lines stay untranslated, no longer "updating": their owner can translate them again.
      return endRetranslation(db, msg.recordId);
    case 'vectors':
      // Keyword retrieval still finds the lines; the next write of them sends the job again.
      console.error(JSON.stringify({ level: 'error', job: msg, reason }));
      return;
  }
}

const SERVICE: Partial<Record<JobMessage['kind'], string>> = {
  speakers: 'speaker',
  summary: 'summary',
  dub: 'dubbing',
  retranslate: 'translation',
  vectors: 'embedding',
};

export async function consumeJobs(batch: MessageBatch<unknown>, env: Env) {
  const db = database(env.DB);
  const enqueue = queueSender(env.JOBS);
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = jobMessage.safeParse(message.body);
      if (!parsed.success) {
        console.error(JSON.stringify({ level: 'error', queue: batch.queue, invalidMessage: message.body }));
        message.ack();
        return;
      }
      try {
        // Past its deadline a message ends its work (JobExpired is a JobFailure) rather than run or wait again.
        await checkDeadline(db, parsed.data);
        await runJob(db, env, parsed.data, enqueue);
        message.ack();
      } catch (err) {
        const wait = waitSeconds(err);
        if (wait !== undefined) {
          // A fresh message rather than retry(): waiting must not use up the tries that lead to the dead-letter queue.
          await enqueue([parsed.data], { delaySeconds: wait });
          message.ack();
          return;
        }
        if (permanent(err)) {
          await failJobMessage(db, parsed.data, err instanceof Error ? err.message : String(err), env);
          message.ack();
          return;
        }
        console.error(JSON.stringify({ level: 'warn', job: parsed.data, attempt: message.attempts, error: String(err) }));
        message.retry({ delaySeconds: Math.min(300, 5 * 2 ** message.attempts) });
      }
    }),
  );
}

export async function consumeDeadJobs(batch: MessageBatch<unknown>, env: Env) {
  const db = database(env.DB);
  for (const message of batch.messages) {
    const parsed = jobMessage.safeParse(message.body);
    if (parsed.success) {
      await failJobMessage(db, parsed.data, `The ${SERVICE[parsed.data.kind] ?? 'speech'} service did not respond after several tries.`, env);
    }
    message.ack();
  }
}
