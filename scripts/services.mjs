// The two long-running parts of Tingyi, started the same way by `npm start` and by the end-to-end tests.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseEnv } from 'node:util';
import { wranglerEnv } from './prepare.mjs';
import { startService } from './process.mjs';

/** The shared Worker ↔ engine secret, from the local secrets file the Worker also reads. */
const engineSecret = () => parseEnv(readFileSync('.dev.vars', 'utf8')).ENGINE_SECRET ?? '';

/**
 * A port nothing listens on now, so test runs never collide with a running `npm start`.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * A development engine: it may run on .dev.vars's example secret, or on `secret` (the Worker suite's fresh one).
 * @param {{ port: number, log?: boolean, logFile?: string, secret?: string }} options
 */
export function startEngine({ port, log = true, logFile, secret = engineSecret() }) {
  return startService({
    name: 'engine',
    command: process.execPath,
    args: ['--import', 'tsx', 'engine/main.ts'],
    env: { ...process.env, ENGINE_PORT: String(port), ENGINE_SECRET: secret, ENVIRONMENT: 'development' },
    readyUrl: `http://127.0.0.1:${port}/v1/health`,
    timeoutMs: 120_000,
    log,
    logFile,
  });
}

/**
 * @param {{ port: number, enginePort: number, persistTo?: string, log?: boolean, logFile?: string, vars?: Record<string, string> }} options
 * `vars`: further wrangler.toml variables to override, e.g. TRIAL_MINUTES.
 */
export async function startWorker({ port, enginePort, persistTo, log = true, logFile, vars = {} }) {
  // wrangler.toml defaults to production; the local Worker is the development one, at the address it listens
  // on (not the deployment's PUBLIC_ORIGIN). --local: Workers AI has no local simulation, and a remote
  // binding would need a Cloudflare login and the network.
  const args = [
    'wrangler',
    'dev',
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    // wrangler's own pick of a debugger port can collide with another Worker starting on the machine at once.
    '--inspector-port',
    String(await freePort()),
    '--var',
    `ENGINE_URL:http://127.0.0.1:${enginePort}`,
    '--var',
    'ENVIRONMENT:development',
    '--var',
    'PUBLIC_ORIGIN:',
    // Where the engine reaches this Worker's development S3 route for media that queue jobs hand it.
    '--var',
    `DEV_ORIGIN:http://127.0.0.1:${port}`,
    ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
  ];
  if (persistTo) args.push('--persist-to', persistTo, '--show-interactive-dev-session=false');
  return startService({ name: 'worker', command: 'npx', args, env: wranglerEnv, readyUrl: `http://127.0.0.1:${port}/`, log, logFile });
}
