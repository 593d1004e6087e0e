import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig(async () => ({
  root,
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${root}/wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
          JWT_SECRET: 'worker-test-secret',
          ENGINE_SECRET: 'worker-test-engine-secret',
        },
      },
    }),
  ],
  test: {
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/apply-migrations.ts'],
  },
}));
