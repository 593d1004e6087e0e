/**
 * Records list speed: p50 / p99 latency of `transcribe/query` over 10,000 records of one user, under
 * concurrent requests, against the real Worker (`wrangler dev`, local D1), each as a ratio to a trivial
 * endpoint measured in the same run. Run: npm run bench:records
 */
import { rmSync } from 'node:fs';
import { migrate, wranglerEnv } from '../scripts/prepare.mjs';
import { run } from '../scripts/process.mjs';
import { freePort, startWorker } from '../scripts/services.mjs';

const RECORDS = 10_000;
const CONCURRENCY = 16;
const REQUESTS = 640;
const state = '.wrangler/bench-records';

rmSync(state, { recursive: true, force: true });
await migrate(state);
const port = await freePort();
const worker = await startWorker({ port, enginePort: await freePort(), persistTo: state, log: false });
const base = `http://127.0.0.1:${port}/prod-api`;

try {
  const post = async (path: string, body: unknown) =>
    (await (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
      data: { token: string; user: { id: number } };
    };
  const email = `bench${Date.now()}@example.test`;
  await post('/auth/c/getValidCode', { target: email });
  const outbox = (await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { body: string }[] };
  const code = outbox.data[0]!.body.match(/\b(\d{6})\b/)![1];
  const { token, user } = (await post('/auth/c/doLoginByValidCode', { target: email, code })).data;
  const auth = { authorization: `Bearer ${token}` };
  await fetch(`${base}/speech/folder/getFolder`, { headers: auth }); // creates the default folder

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
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const started = performance.now();
          const res = await fetch(base + path, { headers });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${path} answered ${res.status}`);
          times.push(performance.now() - started);
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]! };
  }

  await measure('/system/config/configKey/WEICHAT_MP_APP_ID', {}); // warm-up
  const trivial = await measure('/system/config/configKey/WEICHAT_MP_APP_ID', {});
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.log(`${CONCURRENCY} concurrent clients, ${REQUESTS} requests each case, ${RECORDS} records`);
  console.log(`${'case'.padEnd(44)}  p50 ms  p99 ms  p50×trivial  p99×trivial`);
  console.log(`${'trivial endpoint (config key)'.padEnd(44)}${fmt(trivial.p50)} ${fmt(trivial.p99)}`);
  const cases: [string, string][] = [
    ['newest first, page 1 of 10', '/speech/audio/transcribe/query?pageNum=1&pageSize=10'],
    ['by duration ascending, page 500', '/speech/audio/transcribe/query?pageNum=500&pageSize=10&orderByColumn=duration&isAsc=asc'],
    ['by name, type filter, favourites', '/speech/audio/transcribe/query?orderByColumn=name&isAsc=asc&type=meeting&favourite=1'],
    ['keyword in name or transcript', '/speech/audio/transcribe/query?keyword=weekly'],
  ];
  for (const [name, path] of cases) {
    const r = await measure(path);
    console.log(
      `${name.padEnd(44)}${fmt(r.p50)} ${fmt(r.p99)}  ${(r.p50 / trivial.p50).toFixed(2).padStart(11)}  ${(r.p99 / trivial.p99).toFixed(2).padStart(11)}`,
    );
  }
} finally {
  await worker.stop();
  rmSync(state, { recursive: true, force: true });
}
