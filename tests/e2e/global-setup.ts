import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { migrate, wranglerEnv } from '../../scripts/prepare.mjs';
import { startService } from '../../scripts/process.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** A port nothing listens on now, so the suite never collides with a running `npm start`. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs the real Worker under `wrangler dev` against its own fresh local state (the web build is done by npm test). */
export default async function setup(project: TestProject) {
  const state = '.wrangler/e2e-state';
  rmSync(state, { recursive: true, force: true });
  await migrate(state);
  const port = await freePort();
  const worker = await startService({
    name: 'worker',
    command: 'npx',
    args: ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', state, '--show-interactive-dev-session=false'],
    env: wranglerEnv,
    readyUrl: `http://127.0.0.1:${port}/`,
    log: false,
  });
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  return () => worker.stop();
}
