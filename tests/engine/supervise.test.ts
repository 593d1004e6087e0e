/**
 * `npm start` keeps the engine running as the container platform does (scripts/process.mjs, supervise): a service
 * that dies is started again and the log says so; stopping it (Ctrl-C) ends it for good. The supervised service
 * here is a small server that answers its process id, so a restart is seen as a new one answering.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startService, supervise } from '../../scripts/process.mjs';
import { freePort } from '../../scripts/services.mjs';
import { until } from './object-store';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

describe('the supervised engine process', () => {
  it('is started again after it is killed, saying so, and stays stopped once stopped', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const server = `require('node:http').createServer((q, s) => s.end(String(process.pid))).listen(${port}, '127.0.0.1')`;
    const start = () => startService({ name: 'pid-server', command: process.execPath, args: ['-e', server], readyUrl: url, log: false });
    const lines: string[] = [];
    const supervised = await supervise('engine', start, { log: (line: string) => lines.push(line), firstDelayMs: 50 });
    cleanup = () => supervised.stop();
    const answer = async () => (await fetch(url).catch(() => null))?.text();

    const first = await answer();
    expect(first).toBe(String(supervised.child.pid));
    supervised.child.kill('SIGKILL');
    // The new process may answer a moment before the supervisor, polling its readiness, says it restarted.
    const second = await until(async () => {
      const pid = await answer();
      return pid && pid !== first && lines.length === 2 ? pid : undefined;
    });
    expect(second).toBe(String(supervised.child.pid));
    expect(lines).toEqual(['[engine] exited (SIGKILL); restarting in 0.05 s', '[engine] restarted']);

    const last = supervised.child;
    await supervised.stop();
    expect(last.exitCode !== null || last.signalCode !== null).toBe(true);
    expect(lines).toHaveLength(2);
  });
});
