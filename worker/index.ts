import type { MeetingRoom as Room } from '../durable-objects/MeetingRoom';
import type { PaymentOrder as Order } from '../durable-objects/PaymentOrder';
import { lazyDurableObject } from '../durable-objects/lazy-object';

/**
 * The Worker's main module: the API and assets, the queue consumers, the hourly housekeeping and the Durable
 * Object classes. Cloudflare limits the CPU a Worker's startup may take, and evaluating the code behind these
 * (every route, service, database table and request schema) took most of it, so each handler loads its code
 * on its first event (`import()`: kept in the one uploaded module, evaluated when first asked for) and the
 * first request pays for it instead (bench:startup). The engine's container, its pool and the screen codes are small
 * and load with the Worker.
 */
export { EngineContainer } from '../durable-objects/EngineContainer';
export { EnginePool } from '../durable-objects/EnginePool';
export { ScreenCodes } from '../durable-objects/ScreenCodes';

export const MeetingRoom = lazyDurableObject(
  async () => (await import('../durable-objects/MeetingRoom')).MeetingRoom,
  ['init', 'configure', 'stop', 'snapshot', 'fetch', 'webSocketMessage', 'webSocketClose', 'webSocketError', 'alarm'],
);
export type MeetingRoom = Room;
export const PaymentOrder = lazyDurableObject(async () => (await import('../durable-objects/PaymentOrder')).PaymentOrder, ['open', 'state', 'settle', 'alarm']);
export type PaymentOrder = Order;

export default {
  async fetch(request, env, ctx) {
    const { app } = await import('./app');
    return app.fetch(request, env, ctx);
  },
  async queue(batch, env) {
    const { WEBHOOKS_QUEUE, consumeWebhooks } = await import('../queues/webhooks');
    if (batch.queue === WEBHOOKS_QUEUE) return consumeWebhooks(batch, env);
    const { DEAD_JOBS_QUEUE, consumeDeadJobs, consumeJobs } = await import('../queues/jobs');
    await (batch.queue === DEAD_JOBS_QUEUE ? consumeDeadJobs(batch, env) : consumeJobs(batch, env));
  },
  // Hourly (wrangler.toml [triggers]): files uploaded but never submitted are removed after a day, dubbed
  // videos and the videos they were dubbed from after 7 days, transcribed uploads after ORIGINAL_RETENTION_DAYS if
  // set; ended meetings' WAVs once their compressed player audio is made; work past its deadline is resumed once,
  // then ended with its reason (queues/sweep.ts).
  async scheduled(_controller, env, ctx) {
    const [{ database }, { cleanupUploads }, { cleanupDubbing }, { cleanupOriginals, compressMeetingAudio }, { sweepJobs }, { queueSender }] =
      await Promise.all([
        import('./db/client'),
        import('./services/uploads'),
        import('./services/dubbing/download'),
        import('./services/transcription/retention'),
        import('../queues/sweep'),
        import('./services/jobs'),
      ]);
    const db = database(env.DB);
    ctx.waitUntil(
      Promise.all([
        cleanupUploads(db, env),
        cleanupDubbing(db, env),
        cleanupOriginals(db, env),
        compressMeetingAudio(db, env),
        sweepJobs(db, queueSender(env.JOBS), Date.now(), env),
      ]),
    );
  },
} satisfies ExportedHandler<Env>;
