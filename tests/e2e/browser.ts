import { mkdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { TOKEN_COOKIE } from '../../contracts/constants';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export const screenshotDir = 'dist/screenshots';

/** What a page did that explains a failure: API answers other than 2xx, console errors, uncaught errors. */
interface PageTrail {
  page: Page;
  events: string[];
}

/** The last `lines` lines of a service's log but the static files it served, or why there are none. */
function tail(file: string, lines: number): string {
  try {
    const log = readFileSync(file, 'utf8').trimEnd().split('\n');
    return log
      .filter((line) => !/\] GET \/(assets\/|favicon)/.test(line))
      .slice(-lines)
      .join('\n');
  } catch (error) {
    return `(no log: ${(error as Error).message})`;
  }
}

/** One real Chromium per test file (with `args` added to its flags), and a fresh page (own storage) per call to `open`. */
export function useBrowser(args: string[] = []) {
  let browser: Browser;
  let trails: PageTrail[] = [];
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] });
  });
  afterAll(async () => {
    await browser?.close();
  });
  // A failure in CI is seen only through its output: say what each page showed, what the API answered and
  // what the services logged, and keep a screenshot beside the others.
  afterEach(async ({ task }) => {
    const open = trails.filter(({ page }) => !page.isClosed());
    trails = [];
    if (task.result?.state !== 'fail') return;
    const report: string[] = [`── what the failed test "${task.name}" left behind`];
    for (const [index, { page, events }] of open.entries()) {
      const shot = `${screenshotDir}/failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${index}.png`;
      await page.screenshot({ path: shot }).catch(() => undefined);
      const notices = await page
        .locator('.ant-message-notice, .ant-notification-notice, .ant-modal-title')
        .allTextContents()
        .catch(() => []);
      report.push(`page ${index}: ${page.url()} (screenshot ${shot})`, `  on screen: ${JSON.stringify(notices)}`, ...events.slice(-20).map((e) => `  ${e}`));
    }
    const logs = inject('serviceLogs');
    report.push('── worker log (end)', tail(logs.worker, 40), '── engine log (end)', tail(logs.engine, 15));
    console.log(report.join('\n'));
  });

  return {
    /** `token`: open already signed in (the web app keeps its bearer token in this cookie); `baseURL`: another Worker than the suite's. */
    async open(path: string, options: { width?: number; height?: number; locale?: string; token?: string; baseURL?: string } = {}): Promise<Page> {
      const base = options.baseURL ?? inject('baseURL');
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        locale: options.locale ?? 'en-US',
        acceptDownloads: true,
      });
      if (options.token) await context.addCookies([{ name: TOKEN_COOKIE, value: options.token, url: base }]);
      const page = await context.newPage();
      const events: string[] = [];
      trails.push({ page, events });
      const at = () => new Date().toISOString().slice(11, 23);
      page.on('response', (response) => {
        if (response.ok() || !response.url().includes('/prod-api/')) return;
        void response.text().then(
          (body) => events.push(`${at()} ${response.request().method()} ${response.url()} → ${response.status()} ${body.slice(0, 300)}`),
          () => events.push(`${at()} ${response.request().method()} ${response.url()} → ${response.status()}`),
        );
      });
      page.on('requestfailed', (request) => events.push(`${at()} ${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`));
      page.on('console', (message) => {
        if (message.type() === 'error') events.push(`${at()} console: ${message.text().slice(0, 300)}`);
      });
      page.on('pageerror', (error) => events.push(`${at()} uncaught: ${error.message}`));
      await page.goto(base + path);
      return page;
    },
  };
}
