/**
 * Search across records and extractive answers, against the real Worker (`wrangler dev`, local D1, the FTS5 index of
 * migration 0021 kept by its triggers):
 * - search p50 / p95 over RECORDS generated records (two minutes of lines each, a third of them Chinese);
 * - D1 bytes per audio-hour of the lines plus their index (SQLite's `dbstat` payload, as bench:storage reads it;
 *   goal ≤ 150 KB);
 * - hit@3 of the answer set (bench/data/ask-set.json: questions in English and Chinese over pocketsphinx-testdata's
 *   read-speech transcripts and synthetic dialogues, each naming the line that answers it), asked of all the
 *   user's records with no language model (goal ≥ 0.85), and the model calls and tokens an answer costs (none).
 * Run: npm run bench:ask   (quick check: -- --quick: 200 records, 5 searches a query, every other question of the set)
 * Records and lines are written by one `wrangler d1 execute` (each takes tens of seconds on a busy machine).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Answer, SearchHit } from '../contracts/ai';
import { API } from '../contracts/api-paths';
import { API_BASE } from '../contracts/constants';
import type { Page } from '../contracts/records';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { LINE_ID_RECORD_STRIDE } from '../worker/db/line-id';
import { migrate, wranglerEnv } from '../scripts/prepare.mjs';
import { run } from '../scripts/process.mjs';
import { freePort, startWorker } from '../scripts/services.mjs';
import { get, post, query, signUpUser, sqliteFile } from './app';

const BENCH = 'bench:ask';
const RECORDS = QUICK ? 200 : 10_000;
const LINES = 30;
const LINE_MS = 4000;
const SEARCHES = QUICK ? 5 : 200;
const GOAL_BYTES_PER_HOUR = 150 * 1024;
const state = '.wrangler/bench-ask';

interface AskSet {
  records: Record<string, { source: string; language: string; lines: string[] }>;
  questions: { record: string; line: number; question: string }[];
}
const set = JSON.parse(readFileSync(new URL('./data/ask-set.json', import.meta.url), 'utf8')) as AskSet;
// The quick run asks every other question: some of each record's, English and Chinese.
const questions = QUICK ? set.questions.filter((_, i) => i % 2 === 0) : set.questions;

// Generated lines: fragments of meeting talk, paired differently on each line, so lines differ as speech does.
const EN = [
  'we should review the roadmap',
  'the customer asked for a discount',
  'let us move the deadline',
  'the server costs are growing',
  'marketing wants a bigger campaign',
  'the design is almost ready',
  'sales closed three new deals',
  'hiring is slower than planned',
  'the contract needs another review',
  'our users like the new search',
  'the release has two open bugs',
  'finance expects a smaller loss',
  'the partner meeting went well',
  'support answered every ticket',
  'we need better onboarding',
  'the team will work remotely on friday',
  'analytics shows more weekly users',
  'the vendor raised their price',
  'quality checks take too long',
  'the demo is next tuesday',
];
const ZH = [
  '我们需要重新看一下路线图',
  '客户要求再给一些折扣',
  '截止日期往后推一周',
  '服务器费用一直在增长',
  '市场部想做更大的活动',
  '设计稿基本完成了',
  '销售签了三个新合同',
  '招聘进度比计划慢',
  '合同还需要再审一遍',
  '用户很喜欢新的搜索功能',
  '这个版本还有两个问题',
  '财务预计亏损会减少',
  '和合作方的会议很顺利',
  '客服回复了所有工单',
  '新手引导还要改进',
  '周五团队远程办公',
  '每周活跃用户增加了',
  '供应商提高了价格',
  '质量检查耗时太长',
  '演示安排在下周二',
];
const sqlList = (items: string[]) => items.map((t, i) => `(${i}, '${t.replaceAll("'", "''")}')`).join(', ');
/** Runs a file of SQL on the local D1 database (Debian's sqlite3 is too old for the index's `contentless_delete`). */
const d1 = (file: string) =>
  run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', state, '--file', file], { env: wranglerEnv, quiet: true });

rmSync(state, { recursive: true, force: true });
await migrate(state);
const port = await freePort();
const worker = await startWorker({ port, enginePort: await freePort(), persistTo: state, log: false });
const app = { api: `http://127.0.0.1:${port}${API_BASE}` };

try {
  const { token, userId } = await signUpUser(app);
  await get(app, API.folders.getFolder, token); // creates the default folder
  const folder = `(SELECT id FROM folders WHERE user_id = ${userId} AND is_default = 1)`;
  const now = Date.now();

  console.log(`seeding ${RECORDS} records of ${LINES} lines…`);
  const generated = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${RECORDS})
     INSERT INTO records (user_id, folder_id, name, type, status, duration_ms, audio_language, created_at, updated_at)
     SELECT ${userId}, ${folder}, 'Generated ' || i, 'transcription', 'transcription_completed', ${LINES * LINE_MS},
            CASE i % 3 WHEN 0 THEN 'zh-CN' ELSE 'en-US' END, ${now} - i * 60000, ${now} - i * 60000 FROM n;
     WITH RECURSIVE s(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM s WHERE j < ${LINES - 1}),
       en(k, t) AS (VALUES ${sqlList(EN)}), zh(k, t) AS (VALUES ${sqlList(ZH)})
     INSERT INTO segments (record_id, seq, start_ms, duration_ms, text, speaker_no)
     SELECT r.id, s.j, s.j * ${LINE_MS}, ${LINE_MS},
       CASE WHEN r.audio_language = 'zh-CN'
         THEN (SELECT t FROM zh WHERE k = (r.id * 7 + s.j * 13) % ${ZH.length}) || '，' || (SELECT t FROM zh WHERE k = (r.id * 11 + s.j * 3 + 5) % ${ZH.length}) || '。'
         ELSE (SELECT t FROM en WHERE k = (r.id * 7 + s.j * 13) % ${EN.length}) || ', and ' || (SELECT t FROM en WHERE k = (r.id * 11 + s.j * 3 + 5) % ${EN.length}) || '.'
       END, 0
     FROM records r, s WHERE r.user_id = ${userId};`;

  // The answer set's records, each line four seconds, named so their ids can be read back.
  const setSql = Object.entries(set.records)
    .map(
      ([key, r]) =>
        `INSERT INTO records (user_id, folder_id, name, type, status, duration_ms, audio_language, created_at, updated_at) VALUES (${userId}, ${folder}, 'ask-set ${key}', 'transcription', 'transcription_completed', ${r.lines.length * LINE_MS}, '${r.language}', ${now}, ${now});\n` +
        r.lines
          .map(
            (text, seq) =>
              `INSERT INTO segments (record_id, seq, start_ms, duration_ms, text) VALUES ((SELECT id FROM records WHERE name = 'ask-set ${key}'), ${seq}, ${seq * LINE_MS}, ${LINE_MS}, '${text.replaceAll("'", "''")}');`,
          )
          .join('\n'),
    )
    .join('\n');
  const seedFile = `${state}/seed.sql`;
  writeFileSync(seedFile, `${generated}\n${setSql}`);
  await d1(seedFile);

  const db = sqliteFile(state, 'd1');
  const ids = new Map(query<{ id: number; name: string }>(db, "SELECT id, name FROM records WHERE name LIKE 'ask-set %'").map((r) => [r.name.slice(8), r.id]));
  const [{ ms }] = query<{ ms: number }>(db, 'SELECT sum(duration_ms) AS ms FROM records') as [{ ms: number }];
  const bytes = (pattern: string) => query<{ b: number }>(db, `SELECT coalesce(sum(payload), 0) AS b FROM dbstat WHERE name LIKE '${pattern}'`)[0]!.b;
  const lineBytes = bytes('segments') + bytes('line_speakers');
  const indexBytes = bytes('line_search%');
  const hours = ms / 3_600_000;

  // Search latency: English words, Chinese runs of 3+ characters, and a two-character word (the LIKE path).
  const searches = ['roadmap', 'marketing campaign', 'discount', 'weekly users', '路线图', '服务器费用', '新的搜索', '预算'];
  const times: number[] = [];
  let hits = 0;
  for (const q of searches) {
    for (let i = 0; i < SEARCHES; i++) {
      const started = performance.now();
      const page = await get<Page<SearchHit>>(app, `${API.ai.search}?q=${encodeURIComponent(q)}&size=20`, token);
      times.push(performance.now() - started);
      if (i === 0) hits += page.total;
    }
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length * 0.5)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;

  // hit@3: the line that answers is among the first three cited, asked of all the user's records.
  let found = 0;
  let modelCalls = 0;
  const misses: string[] = [];
  for (const q of questions) {
    const answer = await post<Answer>(app, API.ai.ask, { question: q.question }, token);
    if (answer.kind !== 'extractive') modelCalls++;
    const want = ids.get(q.record)! * LINE_ID_RECORD_STRIDE + q.line;
    if (answer.citations.slice(0, 3).some((c) => c.lineId === want)) found++;
    else misses.push(q.question);
  }
  const hitAt3 = found / questions.length;

  requireFigures(BENCH, {
    'search p50': p50,
    'search p95': p95,
    'hits found': hits,
    'line bytes': lineBytes,
    'index bytes': indexBytes,
    'questions answered': found,
  });
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  console.log(`${RECORDS} generated records + ${ids.size} answer-set records, ${hours.toFixed(1)} audio-hours`);
  console.log(`search: ${times.length} requests, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  console.log(
    `D1 per audio-hour: lines ${kb(lineBytes / hours)} + index ${kb(indexBytes / hours)} = ${kb((lineBytes + indexBytes) / hours)} (goal ≤ ${kb(GOAL_BYTES_PER_HOUR)})`,
  );
  console.log(
    `answer set: hit@3 ${hitAt3.toFixed(2)} (${found}/${questions.length}, goal ≥ 0.85), extractive; model calls per answer ${modelCalls / questions.length}, tokens 0`,
  );
  if (misses.length) console.log(`missed: ${misses.join(' | ')}`);
} finally {
  await worker.stop();
  rmSync(state, { recursive: true, force: true });
}
