import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { TOKEN_COOKIE } from '../../contracts/constants';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export const screenshotDir = 'dist/screenshots';

/** One real Chromium per test file (with `args` added to its flags), and a fresh page (own storage) per call to `open`. */
export function useBrowser(args: string[] = []) {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] });
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
