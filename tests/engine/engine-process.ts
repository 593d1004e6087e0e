/**
 * The real engine as its own process (`node --import tsx engine/main.ts`, as `npm start` and the container run
 * it) on a free port, so a test can send it the signals a platform sends: SIGTERM on a rollout, SIGKILL when it
 * evicts or crashes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ENGINE_PATHS } from '../../contracts/engine';
import { SECRET } from './helpers';
import { until } from './object-store';

export interface EngineProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** What it printed so far. */
  output(): string;
  /** Sends `signal` to the engine and the processes it started (its decoders), as a container's end would. */
  signal(signal: NodeJS.Signals): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts an engine process with `env` on top of the test's own, and resolves once its health answers. */
export async function startEngineProcess(env: Record<string, string> = {}): Promise<EngineProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'engine/main.ts'], {
    env: { ...process.env, ENGINE_SECRET: SECRET, ENGINE_PORT: String(port), ENGINE_HOST: '127.0.0.1', ENGINE_ASR_WORKERS: '1', ...env },
    // Its own process group: a signal to the group reaches its decoder processes too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (gone) throw new Error(`the engine exited before it was ready:\n${output}`);
    const res = await fetch(url + ENGINE_PATHS.health).catch(() => null);
    return res?.ok ? true : undefined;
  });
  return {
    url,
    child,
    exited,
    output: () => output,
    signal: (signal) => {
      try {
        if (signal === 'SIGKILL') process.kill(-child.pid!, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    },
  };
}
