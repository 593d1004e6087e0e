// Child-process helpers shared by the dev runner, the test runner and the end-to-end server.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

/**
 * Runs a command to completion. With `quiet`, output is kept and shown only if the command fails, so a
 * normal start stays short but a failure still explains itself.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, quiet?: boolean }} [options]
 * @returns {Promise<number>} the exit code (0); rejects on failure
 */
export function run(command, args, { env = process.env, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(0);
      if (quiet) process.stderr.write(output);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/**
 * Starts a long-running service in its own process group (so stopping it stops its children too, such
 * as workerd under wrangler) and resolves once `readyUrl` answers. Its output goes to standard output with
 * `log`, and is appended to `logFile` when given (the end-to-end tests print its tail when a test fails).
 * @param {{ name: string, command: string, args: string[], env?: NodeJS.ProcessEnv, readyUrl: string, timeoutMs?: number, log?: boolean, logFile?: string }} options
 */
export async function startService({ name, command, args, env = process.env, readyUrl, timeoutMs = 60_000, log = true, logFile }) {
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (/** @type {Buffer} */ d) => {
    output = (output + d).slice(-20_000);
    if (log) process.stdout.write(`[${name}] ${d}`);
    if (logFile) appendFileSync(logFile, d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 250))]);
    if (code !== undefined) throw new Error(`${name} exited with ${code} before it was ready:\n${output}`);
    try {
      const response = await fetch(readyUrl);
      if (response.status < 500) return { child, stop: () => stopGroup(child, exited) };
    } catch {
      // not listening yet
    }
  }
  await stopGroup(child, exited);
  throw new Error(`${name} was not ready at ${readyUrl} within ${timeoutMs / 1000} s:\n${output}`);
}

/** Stops a detached child's whole process group: SIGTERM, then SIGKILL if it lingers. */
async function stopGroup(/** @type {import('node:child_process').ChildProcess} */ child, /** @type {Promise<unknown>} */ exited) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const signal = (/** @type {NodeJS.Signals} */ s) => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), s);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Keeps a service running as a container platform would: when it exits without being asked to (a crash, a kill),
 * it is started again after a pause that doubles with each failure in a row (from `firstDelayMs` up to 30 s; a run
 * that lasted a minute starts the count afresh), and the log says so. `stop` ends it for good, also while a restart
 * is pending. The first start's failure is thrown, as startService's is.
 * @param {string} name
 * @param {() => Promise<{ child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>} start
 * @param {{ log?: (line: string) => void, firstDelayMs?: number }} [options]
 */
export async function supervise(name, start, { log = console.log, firstDelayMs = 1000 } = {}) {
  const maxDelayMs = 30_000;
  let current = await start();
  let stopped = false;
  let delay = firstDelayMs;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const restart = () => {
    timer = setTimeout(async () => {
      try {
        const service = await start();
        if (stopped) return void (await service.stop());
        current = service;
        log(`[${name}] restarted`);
        watch(service);
      } catch (error) {
        log(`[${name}] did not start again: ${error instanceof Error ? error.message.split('\n')[0] : error}; next try in ${delay / 1000} s`);
        restart();
      }
    }, delay);
    delay = Math.min(2 * delay, maxDelayMs);
  };
  const watch = (/** @type {typeof current} */ service) => {
    const startedAt = Date.now();
    const exited = (/** @type {number | null} */ code, /** @type {NodeJS.Signals | null} */ signal) => {
      if (stopped) return;
      if (Date.now() - startedAt > 60_000) delay = firstDelayMs;
      log(`[${name}] exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s`);
      restart();
    };
    if (service.child.exitCode !== null || service.child.signalCode !== null) exited(service.child.exitCode, service.child.signalCode);
    else service.child.once('exit', exited);
  };
  watch(current);
  return {
    /** The running process (a new one after each restart). */
    get child() {
      return current.child;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current.stop();
    },
  };
}
