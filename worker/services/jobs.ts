import type { JobMessage } from '../../contracts/jobs';

/**
 * What every job feature shares, and nothing of any feature: how messages are sent to the jobs queue and
 * how a stage says that retrying cannot help. Features import this leaf, never each other; they hand on
 * to the next feature by sending it a message (contracts/jobs.ts), and queues/jobs.ts routes each kind.
 */

/** Sends messages, optionally delivered only after `delaySeconds`. */
export type Enqueue = (messages: JobMessage[], options?: { delaySeconds?: number }) => Promise<void>;

/** A failure that retrying cannot fix (unreadable media, unsupported language): the record shows its reason. */
export class JobFailure extends Error {}

/**
 * Not a failure: the stage's work is running elsewhere (an engine-side job) or the engine is full, so the same
 * message comes back after `seconds` to look again. It never counts as a retry, so a long render or a busy
 * engine cannot send a job to the dead-letter queue.
 */
export class JobWaiting extends Error {
  constructor(
    readonly seconds: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'JobWaiting';
  }
}

/** Queues deliver a delayed message at most 12 hours later; a wait is kept far below. */
const MAX_DELAY_SECONDS = 15 * 60;

/** Sends job messages (Queues takes at most 100 per batch). */
export function queueSender(queue: Queue<JobMessage>): Enqueue {
  return async (messages, options) => {
    const delaySeconds = options?.delaySeconds ? Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(options.delaySeconds))) : 0;
    for (let i = 0; i < messages.length; i += 100) {
      await queue.sendBatch(
        messages.slice(i, i + 100).map((body) => ({ body, contentType: 'json' as const })),
        delaySeconds ? { delaySeconds } : undefined,
      );
    }
  };
}
