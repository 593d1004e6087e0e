/**
 * First-load weight: what a browser downloads to show each entry page of the built app (dist/web, as
 * `npm start` serves it). Each page opens in a fresh headless Chromium context against the real Worker; every
 * HTML, JS and CSS response until the network is idle is counted at its gzip size (what Cloudflare sends).
 * The baseline is the whole app's JS and CSS, measured in the same run: the ratio says how much of the app a
 * first visit pays for. `/` is also opened by a Chinese browser of each script, whose texts differ. Target: `/`
 * at most 250 KB in every interface language.
 *
 *   npm run bench:first-load     (run `npx vite build` first after changing the web app; quick check of the
 *                                 figures, as `npm test` runs it: -- --quick, `/` in English only)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { API_BASE } from '../contracts/constants';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startApp } from './app';

const TARGET_KB = 250;
const PAGES = [
  { path: '/', locale: 'en-US' },
  ...(QUICK
    ? []
    : [{ path: '/', locale: 'zh-CN' }, { path: '/', locale: 'zh-TW' }, ...['/login', '/recordList', '/meeting'].map((path) => ({ path, locale: 'en-US' }))]),
];
const COUNTED = new Set(['document', 'script', 'stylesheet']);

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;

const assets = 'dist/web/assets';
const wholeApp = readdirSync(assets)
  .filter((name) => /\.(js|css)$/.test(name))
  .reduce((sum, name) => sum + gzipKb(readFileSync(join(assets, name))), 0);

const app = await startApp('first-load');
const origin = app.api.slice(0, -API_BASE.length);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: { page: string; locale: string; requests: number; kb: number; files: { name: string; kb: number }[] }[] = [];
try {
  for (const { path, locale } of PAGES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
    const page = await context.newPage();
    const bodies: Promise<{ name: string; kb: number }>[] = [];
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
    await page.goto(origin + path, { waitUntil: 'networkidle' });
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
console.log(
  'largest files of / (gzip KB): ' +
    rows[0]!.files
      .slice(0, Number(process.env.FIRST_LOAD_FILES ?? 12))
      .map((f) => `${f.name} ${f.kb.toFixed(1)}`)
      .join(', '),
);
for (const row of rows.filter((r) => r.page === '/')) {
  console.log(`first load of / in ${row.locale}: ${row.kb.toFixed(1)} KB (target ≤ ${TARGET_KB} KB: ${row.kb <= TARGET_KB ? 'met' : 'not met'})`);
}
