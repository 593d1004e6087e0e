/**
 * First-load weight: what a browser downloads to show each entry page of the built app (dist/web, as
 * `npm start` serves it). Each page opens in a fresh headless Chromium context against the real Worker; every
 * HTML, JS and CSS response until the network is idle is counted at its gzip size (what Cloudflare sends).
 * The baseline is the whole app's JS and CSS, measured in the same run: the ratio says how much of the app a
 * first visit pays for. Every entry page (home, sign-in, records list, a finished record, meeting, dubbing) is
 * opened in each interface language, whose texts differ, by a signed-in user who has one transcribed record.
 * Target: every page at most 250 KB in every language; the full run fails when one is over.
 *
 *   npm run bench:first-load     (FIRST_LOAD_ROUTES=/recordList FIRST_LOAD_LOCALES=zh-CN narrow it;
 *                                 run `npx vite build` first after changing the web app; quick check of the
 *                                 figures, as `npm test` runs it: -- --quick, `/` and a record in English only)
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { API } from '../contracts/api-paths';
import { API_BASE, TOKEN_COOKIE } from '../contracts/constants';
import { LOCALES } from '../contracts/locale';
import type { RecordDetail } from '../contracts/records';
import type { TranswriteResult } from '../contracts/transcription';
import { librivoxRecording } from '../engine/bench/common';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { complete, get, post, startApp, upload, userWithHours } from './app';

const TARGET_KB = 250;
const QUIET_MS = 3000;
/** The record page's address gets the id of the record made below. */
const RECORD_PAGE = '/meetingDetail';
// FIRST_LOAD_ROUTES and FIRST_LOAD_LOCALES (comma-separated) narrow a run while working on one page.
const only = (name: string) => process.env[name]?.split(',').filter(Boolean);
const ROUTES = only('FIRST_LOAD_ROUTES') ?? (QUICK ? ['/', RECORD_PAGE] : ['/', '/login', '/recordList', RECORD_PAGE, '/meeting', '/dub']);
const PAGE_LOCALES = only('FIRST_LOAD_LOCALES') ?? (QUICK ? ['en-US'] : LOCALES);
const PAGES = ROUTES.flatMap((path) => PAGE_LOCALES.map((locale) => ({ path, locale })));
const COUNTED = new Set(['document', 'script', 'stylesheet']);

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;

const assets = 'dist/web/assets';
const wholeApp = readdirSync(assets)
  .filter((name) => /\.(js|css)$/.test(name))
  .reduce((sum, name) => sum + gzipKb(readFileSync(join(assets, name))), 0);

/** A signed-in user with one finished record, so the record page shows its transcript, player and summary. */
async function userWithRecord(app: Awaited<ReturnType<typeof startApp>>) {
  const clip = librivoxRecording(0.5, 2);
  const file = join(dirname(clip.path), 'clip.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', clip.path, '-b:a', '64k', file]);
  const token = await userWithHours(app, 1);
  const { uploadId } = await upload(app, token, 'clip.mp3', readFileSync(file));
  const uploaded = await complete(app, token, uploadId);
  const submit = await post<TranswriteResult>(app, API.transcription.transwrite, { ids: [uploaded.id], audioLanguage: 'en-US', showName: 'Bench' }, token);
  const id = submit.ids[0]!;
  for (;;) {
    const detail = await get<RecordDetail>(app, `${API.records.getTrans}?id=${id}`, token);
    if (detail.record.status === 'transcription_completed') return { token, recordId: id };
    if (detail.record.status !== 'transcribing') throw new Error(`the bench record ended ${detail.record.status}: ${detail.record.errorReason}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const app = await startApp('first-load');
const origin = app.api.slice(0, -API_BASE.length);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: { page: string; locale: string; requests: number; kb: number; files: { name: string; kb: number }[] }[] = [];
try {
  const { token, recordId } = await userWithRecord(app);
  for (const { path, locale } of PAGES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
    // The sign-in page is what a signed-out visitor sees; every other page is opened signed in.
    if (path !== '/login') await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: origin }]);
    const page = await context.newPage();
    const bodies: Promise<{ name: string; kb: number }>[] = [];
    let lastRequest = Date.now();
    page.on('request', () => {
      lastRequest = Date.now();
    });
    page.on('response', (response) => {
      if (!COUNTED.has(response.request().resourceType())) return;
      const name = new URL(response.url()).pathname.split('/').pop() || 'index.html';
      bodies.push(
        response.body().then(
          (body) => ({ name, kb: gzipKb(body) }),
          () => ({ name, kb: 0 }),
        ),
      );
    });
    await page.goto(origin + (path === RECORD_PAGE ? `${path}?id=${recordId}` : path), { waitUntil: 'networkidle' });
    // Half a second without requests is not the end on a busy machine: a page's later chunks wait on its data.
    // The load counts as done after QUIET_MS without any request.
    while (Date.now() - lastRequest < QUIET_MS) await page.waitForTimeout(QUIET_MS - (Date.now() - lastRequest));
    const files = (await Promise.all(bodies)).sort((a, b) => b.kb - a.kb);
    rows.push({ page: path, locale, requests: files.length, kb: files.reduce((sum, f) => sum + f.kb, 0), files });
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}

requireFigures('bench:first-load', {
  'whole app size': wholeApp,
  ...Object.fromEntries(
    rows.flatMap((row) => [
      [`${row.page} (${row.locale}) files`, row.requests],
      [`${row.page} (${row.locale}) size`, row.kb],
    ]),
  ),
});
console.log(`whole app (all JS + CSS, gzip): ${wholeApp.toFixed(1)} KB`);
console.log(`${'page'.padEnd(14)} ${'texts'.padEnd(6)} files   gzip KB   share of the whole app`);
for (const row of rows) {
  console.log(
    `${row.page.padEnd(14)} ${row.locale.padEnd(6)} ${String(row.requests).padStart(5)} ${row.kb.toFixed(1).padStart(9)}   ${((row.kb / wholeApp) * 100).toFixed(0)} %`,
  );
}
const over = rows.filter((row) => row.kb > TARGET_KB);
for (const row of over) {
  const largest = row.files.slice(0, Number(process.env.FIRST_LOAD_FILES ?? 12)).map((f) => `${f.name} ${f.kb.toFixed(1)}`);
  console.log(`over ${TARGET_KB} KB: ${row.page} in ${row.locale}, ${row.kb.toFixed(1)} KB; largest files (gzip KB): ${largest.join(', ')}`);
}
if (over.length) {
  console.error(`bench:first-load: ${over.length} of ${rows.length} first loads are over the target of ${TARGET_KB} KB`);
  // The quick run (npm test) checks that the figures are measured; the full run is the one that judges them.
  if (!QUICK) process.exitCode = 1;
} else {
  console.log(`every first load is at most ${TARGET_KB} KB (largest ${Math.max(...rows.map((r) => r.kb)).toFixed(1)} KB)`);
}
