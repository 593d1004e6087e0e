import { DEAD_JOBS_QUEUE, consumeDeadJobs, consumeJobs } from '../queues/jobs';
import { app } from './app';
import { database } from './db/client';
import { cleanupDubbing } from './services/dubbing/download';
import { cleanupUploads } from './services/uploads';

export { EngineContainer } from '../durable-objects/EngineContainer';
export { MeetingRoom } from '../durable-objects/MeetingRoom';
export { PaymentOrder } from '../durable-objects/PaymentOrder';
export { ScreenCodes } from '../durable-objects/ScreenCodes';

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await (batch.queue === DEAD_JOBS_QUEUE ? consumeDeadJobs(batch, env) : consumeJobs(batch, env));
  },
  // Hourly (wrangler.toml [triggers]): files uploaded but never submitted are removed after a day, dubbed
  // videos and the videos they were dubbed from after 7 days.
  async scheduled(_controller, env, ctx) {
    const db = database(env.DB);
    ctx.waitUntil(Promise.all([cleanupUploads(db, env), cleanupDubbing(db, env)]));
  },
} satisfies ExportedHandler<Env>;
