import { defineConfig } from 'vitest/config';

// Engine tests drive real ffmpeg, PocketSphinx and Silero. Files run one after another: they are CPU-bound on
// two cores, and the streaming test measures timing that parallel files would distort.
export default defineConfig({
  test: {
    name: 'engine',
    environment: 'node',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/engine/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
