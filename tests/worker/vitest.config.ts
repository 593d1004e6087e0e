import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { freePort } from '../../scripts/services.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig(async () => {
  // global-setup.ts starts the real engine on this port; the Worker under test calls it there.
  const enginePort = await freePort();
  process.env.TINGYI_TEST_ENGINE_PORT = String(enginePort);
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
            JWT_SECRET: 'worker-test-secret',
            // wrangler.toml defaults to production; tests that are about production pass it explicitly.
            ENVIRONMENT: 'development',
            ENGINE_URL: `http://127.0.0.1:${enginePort}`,
            // Short pieces, so the test meeting (about 25 s) fans out into several.
            TRANSCRIBE_PIECE_SECONDS: '8',
            // A host gone for a second pauses the meeting, so the grace-period test need not wait a minute.
            MEETING_HOST_GRACE_SECONDS: '1',
          },
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      setupFiles: ['tests/worker/apply-migrations.ts'],
      globalSetup: ['tests/worker/global-setup.ts'],
    },
  };
});
