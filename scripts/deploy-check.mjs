// `npm run deploy`: checks that a deployment can work before anything is uploaded, then builds the web app and
// runs `wrangler deploy`. It refuses, with one list naming every problem, while wrangler.toml still holds a
// placeholder, lacks a binding the code uses, Cloudflare lacks a secret the Worker needs, or the engine cannot
// be had: its Container (ENGINE_URL empty) is declared incompletely or its image cannot be built, or the engine
// at ENGINE_URL does not answer or lets in the example secret, the R2 bucket has no CORS rule for the site's uploads,
// or the remote database lacks a migration. A secret in wrangler.toml's [vars] is refused, and an engine at a public
// address is warned about. The engine is checked whatever the *_PROVIDER settings say: every upload is probed there.
//   node scripts/deploy-check.mjs [--config wrangler.toml] [--skip-build] [any `wrangler deploy` flag, e.g. --dry-run]
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { unstable_readConfig } from 'wrangler';
import { wranglerEnv } from './prepare.mjs';

/** The database id wrangler.toml ships with, standing for the one `wrangler d1 create tingyi` prints. */
const PLACEHOLDER_DATABASE_ID = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** ENGINE_PATHS.health (contracts/engine.ts): the engine's one unauthenticated call, as this script cannot know ENGINE_SECRET. */
const HEALTH_PATH = '/v1/health';
/** ENGINE_PATHS.capabilities: a call the engine answers only with its secret. */
const CAPABILITIES_PATH = '/v1/capabilities';
/** The Worker's and the engine's shared secrets (contracts/secrets.ts, which holds the same rule). */
const SHARED_SECRETS = ['JWT_SECRET', 'ENGINE_SECRET'];
const MIN_SECRET_BYTES = 32;

/** The secrets anyone who has read this repository knows: every value .dev.vars.example gives. */
function exampleSecrets() {
  const example = parseEnv(readFileSync(new URL('../.dev.vars.example', import.meta.url), 'utf8'));
  return [...new Set(Object.values(example).filter((value) => value && value !== 'development'))];
}
const ENGINE_TIMEOUT_MS = 10_000;
/** The engine Container's binding and class (wrangler.toml, durable-objects/EngineContainer.ts). */
const ENGINE_BINDING = 'ENGINE';
const ENGINE_CLASS = 'EngineContainer';

/** @typedef {ReturnType<typeof unstable_readConfig>} Config */
/** @typedef {{ binding?: string }} Binding */

/** Every binding the code uses, and the wrangler.toml section that declares it. */
const BINDINGS = /** @type {[string, string, (c: Config) => (string | undefined)[]][]} */ ([
  ['DB', '[[d1_databases]]', (c) => c.d1_databases.map((/** @type {Binding} */ b) => b.binding)],
  ['MEDIA', '[[r2_buckets]]', (c) => c.r2_buckets.map((/** @type {Binding} */ b) => b.binding)],
  ['JOBS', '[[queues.producers]]', (c) => (c.queues.producers ?? []).map((/** @type {Binding} */ b) => b.binding)],
  ['WEBHOOKS', '[[queues.producers]]', (c) => (c.queues.producers ?? []).map((/** @type {Binding} */ b) => b.binding)],
  ['MEETING_ROOM', '[[durable_objects.bindings]]', (c) => c.durable_objects.bindings.map((/** @type {{ name: string }} */ b) => b.name)],
  ['SCREEN_CODES', '[[durable_objects.bindings]]', (c) => c.durable_objects.bindings.map((/** @type {{ name: string }} */ b) => b.name)],
  ['PAYMENT_ORDER', '[[durable_objects.bindings]]', (c) => c.durable_objects.bindings.map((/** @type {{ name: string }} */ b) => b.name)],
  ['ENGINE_POOL', '[[durable_objects.bindings]]', (c) => c.durable_objects.bindings.map((/** @type {{ name: string }} */ b) => b.name)],
  ['ASSETS', '[assets]', (c) => [c.assets?.binding]],
  ['AI', '[ai]', (c) => [c.ai?.binding]],
]);

/** Secrets no deployment works without (docs/configuration.md), with what each holds. */
const REQUIRED_SECRETS = {
  JWT_SECRET: 'at least 32 random bytes, e.g. the output of `openssl rand -base64 48`',
  ENGINE_SECRET: 'the secret the engine runs with, at least 32 random bytes as well',
  R2_ACCESS_KEY_ID: 'an R2 API token with object read & write on the bucket',
  R2_SECRET_ACCESS_KEY: "that token's secret",
};

/** Optional features: all of a group's names set (as vars or secrets), or none; a partial one stays hidden. */
const FEATURES = {
  'Email codes': ['RESEND_API_KEY', 'EMAIL_FROM'],
  'SMS codes': ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
  'WeChat sign-in': ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET', 'WECHAT_MP_TOKEN'],
  'Google sign-in': ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  Turnstile: ['TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET_KEY'],
  'WeChat Pay': [
    'WECHAT_PAY_MCH_ID',
    'WECHAT_PAY_APP_ID',
    'WECHAT_PAY_MCH_SERIAL',
    'WECHAT_PAY_PRIVATE_KEY',
    'WECHAT_PAY_API_V3_KEY',
    'WECHAT_PAY_PUBLIC_KEY',
    'WECHAT_PAY_PUBLIC_KEY_ID',
  ],
  Alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  PayPal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
};

const PROVIDER_SETTINGS = ['ASR_PROVIDER', 'STREAM_PROVIDER', 'TRANSLATE_PROVIDER', 'SUMMARY_PROVIDER'];

/** Host names that mean "this machine": a Worker on Cloudflare reaches none of them. */
const isLoopback = (/** @type {string} */ host) => /^(localhost|.*\.localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1?\])$/i.test(host);

/** @param {string} value */
function httpUrl(value) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * ENGINE_URL as a Worker on Cloudflare could reach it, why it cannot be, or null: empty, the engine is the
 * ENGINE Container (engineContainerProblems).
 * @param {Config} config
 * @returns {{ url: string } | { problem: string } | null}
 */
function engineAddress(config) {
  const value = typeof config.vars?.ENGINE_URL === 'string' ? config.vars.ENGINE_URL.trim() : '';
  if (!value) return null;
  const url = httpUrl(value);
  if (!url)
    return {
      problem: `wrangler.toml [vars] ENGINE_URL "${value}" is not an http(s) address; set the engine's address, or leave it empty for the engine Container`,
    };
  if (isLoopback(url.hostname)) {
    return {
      problem: `wrangler.toml [vars] ENGINE_URL is ${url.origin}, this machine's own address, which a Worker on Cloudflare cannot reach; set the engine's public address, e.g. https://engine.example.com`,
    };
  }
  return { url: value };
}

/**
 * What wrangler.toml still lacks for production.
 * @param {Config} config
 * @returns {string[]}
 */
function configProblems(config) {
  const problems = [];
  const vars = /** @type {Record<string, unknown>} */ (config.vars ?? {});
  const text = (/** @type {string} */ name) => (typeof vars[name] === 'string' ? /** @type {string} */ (vars[name]).trim() : '');

  for (const [name, section, declared] of BINDINGS) {
    if (!declared(config).includes(name)) problems.push(`binding ${name} is not declared in wrangler.toml (${section}); the code uses it`);
  }
  const db = config.d1_databases.find((/** @type {Binding} */ b) => b.binding === 'DB');
  if (db && (!db.database_id || db.database_id === PLACEHOLDER_DATABASE_ID || !UUID.test(db.database_id))) {
    problems.push(
      'wrangler.toml [[d1_databases]] DB: database_id is still the placeholder; create the database with `npx wrangler d1 create tingyi` and put the id it prints there',
    );
  }

  if (text('ENVIRONMENT') !== 'production') {
    problems.push(`wrangler.toml [vars] ENVIRONMENT is "${text('ENVIRONMENT')}"; a deployment runs "production" (development answers development-only routes)`);
  }
  const origin = httpUrl(text('PUBLIC_ORIGIN'));
  if (!text('PUBLIC_ORIGIN')) {
    problems.push("wrangler.toml [vars] PUBLIC_ORIGIN is empty; set the site's address, e.g. https://tingyi.example.com (uploads answer 503 without it)");
  } else if (origin?.protocol !== 'https:' || origin.origin !== text('PUBLIC_ORIGIN').replace(/\/$/, '')) {
    problems.push(`wrangler.toml [vars] PUBLIC_ORIGIN "${text('PUBLIC_ORIGIN')}" is not an https address without a path, e.g. https://tingyi.example.com`);
  }
  if (!/^[0-9a-f]{32}$/i.test(text('R2_ACCOUNT_ID'))) {
    problems.push(
      `wrangler.toml [vars] R2_ACCOUNT_ID is ${text('R2_ACCOUNT_ID') ? `"${text('R2_ACCOUNT_ID')}", not an account id` : 'empty'}; set the Cloudflare account id (32 hex digits, shown by \`npx wrangler whoami\`) whose R2 holds the bucket`,
    );
  }
  const bucket = config.r2_buckets.find((/** @type {Binding} */ b) => b.binding === 'MEDIA')?.bucket_name;
  if (bucket && text('R2_BUCKET_NAME') !== bucket) {
    problems.push(
      `wrangler.toml [vars] R2_BUCKET_NAME "${text('R2_BUCKET_NAME')}" differs from the MEDIA bucket "${bucket}"; presigned URLs would name the wrong bucket`,
    );
  }
  for (const name of SHARED_SECRETS) {
    if (!text(name)) continue;
    const example = exampleSecrets().includes(text(name));
    problems.push(
      `wrangler.toml [vars] holds ${name}${example ? ', the example value from .dev.vars.example,' : ''} in plain text; remove it and set a long random one with \`npx wrangler secret put ${name}\``,
    );
  }
  const engine = engineAddress(config);
  if (engine === null) problems.push(...engineContainerProblems(config, text('ENGINE_MAX_INSTANCES')));
  else if ('problem' in engine) problems.push(engine.problem);
  for (const name of PROVIDER_SETTINGS) {
    const choice = text(name) || 'engine';
    if (choice !== 'engine' && choice !== 'workers-ai') problems.push(`wrangler.toml [vars] ${name} is "${choice}"; it must be "engine" or "workers-ai"`);
  }
  return problems;
}

/**
 * What the engine Container lacks: the ENGINE binding to its class, the class's migration, its
 * [[containers]] entry, and instances enough for ENGINE_MAX_INSTANCES.
 * @param {Config} config
 * @param {string} instances ENGINE_MAX_INSTANCES
 * @returns {string[]}
 */
function engineContainerProblems(config, instances) {
  const binding = config.durable_objects.bindings.find((/** @type {{ name: string }} */ b) => b.name === ENGINE_BINDING);
  if (!binding) {
    return [
      `binding ${ENGINE_BINDING} is not declared in wrangler.toml ([[durable_objects.bindings]] with class_name "${ENGINE_CLASS}"); with ENGINE_URL empty the Worker reaches the engine through it`,
    ];
  }
  const problems = [];
  const migrated = config.migrations.some((/** @type {{ new_sqlite_classes?: string[] }} */ m) => m.new_sqlite_classes?.includes(binding.class_name));
  if (!migrated)
    problems.push(`wrangler.toml has no [[migrations]] entry with new_sqlite_classes = ["${binding.class_name}"]; the engine's Durable Object needs it`);
  const container = (config.containers ?? []).find((/** @type {{ class_name: string }} */ c) => c.class_name === binding.class_name);
  if (!container) {
    problems.push(`wrangler.toml declares no [[containers]] entry for class_name "${binding.class_name}"; the engine has no image to run`);
    return problems;
  }
  const wanted = Number(instances);
  if (!Number.isInteger(wanted) || wanted < 1) {
    problems.push(`wrangler.toml [vars] ENGINE_MAX_INSTANCES is "${instances}"; set how many engine instances may run at once (a whole number from 1)`);
  } else if (container.max_instances !== undefined && wanted > container.max_instances) {
    problems.push(
      `wrangler.toml [vars] ENGINE_MAX_INSTANCES is ${wanted} but [[containers]] max_instances is ${container.max_instances}; work placed on the instances past it would be refused`,
    );
  }
  return problems;
}

/**
 * Whether `wrangler deploy` can build the engine image: an image given as a Dockerfile is built with Docker on
 * this machine (an image already pushed, given by its registry reference, needs nothing here).
 * @param {Config} config
 * @returns {Promise<string | null>}
 */
async function imageProblem(config) {
  const dockerfiles = (config.containers ?? []).map((/** @type {{ image: string }} */ c) => c.image).filter((/** @type {string} */ image) => existsSync(image));
  if (dockerfiles.length === 0) return null;
  const docker = process.env.WRANGLER_DOCKER_BIN || 'docker';
  try {
    await promisify(execFile)(docker, ['info'], { timeout: ENGINE_TIMEOUT_MS });
    return null;
  } catch {
    return `Docker is not running here (\`${docker} info\` failed), and \`wrangler deploy\` builds the engine image from ${dockerfiles.join(', ')} with it; start Docker, or push the image from a machine that has it (\`docker build -f engine/Dockerfile -t tingyi-engine:VERSION . && npx wrangler containers push tingyi-engine:VERSION\`) and set [[containers]] image to the reference it prints`;
  }
}

/**
 * What the Worker's secrets lack: the required ones, and features only partly configured.
 * @param {Config} config
 * @param {string[]} secrets names Cloudflare holds for the Worker
 */
function secretProblems(config, secrets) {
  const held = new Set(secrets);
  const vars = /** @type {Record<string, unknown>} */ (config.vars ?? {});
  const set = (/** @type {string} */ name) => held.has(name) || (typeof vars[name] === 'string' && vars[name] !== '');
  const problems = Object.entries(REQUIRED_SECRETS)
    .filter(([name]) => !held.has(name))
    .map(([name, what]) => `secret ${name} is not set: \`npx wrangler secret put ${name}\` (${what})`);
  for (const [feature, names] of Object.entries(FEATURES)) {
    const present = names.filter(set);
    if (present.length > 0 && present.length < names.length) {
      const missing = names.filter((n) => !set(n));
      problems.push(
        `${feature} is only partly configured (${present.join(', ')} set; ${missing.join(', ')} not), so it stays hidden: set the rest or unset these`,
      );
    }
  }
  return problems;
}

/**
 * What a wrangler command printed, or why it failed in wrangler's own words.
 * @param {string[]} args
 * @param {string} configPath
 * @returns {Promise<{ stdout: string } | { failure: string, output: string }>}
 */
async function wrangler(args, configPath) {
  try {
    const { stdout } = await promisify(execFile)('npx', ['wrangler', ...args, '--config', configPath], { env: wranglerEnv, maxBuffer: 1 << 20 });
    return { stdout };
  } catch (failure) {
    const error = /** @type {{ stdout?: string, stderr?: string, message?: string }} */ (failure);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: wrangler colours its errors
    const output = `${error?.stdout ?? ''}\n${error?.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
    const reason = output.match(/\[ERROR\]\s*(.+)/)?.[1] ?? String(error?.message ?? error);
    return { failure: `npx wrangler ${args.slice(0, 3).join(' ')}: ${reason.trim()}`, output };
  }
}

/**
 * The secret names Cloudflare holds for the Worker, from `wrangler secret list`.
 * @param {string} configPath
 * @returns {Promise<{ names: string[] } | { problem: string }>}
 */
async function listSecrets(configPath) {
  const listed = await wrangler(['secret', 'list', '--format', 'json'], configPath);
  if ('stdout' in listed) {
    const list = /** @type {{ name: string }[]} */ (JSON.parse(listed.stdout.slice(listed.stdout.indexOf('['))));
    return { names: list.map((s) => s.name) };
  }
  // No Worker of that name yet (Cloudflare's error 10007, in wrangler's words): no secret is set.
  if (/Worker ".+" not found\./.test(listed.output)) return { names: [] };
  return { problem: `the Worker's secrets could not be listed (${listed.failure})` };
}

/** What browsers need of the bucket's CORS rules to PUT upload parts to R2 from the site and read each part's ETag. */
const CORS_NEEDS = { methods: ['PUT', 'GET', 'HEAD'], headers: ['content-type'], expose: ['etag'] };

/**
 * Whether the MEDIA bucket lets the site's browsers upload (docs/deploy.md, step 4): with no
 * such rule every upload fails in the browser while the server sees nothing. When a rule is missing, the rule to
 * set is written to a file and the problem gives the command. A check that cannot run (a token without R2
 * read) is a warning: the deploy itself does not depend on it.
 * @param {string} configPath @param {string} bucket @param {string} origin PUBLIC_ORIGIN
 * @returns {Promise<{ problem?: string, warning?: string }>}
 */
async function corsCheck(configPath, bucket, origin) {
  const listed = await wrangler(['r2', 'bucket', 'cors', 'list', bucket], configPath);
  // R2 answers a bucket that never had a rule with its error 10059 rather than an empty list.
  const none = !('stdout' in listed) && /CORS configuration does not exist|\b10059\b/.test(listed.output);
  if (!('stdout' in listed) && !none)
    return { warning: `the R2 bucket's CORS rules could not be read (${listed.failure}); check them by hand (docs/deploy.md, step 4)` };
  const printed = 'stdout' in listed ? listed.stdout : '';
  // wrangler prints each rule as "label:  value, value" lines, rules apart by a blank line.
  const rules = printed.split(/\n\s*\n/).map((block) =>
    Object.fromEntries(
      [...block.matchAll(/^(\w+):\s+(.*)$/gm)].map(([, label, value = '']) => [
        label,
        value
          .split(',')
          .map((v) => v.trim().toLowerCase())
          .filter(Boolean),
      ]),
    ),
  );
  const allows = (/** @type {string[] | undefined} */ list, /** @type {string} */ value) => !!list && (list.includes(value) || list.includes('*'));
  const fits = rules.some(
    (rule) =>
      allows(rule.allowed_origins, origin.toLowerCase()) &&
      CORS_NEEDS.methods.every((m) => allows(rule.allowed_methods, m.toLowerCase())) &&
      CORS_NEEDS.headers.every((h) => allows(rule.allowed_headers, h)) &&
      CORS_NEEDS.expose.every((h) => rule.exposed_headers?.includes(h)),
  );
  if (fits) return {};
  const file = resolve('dist/r2-cors.json');
  mkdirSync(dirname(file), { recursive: true });
  const rule = { allowed: { origins: [origin], methods: CORS_NEEDS.methods, headers: ['Content-Type'] }, exposeHeaders: ['ETag'], maxAgeSeconds: 3600 };
  writeFileSync(file, `${JSON.stringify({ rules: [rule] }, null, 2)}\n`);
  return {
    problem: `the R2 bucket ${bucket} has no CORS rule letting ${origin} upload (PUT, GET, HEAD with Content-Type, exposing ETag), so every upload would fail in the browser: \`npx wrangler r2 bucket cors set ${bucket} --file ${file}\``,
  };
}

/**
 * Migrations in migrations/ that the remote database has not had (docs/deploy.md, step 3): the new code would query
 * tables or columns that are not there yet. A check that cannot run is a warning.
 * @param {string} configPath
 * @returns {Promise<{ problem?: string, warning?: string }>}
 */
async function migrationsCheck(configPath) {
  const listed = await wrangler(['d1', 'migrations', 'list', 'DB', '--remote'], configPath);
  if (!('stdout' in listed))
    return { warning: `the remote database's migrations could not be listed (${listed.failure}); check with \`npx wrangler d1 migrations list DB --remote\`` };
  const pending = [...new Set(listed.stdout.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? [])];
  if (pending.length === 0) return {};
  return {
    problem: `the remote database lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}): \`npx wrangler d1 migrations apply DB --remote\`, then deploy`,
  };
}

/**
 * Whether the engine answers its health check.
 * @param {string} engineUrl
 * @returns {Promise<string | null>} the problem, or null when it answered
 */
async function engineProblem(engineUrl) {
  const url = engineUrl.replace(/\/$/, '') + HEALTH_PATH;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(ENGINE_TIMEOUT_MS) });
    const body = /** @type {{ status?: string } | null} */ (await res.json().catch(() => null));
    if (res.ok && body?.status === 'ok') return null;
    return `the engine at ${engineUrl} answered GET ${HEALTH_PATH} with ${res.status}${body?.status ? ` (${body.status})` : ''}, not its health; is ENGINE_URL the engine?`;
  } catch (failure) {
    const error = /** @type {{ name?: string, cause?: { code?: string } }} */ (failure);
    const cause = error?.name === 'TimeoutError' ? `no answer in ${ENGINE_TIMEOUT_MS / 1000} s` : String(error?.cause?.code ?? error?.cause ?? error);
    return `the engine at ${engineUrl} cannot be reached (GET ${HEALTH_PATH}: ${cause}); start it, or point ENGINE_URL at it`;
  }
}

/**
 * Whether the engine at ENGINE_URL lets in a caller holding a secret from this repository: an engine that does
 * fetches and decodes for anyone who has read the README.
 * @param {string} engineUrl
 * @returns {Promise<string | null>}
 */
async function engineSecretProblem(engineUrl) {
  for (const secret of exampleSecrets()) {
    const res = await fetch(engineUrl.replace(/\/$/, '') + CAPABILITIES_PATH, {
      headers: { authorization: `Bearer ${secret}` },
      signal: AbortSignal.timeout(ENGINE_TIMEOUT_MS),
    }).catch(() => null);
    if (res?.ok) {
      return `the engine at ${engineUrl} accepts an example secret from .dev.vars.example; restart it with a long random ENGINE_SECRET (at least ${MIN_SECRET_BYTES} bytes, e.g. \`openssl rand -base64 48\`) and set the same with \`npx wrangler secret put ENGINE_SECRET\``;
    }
  }
  return null;
}

/**
 * What a deployment may run with but should know: an engine at a public address answers anyone who finds it,
 * its secret being all that stands in the way.
 * @param {Config} config
 * @returns {string[]}
 */
function deploymentWarnings(config) {
  const engine = engineAddress(config);
  if (!engine || !('url' in engine)) return [];
  return [
    `ENGINE_URL ${engine.url} is a public address: anyone who finds it can call the engine, ENGINE_SECRET being all that stands in the way. Prefer the engine Container (ENGINE_URL empty), or put the engine behind a firewall or Cloudflare Access that lets only the Worker through.`,
  ];
}

/**
 * Every problem standing between `configPath` and a working deployment (none: it may be deployed), and the
 * checks that could not run with the credentials at hand.
 * @param {string} configPath
 */
async function deploymentProblems(configPath) {
  const config = unstable_readConfig({ config: configPath });
  const engine = engineAddress(config);
  const origin = typeof config.vars?.PUBLIC_ORIGIN === 'string' ? config.vars.PUBLIC_ORIGIN.trim().replace(/\/$/, '') : '';
  const bucket = config.r2_buckets.find((/** @type {Binding} */ b) => b.binding === 'MEDIA')?.bucket_name;
  // Each remote look-up starts a wrangler or waits on the network: all at once, listed in a fixed order.
  const [secrets, unreachable, image, cors, migrations] = await Promise.all([
    listSecrets(configPath),
    engine && 'url' in engine ? engineProblem(engine.url) : null,
    imageProblem(config),
    bucket && httpUrl(origin) ? corsCheck(configPath, bucket, origin) : null,
    hasRealDatabase(config) ? migrationsCheck(configPath) : null,
  ]);
  const problems = configProblems(config);
  if ('problem' in secrets) problems.push(secrets.problem);
  else problems.push(...secretProblems(config, secrets.names));
  if (unreachable) problems.push(unreachable);
  const open = engine && 'url' in engine && !unreachable ? await engineSecretProblem(engine.url) : null;
  if (open) problems.push(open);
  if (image) problems.push(image);
  const warnings = deploymentWarnings(config);
  for (const found of [cors, migrations]) {
    if (found?.problem) problems.push(found.problem);
    if (found?.warning) warnings.push(found.warning);
  }
  return { problems, warnings };
}

/** @param {Config} config whether DB names a created database (its placeholder is reported on its own) */
function hasRealDatabase(config) {
  const id = config.d1_databases.find((/** @type {Binding} */ b) => b.binding === 'DB')?.database_id;
  return !!id && id !== PLACEHOLDER_DATABASE_ID && UUID.test(id);
}

/** @param {string} command @param {string[]} args */
function run(command, args) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { stdio: 'inherit', env: wranglerEnv });
    child.on('exit', (code) => resolveRun(code ?? 1));
  });
}

const args = process.argv.slice(2);
/**
 * Removes `flag` (with its value when `withValue`) from the arguments passed on to wrangler deploy.
 * @param {string} flag
 */
function option(flag, withValue = false) {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, withValue ? 2 : 1);
  return withValue ? value : flag;
}
const configPath = resolve(option('--config', true) ?? 'wrangler.toml');
const skipBuild = option('--skip-build') !== undefined;

console.log(`Checking ${configPath} for deployment…`);
const { problems, warnings } = await deploymentProblems(configPath);
for (const warning of warnings) console.warn(`  ⚠ ${warning}`);
if (problems.length > 0) {
  console.error(`\nNot deployed: ${problems.length} thing${problems.length === 1 ? '' : 's'} to fix first.`);
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  process.exit(1);
}
console.log('✓ wrangler.toml has no placeholder and declares every binding, the secrets are set, the engine can be reached.');
if (!skipBuild) {
  const built = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (built !== 0) process.exit(built);
}
process.exit(await run('npx', ['wrangler', 'deploy', '--config', configPath, ...args]));
