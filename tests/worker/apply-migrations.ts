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

// The Worker loads its code on first use (worker/index.ts); loaded here, before any test's clock starts, the
// first test of a file does not pay for transforming it all under the test runner.
await Promise.all([
  import('../../worker/app'),
  import('../../durable-objects/MeetingRoom'),
  import('../../durable-objects/PaymentOrder'),
  import('../../queues/jobs'),
]);
