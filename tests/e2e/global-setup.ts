import { mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../scripts/prepare.mjs';
import { freePort, startEngine, startWorker } from '../../scripts/services.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The suite's engine, for a test that runs a Worker of its own (e.g. with trial minutes on). */
    enginePort: number;
    /** Where the engine's and the Worker's output goes: a failing test prints the end of each. */
    serviceLogs: { engine: string; worker: string };
  }
}

/**
 * Runs the real engine and the real Worker under `wrangler dev` against fresh local state, exactly as
 * `npm start` does (the web build is done by npm test).
 */
export default async function setup(project: TestProject) {
  const state = '.wrangler/e2e-state';
  rmSync(state, { recursive: true, force: true });
  await migrate(state);
  const [port, enginePort] = [await freePort(), await freePort()];
  const logs = 'dist/e2e-logs';
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });
  const serviceLogs = { engine: `${logs}/engine.log`, worker: `${logs}/worker.log` };
  const engine = await startEngine({ port: enginePort, log: false, logFile: serviceLogs.engine });
  const worker = await startWorker({ port, enginePort, persistTo: state, log: false, logFile: serviceLogs.worker }).catch(async (error) => {
    await engine.stop();
    throw error;
  });
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  project.provide('enginePort', enginePort);
  project.provide('serviceLogs', serviceLogs);
  return async () => {
    await worker.stop();
    await engine.stop();
  };
}
