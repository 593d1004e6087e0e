// `npm run admin -- COMMAND [options]`: creates packages and mints card codes in the local database (or
// the deployed one with --remote), so a fresh install can give itself minutes to try every feature.
//
//   package:create --type 3 --name "10 hours" --hours 10 [--price 99] [--org-price 129] [--period 1] [--unit 1|2|3]
//   package:text --package ID --locale zh-CN|zh-TW|en-US --name "转写时长 10 小时" [--description "…"]
//   package:list
//   card:mint --package ID [--count 1]
//
// --type: 1 SVIP, 2 VIP, 3 duration, 5 AI voiceover. --unit: 1 year, 2 month (default), 3 day.
// package:text sets (or replaces) a package's name and description in one interface language; the pay dialog
// and bills show them to buyers of that language, and the package's own --name where a language has none.
// --persist-to DIR targets a wrangler state folder other than the default.
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { wranglerEnv } from './prepare.mjs';

/** The interface languages (contracts/locale.ts). */
const LOCALES = ['zh-CN', 'zh-TW', 'en-US'];

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    type: { type: 'string' },
    name: { type: 'string' },
    hours: { type: 'string', default: '0' },
    price: { type: 'string', default: '0' },
    'org-price': { type: 'string' },
    period: { type: 'string', default: '1' },
    unit: { type: 'string', default: '2' },
    package: { type: 'string' },
    locale: { type: 'string' },
    description: { type: 'string', default: '' },
    count: { type: 'string', default: '1' },
    remote: { type: 'boolean', default: false },
    'persist-to': { type: 'string' },
  },
});

/** Attempts at a statement the running local Worker keeps locked out of its database (SQLITE_BUSY). */
const BUSY_ATTEMPTS = 6;

/**
 * Runs SQL through wrangler against the chosen database and returns the result rows. The local database is
 * shared with a running `npm start`, which can hold its lock for a moment; a locked statement did not run,
 * so it is simply sent again a little later.
 */
function query(/** @type {string} */ sql) {
  const args = ['wrangler', 'd1', 'execute', 'DB', values.remote ? '--remote' : '--local', '--json', '--command', sql];
  if (values['persist-to']) args.push('--persist-to', values['persist-to']);
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync('npx', args, { env: wranglerEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return JSON.parse(out).flatMap((/** @type {{ results: Record<string, unknown>[] }} */ r) => r.results);
    } catch (error) {
      const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
      // wrangler reports the lock on stderr or, with --json, as the error it prints on stdout.
      if (attempt >= BUSY_ATTEMPTS || !/SQLITE_BUSY|database is locked/.test(stdout + stderr)) {
        process.stderr.write(stderr + stdout);
        throw error;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
    }
  }
}

const quote = (/** @type {string} */ s) => `'${s.replace(/'/g, "''")}'`;
const int = (/** @type {string | undefined} */ v, /** @type {string} */ name) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${v}`);
  return n;
};
const fen = (/** @type {string} */ yuan) => Math.round(Number(yuan) * 100);

/** 16 characters without look-alikes (no 0/O, 1/I/L), in groups of four. */
function cardCode() {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const chars = Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]);
  return chars.join('').match(/.{4}/g)?.join('-') ?? '';
}

const commands = {
  'package:create'() {
    if (!['1', '2', '3', '5'].includes(values.type ?? '')) throw new Error('--type must be 1 (SVIP), 2 (VIP), 3 (duration) or 5 (AI voiceover)');
    if (!values.name) throw new Error('--name is required');
    const seconds = Math.round(Number(values.hours) * 3600);
    const [row] = query(
      `INSERT INTO packages (package_type, package_name, price_fen, org_price_fen, valid_period, valid_period_unit, seconds, created_at)
       VALUES (${quote(values.type ?? '')}, ${quote(values.name)}, ${fen(values.price)}, ${fen(values['org-price'] ?? values.price)},
               ${int(values.period, 'period')}, ${int(values.unit, 'unit')}, ${seconds}, ${Date.now()}) RETURNING id`,
    );
    console.log(`Created package ${row.id}: ${values.name}`);
  },
  'package:text'() {
    const packageId = int(values.package, 'package');
    if (!LOCALES.includes(values.locale ?? '')) throw new Error(`--locale must be one of ${LOCALES.join(', ')}`);
    if (!values.name) throw new Error('--name is required');
    if (!query(`SELECT id FROM packages WHERE id = ${packageId}`).length) throw new Error(`No package ${packageId}; see package:list`);
    query(
      `INSERT INTO package_texts (package_id, locale, name, description) VALUES (${packageId}, ${quote(values.locale ?? '')}, ${quote(values.name)}, ${quote(values.description)})
       ON CONFLICT (package_id, locale) DO UPDATE SET name = excluded.name, description = excluded.description`,
    );
    console.log(`Package ${packageId} in ${values.locale}: ${values.name}`);
  },
  'package:list'() {
    const names = LOCALES.map((l) => `(SELECT name FROM package_texts WHERE package_id = p.id AND locale = '${l}') AS "${l}"`).join(', ');
    console.table(query(`SELECT id, package_type, package_name, ${names}, price_fen, valid_period, valid_period_unit, seconds FROM packages p ORDER BY id`));
  },
  'card:mint'() {
    const packageId = int(values.package, 'package');
    if (!query(`SELECT id FROM packages WHERE id = ${packageId}`).length) throw new Error(`No package ${packageId}; see package:list`);
    const codes = Array.from({ length: int(values.count, 'count') }, cardCode);
    const now = Date.now();
    query(`INSERT INTO card_codes (code, package_id, created_at) VALUES ${codes.map((c) => `(${quote(c)}, ${packageId}, ${now})`).join(', ')}`);
    for (const code of codes) console.log(code);
  },
};

const command = /** @type {keyof typeof commands} */ (positionals[0]);
if (!commands[command]) {
  console.error(`Usage: npm run admin -- ${Object.keys(commands).join(' | ')} [options]  (see scripts/admin.mjs)`);
  process.exit(1);
}
try {
  commands[command]();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
