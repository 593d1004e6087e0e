import { applyD1Migrations } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import { env } from 'cloudflare:workers';

// Setup files run before each test file; applying is idempotent, so every file sees the full schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A development Worker counts every request as the one local client (worker/lib/client.ts), so each test
// starts with that client's rate limits fresh, as if an hour had passed; tests about limits hit them themselves.
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM rate_limits').run();
});
