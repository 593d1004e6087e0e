/**
 * Consumer of the jobs queue and of its dead-letter queue. Duties: validate each message, run its stage
 * (worker/services/transcription/pipeline.ts, idempotent by record and piece; summaries by their row), ack
 * it when done; retry with growing delays when a service is busy or down; end the job (or summary) with its
 * reason when retrying cannot help; and, for messages that exhausted their retries, end it so the record
 * (or its summary) shows the failure.
 */
import { jobMessage } from '../contracts/jobs';
import { database } from '../worker/db/client';
import { ProviderError } from '../worker/services/providers';
import { JobFailure, failStage, runStage } from '../worker/services/transcription/pipeline';
import { queueSender } from '../worker/services/transcription/submit';

/** Must match the dead_letter_queue named in wrangler.toml. */
export const DEAD_JOBS_QUEUE = 'tingyi-jobs-dead';

const permanent = (err: unknown) => err instanceof JobFailure || (err instanceof ProviderError && err.status >= 400 && err.status < 500 && err.status !== 429);

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
        await runStage(db, env, parsed.data, enqueue);
        message.ack();
      } catch (err) {
        if (permanent(err)) {
          await failStage(db, parsed.data, err instanceof Error ? err.message : String(err));
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
      const service = { summary: 'summary', dub: 'dubbing' }[parsed.data.kind as string] ?? 'speech';
      await failStage(db, parsed.data, `The ${service} service did not respond after several tries.`);
    }
    message.ack();
  }
}
