import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Web unit and integration tests: jsdom gives the request layer real XHR (against a local node server),
// cookies and localStorage, and lets React components render.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['tests/web/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/web/helpers/setup.ts'],
    restoreMocks: true,
    // Rendering antd in jsdom is slow, and several times slower on a busy machine: a test's speed is not
    // what it checks (benchmarks under bench/ measure speed).
    testTimeout: 60_000,
    // Vitest's default on two cores is one file at a time, leaving a core idle: jsdom files are independent
    // (each its own fake API server on a free port), so run one per core.
    maxWorkers: Math.max(availableParallelism(), 2),
  },
});
