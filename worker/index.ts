import { app } from './app';
import { database } from './db/client';
import { cleanupUploads } from './services/uploads';

export default {
  fetch: app.fetch,
  // Hourly (wrangler.toml [triggers]): files uploaded but never submitted are removed after a day.
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(cleanupUploads(database(env.DB), env));
  },
} satisfies ExportedHandler<Env>;
