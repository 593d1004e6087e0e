import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { TOKEN_COOKIE } from '../../contracts/constants';

/** Flags this offline machine needs: without them Chromium keeps trying to reach Google's services. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const screenshotDir = 'dist/screenshots';

/** One real Chromium per test file (with `args` added to its flags), and a fresh page (own storage) per call to `open`. */
export function useBrowser(args: string[] = []) {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...args] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    /** `token`: open already signed in (the web app keeps its bearer token in this cookie). */
    async open(path: string, options: { width?: number; height?: number; locale?: string; token?: string } = {}): Promise<Page> {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        locale: options.locale ?? 'en-US',
        acceptDownloads: true,
      });
      if (options.token) await context.addCookies([{ name: TOKEN_COOKIE, value: options.token, url: inject('baseURL') }]);
      const page = await context.newPage();
      await page.goto(inject('baseURL') + path);
      return page;
    },
  };
}
