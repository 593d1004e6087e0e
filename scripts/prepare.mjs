// Everything both `npm start` and `npm test` do after dependencies are installed: local secrets, binding
// types, local database migrations and the web build. Each step prints one line saying what it does and how
// long it usually takes, then how long it took, so a slow start is legible.
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
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
 *
 * A fresh (missing or empty) state folder (the tests' and benches' own, a dozen per `npm test`) gets a copy of one migrated
 * database instead: wrangler takes about 18 s to apply the migrations to an empty database, a copy a few
 * milliseconds. The copy is made once per set of migrations and wrangler.toml (which names the database's
 * file), so a new migration or another database makes a new one.
 * @param {string} [persistTo] wrangler's state folder, when not its default
 */
export async function migrate(persistTo) {
  if (persistTo && (!existsSync(persistTo) || readdirSync(persistTo).length === 0)) {
    const template = await migratedTemplate();
    cpSync(template, persistTo, { recursive: true });
    console.log(`• copied the migrated database into ${persistTo}`);
    return;
  }
  await applyMigrations(persistTo);
}

/** @param {string} [persistTo] */
async function applyMigrations(persistTo) {
  const args = ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'];
  if (persistTo) args.push('--persist-to', persistTo);
  await step(`applying database migrations${persistTo ? ` (${persistTo})` : ''} (under a minute)`, () =>
    run('npx', args, { env: { ...wranglerEnv, CI: 'true' }, quiet: true }),
  );
}

/** A state folder holding only the migrated database, made on first use; its name says what it was made from. */
async function migratedTemplate() {
  const digest = createHash('sha256').update(readFileSync('wrangler.toml'));
  for (const name of readdirSync('migrations').sort()) {
    if (name.endsWith('.sql')) digest.update(name).update(readFileSync(`migrations/${name}`));
  }
  const template = `.wrangler/migrated-${digest.digest('hex').slice(0, 16)}`;
  if (existsSync(template)) return template;
  // Made aside and renamed into place, so a concurrent run never copies a half-migrated database.
  const making = `${template}-${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  await applyMigrations(making);
  try {
    renameSync(making, template);
  } catch (error) {
    // Another run made it first: theirs is as good.
    if (!existsSync(template)) throw error;
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}
