// Everything both `npm start` and `npm test` do after dependencies are installed: local secrets, binding
// types, local database migrations and the web build. Each step prints one line saying what it does and how
// long it usually takes, then how long it took, so a slow start is legible.
import { copyFileSync, existsSync } from 'node:fs';
import { run } from './process.mjs';

/** Environment for every wrangler call: no telemetry and no network look-ups on an offline machine. */
export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

/**
 * Runs one step between a line saying what it does (and roughly how long that takes) and its time taken.
 * @param {string} what
 * @param {() => Promise<unknown>} work
 */
async function step(what, work) {
  console.log(`• ${what}`);
  const start = Date.now();
  await work();
  console.log(`  done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

/** @param {{ persistTo?: string }} [options] where local D1 lives (wrangler's default when omitted) */
export async function prepare(options = {}) {
  if (!existsSync('.dev.vars')) {
    copyFileSync('.dev.vars.example', '.dev.vars');
    console.log('• created .dev.vars from .dev.vars.example');
  }
  await step('generating binding types (a few seconds)', () =>
    run('npx', ['wrangler', 'types', '--strict-vars=false', '--env-interface', 'Env', 'worker/worker-configuration.d.ts'], {
      env: wranglerEnv,
      quiet: true,
    }),
  );
  await migrate(options.persistTo);
  await step('building the web app (vite; under a minute)', () => run('npx', ['vite', 'build', '--logLevel', 'warn']));
}

/**
 * Applies D1 migrations to the local database.
 * @param {string} [persistTo] wrangler's state folder, when not its default
 */
export async function migrate(persistTo) {
  const args = ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'];
  if (persistTo) args.push('--persist-to', persistTo);
  await step(`applying database migrations${persistTo ? ` (${persistTo})` : ''} (under a minute)`, () =>
    run('npx', args, { env: { ...wranglerEnv, CI: 'true' }, quiet: true }),
  );
}
