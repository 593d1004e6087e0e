// Everything both `npm start` and `npm test` do after dependencies are installed: local secrets, binding
// types, local database migrations and the web build. Each step prints one line so a slow start is legible.
import { copyFileSync, existsSync } from 'node:fs';
import { run } from './process.mjs';

/** Environment for every wrangler call: no telemetry and no network look-ups on an offline machine. */
export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

/** @param {{ persistTo?: string }} [options] where local D1 lives (wrangler's default when omitted) */
export async function prepare(options = {}) {
  if (!existsSync('.dev.vars')) {
    copyFileSync('.dev.vars.example', '.dev.vars');
    console.log('• created .dev.vars from .dev.vars.example');
  }
  console.log('• generating binding types');
  await run('npx', ['wrangler', 'types', '--strict-vars=false', '--env-interface', 'Env', 'worker/worker-configuration.d.ts'], {
    env: wranglerEnv,
    quiet: true,
  });
  await migrate(options.persistTo);
  console.log('• building the web app');
  await run('npx', ['vite', 'build', '--logLevel', 'warn']);
}

/**
 * Applies D1 migrations to the local database.
 * @param {string} [persistTo] wrangler's state folder, when not its default
 */
export async function migrate(persistTo) {
  console.log(`• applying database migrations${persistTo ? ` (${persistTo})` : ''}`);
  const args = ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'];
  if (persistTo) args.push('--persist-to', persistTo);
  await run('npx', args, { env: { ...wranglerEnv, CI: 'true' }, quiet: true });
}
