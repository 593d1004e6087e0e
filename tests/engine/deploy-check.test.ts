/**
 * `npm run deploy`'s check (scripts/deploy-check.mjs) run as an operator runs it, against temporary copies of
 * wrangler.toml: the real wrangler lists the Worker's secrets from a fake of Cloudflare's API (its documented
 * "list script secrets" call), the engine is the real one, and a complete configuration ends in
 * `wrangler deploy --dry-run`, so nothing is ever uploaded. The engine Container's image is given as one
 * already pushed (a registry reference), so the dry run needs neither Docker nor a registry.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningEngine, startEngine } from './helpers';

const root = new URL('../..', import.meta.url).pathname;
// Each check starts up to four wrangler processes (secrets, CORS, migrations, the dry run), seconds each on a quiet
// machine and far longer on a busy one: the bound is for a hang, not for speed.
vi.setConfig({ testTimeout: 240_000 });
const ACCOUNT = '0123456789abcdef0123456789abcdef';
const REQUIRED_SECRETS = ['JWT_SECRET', 'ENGINE_SECRET', 'R2_ACCESS_KEY_ID', 'R2_SECRET_ACCESS_KEY'];
/** The engine image as `wrangler containers push` names it in Cloudflare's registry. */
const PUSHED_IMAGE = `registry.cloudflare.com/${ACCOUNT}/tingyi-engine:test`;

/** The migrations the repository holds, as `wrangler d1 migrations list` names them. */
const MIGRATIONS = readdirSync(join(root, 'migrations'))
  .filter((name) => name.endsWith('.sql'))
  .sort();

/** A CORS rule as R2's API holds it, letting `origin` upload parts as the web app does. */
const uploadRule = (origin: string) => ({
  allowed: { origins: [origin], methods: ['PUT', 'GET', 'HEAD'], headers: ['Content-Type'] },
  exposeHeaders: ['ETag'],
  maxAgeSeconds: 3600,
});

/**
 * Cloudflare's API as wrangler calls it for the check, each call as documented: GET …/workers/scripts/:name/secrets
 * answers the names held, or error 10007 while no Worker of that name exists; GET …/r2/buckets/:bucket/cors the
 * bucket's rules, or error 10059 while it has none; POST …/d1/database/:id/query runs the migrations table's SQL
 * (`wrangler d1 migrations list --remote`: create it if missing, then read the names applied).
 */
function fakeCloudflare() {
  let secrets: string[] | null = null;
  let cors: object[] | null = null;
  let applied: string[] = [];
  const asked: string[] = [];
  const server: Server = createServer(async (req, res) => {
    asked.push(`${req.method} ${req.url}`);
    let body = '';
    for await (const chunk of req) body += chunk;
    res.setHeader('content-type', 'application/json');
    const fail = (status: number, code: number, message: string) => {
      res.statusCode = status;
      res.end(JSON.stringify({ success: false, errors: [{ code, message }], messages: [], result: null }));
    };
    const ok = (result: unknown) => res.end(JSON.stringify({ success: true, errors: [], messages: [], result }));
    const account = `/client/v4/accounts/${ACCOUNT}`;
    const url = req.url ?? '';
    if (req.method === 'GET' && /^\/workers\/scripts\/[\w-]+\/secrets$/.test(url.replace(account, ''))) {
      if (secrets === null) fail(404, 10007, 'This Worker does not exist on your account.');
      else ok(secrets.map((name) => ({ name, type: 'secret_text' })));
    } else if (req.method === 'GET' && url === `${account}/r2/buckets/tingyi-media/cors`) {
      if (cors === null) fail(404, 10059, 'The CORS configuration does not exist.');
      else ok({ rules: cors });
    } else if (req.method === 'POST' && /^\/d1\/database\/[\w-]+\/query$/.test(url.replace(account, ''))) {
      const { sql } = JSON.parse(body) as { sql: string };
      const rows = /select/i.test(sql) ? applied.map((name, i) => ({ id: i + 1, name, applied_at: '2026-11-01 00:00:00' })) : [];
      ok([{ results: rows, success: true, meta: { duration: 1, rows_read: rows.length, rows_written: 0, changes: 0, size_after: 4096 } }]);
    } else {
      fail(404, 7003, `Could not route to ${url}`);
    }
  });
  return {
    server,
    asked,
    /** The secrets the Worker holds; null: no Worker deployed yet. */
    hold(names: string[] | null) {
      secrets = names;
    },
    /** The bucket's CORS rules (null: none set) and the migrations the remote database has had. */
    remote(state: { cors: object[] | null; applied: string[] }) {
      cors = state.cors;
      applied = state.applied;
    },
  };
}

const cloudflare = fakeCloudflare();
let engine: RunningEngine;
let dir: string;
let apiBase: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => cloudflare.server.listen(0, '127.0.0.1', resolve));
  cloudflare.remote({ cors: [uploadRule('https://tingyi.example.com')], applied: MIGRATIONS });
  apiBase = `http://127.0.0.1:${(cloudflare.server.address() as AddressInfo).port}/client/v4`;
  // Reached by this machine's name, as a deployment names its engine (an address like 127.0.0.1 is refused).
  engine = await startEngine({ host: hostname(), asrWorkers: 1 });
  dir = mkdtempSync(join(tmpdir(), 'deploy-check-'));
});

afterAll(async () => {
  await engine?.close();
  await new Promise((resolve) => cloudflare.server.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A port on this machine that nothing listens on. */
function closedPort() {
  const probe = createServer();
  return new Promise<number>((resolve) =>
    probe.listen(0, hostname(), () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    }),
  );
}

/** Sets `key = "value"` in wrangler.toml's text; the key must be there, so a reshaped file fails loudly. */
function set(toml: string, key: string, value: string) {
  const line = new RegExp(`^${key} = ".*"$`, 'm');
  if (!line.test(toml)) throw new Error(`wrangler.toml has no ${key} line`);
  return toml.replace(line, `${key} = ${JSON.stringify(value)}`);
}

/** The [[containers]] image given as the pushed one: no build here. */
const pushedImage = (toml: string) => set(toml, 'image', PUSHED_IMAGE).replace(/^image_build_context = .*\n/m, '');

/**
 * The repository's wrangler.toml with `values` set, its paths made absolute so it works from a temporary folder,
 * and the engine image the pushed one unless `edit` says otherwise.
 */
function wranglerToml(values: Record<string, string>, edit: (toml: string) => string = pushedImage) {
  let toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  toml = set(toml, 'main', join(root, 'worker/index.ts'));
  toml = set(toml, 'directory', join(root, 'dist/web'));
  toml = set(toml, 'migrations_dir', join(root, 'migrations'));
  // Any other path the file gives relative to itself (the bundler's aliases) points into the repository too.
  toml = toml.replace(/"\.\/([^"]+)"/g, (_, path: string) => JSON.stringify(join(root, path)));
  for (const [key, value] of Object.entries(values)) toml = set(toml, key, value);
  const path = join(dir, `wrangler-${randomUUID()}.toml`);
  writeFileSync(path, edit(toml));
  return path;
}

/** What a deployment fills in, the engine being the running one. */
const complete = () => ({
  database_id: randomUUID(),
  PUBLIC_ORIGIN: 'https://tingyi.example.com',
  R2_ACCOUNT_ID: ACCOUNT,
  ENGINE_URL: `http://${hostname()}:${new URL(engine.url).port}`,
});

/** Runs the check as `npm run deploy -- --dry-run` would (the web app is already built), with its exit code and output. */
function deployCheck(config: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/deploy-check.mjs', '--config', config, '--skip-build', '--dry-run'],
      {
        cwd: root,
        env: { ...process.env, CLOUDFLARE_API_BASE_URL: apiBase, CLOUDFLARE_API_TOKEN: 'test-token', CLOUDFLARE_ACCOUNT_ID: ACCOUNT, NO_COLOR: '1', ...env },
      },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

/** The problems the check listed, one per line. */
const listed = (err: string) =>
  err
    .split('\n')
    .filter((line) => line.startsWith('  ✗ '))
    .map((line) => line.slice(4));

describe('the deploy check', () => {
  it('refuses the shipped placeholders and a Worker without secrets, naming each, and deploys nothing', async () => {
    cloudflare.hold(null);
    const config = wranglerToml({
      database_id: '00000000-0000-4000-8000-000000000000',
      PUBLIC_ORIGIN: '',
      R2_ACCOUNT_ID: '',
      ENGINE_URL: 'http://127.0.0.1:8790',
    });
    const { code, out, err } = await deployCheck(config);
    expect(code).toBe(1);
    expect(err).toContain('Not deployed: 8 things to fix first.');
    expect(listed(err)).toEqual([
      expect.stringMatching(
        /^wrangler\.toml \[\[d1_databases\]\] DB: database_id is still the placeholder; create the database with `npx wrangler d1 create tingyi`/,
      ),
      expect.stringMatching(/^wrangler\.toml \[vars\] PUBLIC_ORIGIN is empty/),
      expect.stringMatching(/^wrangler\.toml \[vars\] R2_ACCOUNT_ID is empty/),
      expect.stringMatching(/^wrangler\.toml \[vars\] ENGINE_URL is http:\/\/127\.0\.0\.1:8790, this machine's own address/),
      ...REQUIRED_SECRETS.map((name) => expect.stringContaining(`secret ${name} is not set: \`npx wrangler secret put ${name}\``)),
    ]);
    expect(cloudflare.asked).toContain(`GET /client/v4/accounts/${ACCOUNT}/workers/scripts/tingyi/secrets`);
    expect(out).not.toContain('--dry-run: exiting now');
  });

  it('refuses a missing binding, a half-configured feature and an engine that does not answer, in one list', async () => {
    cloudflare.hold([...REQUIRED_SECRETS, 'WECHAT_MP_APP_SECRET']);
    const closed = await closedPort();
    const config = wranglerToml({ ...complete(), ENGINE_URL: `http://${hostname()}:${closed}` }, (toml) =>
      pushedImage(toml).replace(/^\[ai\]\n(\w+ = .*\n)*/m, ''),
    );
    const { code, err } = await deployCheck(config);
    expect(code).toBe(1);
    expect(listed(err)).toEqual([
      'binding AI is not declared in wrangler.toml ([ai]); the code uses it',
      'WeChat sign-in is only partly configured (WECHAT_MP_APP_SECRET set; WECHAT_MP_APP_ID, WECHAT_MP_TOKEN not), so it stays hidden: set the rest or unset these',
      expect.stringMatching(new RegExp(`^the engine at http://${hostname()}:${closed} cannot be reached \\(GET /v1/health: ECONNREFUSED\\)`)),
    ]);
  });

  it('passes a complete configuration with its secrets and a live engine on to wrangler deploy', async () => {
    cloudflare.hold(REQUIRED_SECRETS);
    const { code, out, err } = await deployCheck(wranglerToml(complete()));
    expect(listed(err)).toEqual([]);
    expect(out).toContain('✓ wrangler.toml has no placeholder and declares every binding, the secrets are set, the engine can be reached.');
    // An engine at an address of its own answers anyone who finds it: said, not refused.
    expect(err).toMatch(/⚠ ENGINE_URL http:\/\/.+ is a public address: anyone who finds it can call the engine/);
    expect(out).toContain('env.AI');
    expect(out).toContain('--dry-run: exiting now.');
    expect(code).toBe(0);
  });
});

describe("the deploy check of the bucket's CORS rule and the remote database", () => {
  it("refuses a bucket that would refuse the browser's uploads and a database missing migrations, writing the rule to set", async () => {
    cloudflare.hold(REQUIRED_SECRETS);
    // A rule for another site, and the newest two migrations never applied.
    cloudflare.remote({ cors: [uploadRule('https://other.example.com')], applied: MIGRATIONS.slice(0, -2) });
    const { code, out, err } = await deployCheck(wranglerToml(complete()));
    cloudflare.remote({ cors: [uploadRule('https://tingyi.example.com')], applied: MIGRATIONS });
    expect(code).toBe(1);
    const [cors, migrations] = listed(err);
    expect(cors).toMatch(
      /^the R2 bucket tingyi-media has no CORS rule letting https:\/\/tingyi\.example\.com upload .*`npx wrangler r2 bucket cors set tingyi-media --file (.+)`$/,
    );
    const file = /--file (.+)`$/.exec(cors ?? '')?.[1] ?? '';
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ rules: [uploadRule('https://tingyi.example.com')] });
    expect(migrations).toBe(
      `the remote database lacks 2 migrations (${MIGRATIONS.slice(-2).join(', ')}): \`npx wrangler d1 migrations apply DB --remote\`, then deploy`,
    );
    expect(out).not.toContain('--dry-run: exiting now');
  });

  it('refuses a bucket with no CORS rule at all, and only warns when the rules cannot be read', async () => {
    cloudflare.hold(REQUIRED_SECRETS);
    cloudflare.remote({ cors: null, applied: MIGRATIONS });
    const closed = await closedPort();
    const missing = await deployCheck(wranglerToml(complete()));
    cloudflare.remote({ cors: [uploadRule('https://tingyi.example.com')], applied: MIGRATIONS });
    expect(listed(missing.err)).toEqual([expect.stringMatching(/^the R2 bucket tingyi-media has no CORS rule/)]);
    // A bucket of another name is not found by the API: the check cannot run, which is said and blocks nothing
    // (the engine that does not answer is what is refused).
    const unreadable = await deployCheck(
      wranglerToml({ ...complete(), ENGINE_URL: `http://${hostname()}:${closed}` }, (toml) => pushedImage(toml).replaceAll('"tingyi-media"', '"other-media"')),
    );
    expect(listed(unreadable.err)).toEqual([expect.stringMatching(/^the engine at .* cannot be reached/)]);
    expect(unreadable.err).toMatch(/ {2}⚠ the R2 bucket's CORS rules could not be read \(npx wrangler r2 bucket/);
  });
});

describe('the deploy check and the shared secrets', () => {
  it('refuses an engine that lets in the example secret, and a secret written into [vars]', async () => {
    cloudflare.hold(REQUIRED_SECRETS);
    const open = await startEngine({ host: hostname(), asrWorkers: 1, secret: 'development-only-engine-secret' });
    try {
      const config = wranglerToml({ ...complete(), ENGINE_URL: `http://${hostname()}:${new URL(open.url).port}` }, (toml) =>
        pushedImage(toml).replace(/^\[vars\]\n/m, '[vars]\nJWT_SECRET = "development-only-jwt-secret"\n'),
      );
      const { code, err } = await deployCheck(config);
      expect(code).toBe(1);
      expect(listed(err)).toEqual([
        expect.stringMatching(/^wrangler\.toml \[vars\] holds JWT_SECRET, the example value from \.dev\.vars\.example, in plain text/),
        expect.stringMatching(new RegExp(`^the engine at http://${hostname()}:\\d+ accepts an example secret from \\.dev\\.vars\\.example`)),
      ]);
    } finally {
      await open.close();
    }
  });
});

describe('the deploy check with the engine as a Cloudflare Container (ENGINE_URL empty)', () => {
  it('deploys the container and its class: the dry run lists the ENGINE binding and the image it would run', async () => {
    cloudflare.hold(REQUIRED_SECRETS);
    const { code, out, err } = await deployCheck(wranglerToml({ ...complete(), ENGINE_URL: '' }));
    expect(listed(err)).toEqual([]);
    expect(out).toMatch(/env\.ENGINE \(EngineContainer\)\s+Durable Object/);
    expect(out).toContain(`The following containers are available:\n- tingyi-enginecontainer (${PUSHED_IMAGE})`);
    expect(out).toContain('--dry-run: exiting now.');
    expect(code).toBe(0);
  });

  it('refuses a container without its migration, more instances than it may start, and an image Docker cannot build here', async () => {
    cloudflare.hold(REQUIRED_SECRETS);
    const config = wranglerToml({ ...complete(), ENGINE_URL: '', ENGINE_MAX_INSTANCES: '9' }, (toml) =>
      toml.replace(/^\[\[migrations\]\]\ntag = "v3-engine"\n.*\n/m, ''),
    );
    const { code, out, err } = await deployCheck(config, { WRANGLER_DOCKER_BIN: join(dir, 'no-docker') });
    expect(code).toBe(1);
    expect(listed(err)).toEqual([
      'wrangler.toml has no [[migrations]] entry with new_sqlite_classes = ["EngineContainer"]; the engine\'s Durable Object needs it',
      'wrangler.toml [vars] ENGINE_MAX_INSTANCES is 9 but [[containers]] max_instances is 4; work placed on the instances past it would be refused',
      expect.stringMatching(
        /^Docker is not running here \(`.*no-docker info` failed\), and `wrangler deploy` builds the engine image from .*engine\/Dockerfile with it/,
      ),
    ]);
    expect(out).not.toContain('--dry-run: exiting now');
  });

  it('refuses an empty ENGINE_URL without the ENGINE binding', async () => {
    cloudflare.hold(REQUIRED_SECRETS);
    const config = wranglerToml({ ...complete(), ENGINE_URL: '' }, (toml) =>
      pushedImage(toml).replace(/^\[\[durable_objects\.bindings\]\]\nname = "ENGINE"\n.*\n/m, ''),
    );
    const { code, err } = await deployCheck(config);
    expect(code).toBe(1);
    expect(listed(err)).toEqual([
      expect.stringMatching(/^binding ENGINE is not declared in wrangler\.toml .*with ENGINE_URL empty the Worker reaches the engine through it$/),
    ]);
  });
});
