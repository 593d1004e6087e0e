import type { JobMessage } from '../../contracts/jobs';

/**
 * What every job feature shares, and nothing of any feature: how messages are sent to the jobs queue and
 * how a stage says that retrying cannot help. Features import this leaf, never each other; they hand on
 * to the next feature by sending it a message (contracts/jobs.ts), and queues/jobs.ts routes each kind.
 */

export type Enqueue = (messages: JobMessage[]) => Promise<void>;

/** A failure that retrying cannot fix (unreadable media, unsupported language): the record shows its reason. */
export class JobFailure extends Error {}

/** Sends job messages (Queues takes at most 100 per batch). */
export function queueSender(queue: Queue<JobMessage>): Enqueue {
  return async (messages) => {
    for (let i = 0; i < messages.length; i += 100) {
      await queue.sendBatch(messages.slice(i, i + 100).map((body) => ({ body, contentType: 'json' as const })));
    }
  };
}
