import { DEAD_JOBS_QUEUE, consumeDeadJobs, consumeJobs } from '../queues/jobs';
import { app } from './app';
import { database } from './db/client';
import { cleanupUploads } from './services/uploads';

export { MeetingRoom } from '../durable-objects/MeetingRoom';
export { PaymentOrder } from '../durable-objects/PaymentOrder';
export { ScreenCodes } from '../durable-objects/ScreenCodes';

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await (batch.queue === DEAD_JOBS_QUEUE ? consumeDeadJobs(batch, env) : consumeJobs(batch, env));
  },
  // Hourly (wrangler.toml [triggers]): files uploaded but never submitted are removed after a day.
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(cleanupUploads(database(env.DB), env));
  },
} satisfies ExportedHandler<Env>;
