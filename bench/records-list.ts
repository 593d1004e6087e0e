/**
 * Records list speed: p50 / p99 latency of `transcribe/query` over 10,000 records of one user, under
 * concurrent requests, against the real Worker (`wrangler dev`, local D1), each as a ratio to a trivial
 * endpoint measured in the same run. Each answer must be a success, and each case's first page must hold rows.
 * Run: npm run bench:records   (quick check of the figures, as `npm test` runs it: -- --quick: 200 records,
 * 32 requests a case)
 */
import { rmSync } from 'node:fs';
import { API, apiPath } from '../contracts/api-paths';
import { API_BASE } from '../contracts/constants';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { migrate, wranglerEnv } from '../scripts/prepare.mjs';
import { run } from '../scripts/process.mjs';
import { freePort, startWorker } from '../scripts/services.mjs';

const BENCH = 'bench:records';
const RECORDS = QUICK ? 200 : 10_000;
const CONCURRENCY = QUICK ? 4 : 16;
const REQUESTS = QUICK ? 32 : 640;
const state = '.wrangler/bench-records';

rmSync(state, { recursive: true, force: true });
await migrate(state);
const port = await freePort();
const worker = await startWorker({ port, enginePort: await freePort(), persistTo: state, log: false });
const base = `http://127.0.0.1:${port}${API_BASE}`;

try {
  const post = async (path: string, body: unknown) =>
    (await (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
      data: { token: string; user: { id: number } };
    };
  const email = `bench${Date.now()}@example.test`;
  await post(API.auth.getValidCode, { target: email });
  const outbox = (await (await fetch(`${base}${API.dev.outbox}?to=${encodeURIComponent(email)}`)).json()) as { data: { body: string }[] };
  const code = outbox.data[0]!.body.match(/\b(\d{6})\b/)![1];
  const { token, user } = (await post(API.auth.doLoginByValidCode, { target: email, code })).data;
  const auth = { authorization: `Bearer ${token}` };
  await fetch(`${base}${API.folders.getFolder}`, { headers: auth }); // creates the default folder

  console.log(`seeding ${RECORDS} records…`);
  const now = Date.now();
  await run(
    'npx',
    [
      'wrangler',
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      state,
      '--command',
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${RECORDS})
       INSERT INTO records (user_id, folder_id, name, type, status, duration_ms, favourite, created_at, updated_at)
       SELECT ${user.id}, (SELECT id FROM folders WHERE user_id = ${user.id} AND is_default = 1),
              'Record ' || i || CASE i % 7 WHEN 0 THEN ' weekly sync' ELSE '' END,
              CASE i % 3 WHEN 0 THEN 'meeting' WHEN 1 THEN 'transcription' ELSE 'dubbing' END,
              CASE i % 3 WHEN 0 THEN 'ended' WHEN 1 THEN 'transcription_completed' ELSE 'dub_complete' END,
              (i * 7919) % 3600000, i % 5 = 0, ${now} - i * 60000, ${now} - i * 30000 FROM n`,
    ],
    { env: wranglerEnv, quiet: true },
  );

  async function measure(path: string, headers: Record<string, string> = auth) {
    const times: number[] = [];
    let rows: number | undefined;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const started = performance.now();
          const res = await fetch(base + path, { headers });
          const body = (await res.json()) as { code: number; msg: string; rows?: unknown[] };
          times.push(performance.now() - started);
          if (!res.ok || body.code !== 200) throw new Error(`${BENCH}: ${path} answered ${res.status} ${body.code} ${body.msg}`);
          rows ??= body.rows?.length;
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]!, rows: rows ?? 0 };
  }

  const configKey = apiPath(API.system.configKey, { key: 'WEICHAT_MP_APP_ID' });
  await measure(configKey, {}); // warm-up
  const trivial = await measure(configKey, {});
  requireFigures(BENCH, { 'trivial endpoint p50': trivial.p50, 'trivial endpoint p99': trivial.p99 });
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.log(`${CONCURRENCY} concurrent clients, ${REQUESTS} requests each case, ${RECORDS} records`);
  console.log(`${'case'.padEnd(44)}  p50 ms  p99 ms  p50×trivial  p99×trivial`);
  console.log(`${'trivial endpoint (config key)'.padEnd(44)}${fmt(trivial.p50)} ${fmt(trivial.p99)}`);
  const cases: [string, string][] = [
    ['newest first, page 1 of 10', `${API.records.query}?pageNum=1&pageSize=10`],
    [`by duration ascending, page ${RECORDS / 20}`, `${API.records.query}?pageNum=${RECORDS / 20}&pageSize=10&orderByColumn=duration&isAsc=asc`],
    ['by name, type filter, favourites', `${API.records.query}?orderByColumn=name&isAsc=asc&type=meeting&favourite=1`],
    ['keyword in name or transcript', `${API.records.query}?keyword=weekly`],
  ];
  for (const [name, path] of cases) {
    const r = await measure(path);
    requireFigures(BENCH, { [`${name}: rows on the page`]: r.rows, [`${name}: p50`]: r.p50, [`${name}: p99`]: r.p99 });
    console.log(
      `${name.padEnd(44)}${fmt(r.p50)} ${fmt(r.p99)}  ${(r.p50 / trivial.p50).toFixed(2).padStart(11)}  ${(r.p99 / trivial.p99).toFixed(2).padStart(11)}`,
    );
  }
} finally {
  await worker.stop();
  rmSync(state, { recursive: true, force: true });
}
