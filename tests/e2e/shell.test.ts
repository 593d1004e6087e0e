import { describe, expect, inject, it } from 'vitest';
import { screenshotDir, useBrowser } from './browser';

const browser = useBrowser();

describe('app shell in Chromium against wrangler dev', () => {
  it('renders the home page with header, side navigation and background', async () => {
    const page = await browser.open('/');
    await page.getByTestId('app-header').waitFor();
    await page.getByTestId('side-nav').waitFor();
    await page.getByTestId('layout-bg').waitFor();
    await expect(page.getByTestId('login-button').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('Welcome to Tingyi');
    await expect(page.getByTestId('layout-bg').getAttribute('data-background')).resolves.toBe('on');
    await page.screenshot({ path: `${screenshotDir}/home-1280.png`, fullPage: true });
    await page.context().close();
  });

  it('switches the interface to Traditional Chinese from the language picker', async () => {
    const page = await browser.open('/');
    const productName = page.getByTestId('product-name');
    await expect(productName.textContent()).resolves.toBe('Tingyi');
    await page.getByTestId('lang-picker').click();
    await page.getByTestId('lang-option-zh-TW').click();
    await expect.poll(() => productName.textContent()).toBe('聽譯');
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('歡迎使用聽譯');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    // The choice is remembered across a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('歡迎使用聽譯');
    await page.screenshot({ path: `${screenshotDir}/home-zh-TW-1280.png` });
    await page.context().close();
  });

  it('loads deep links straight from the server', async () => {
    for (const [path, title] of [
      // The records page is titled with the current folder: a new visitor's default folder.
      ['/recordList?x=1', 'Default folder'],
      // No live meeting has this code: the casting page says so.
      ['/cast/123456', 'Code not found'],
      ['/user/profile', 'Profile'],
      ['/vocabulary', 'Vocabulary'],
    ] as const) {
      const page = await browser.open(path);
      await expect.poll(() => page.getByTestId('page-title').textContent(), { timeout: 15_000 }).toBe(title);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      // The background image belongs to home and the record lists only.
      if (path === '/vocabulary') await expect(page.getByTestId('layout-bg').getAttribute('data-background')).resolves.toBe('off');
      await page.context().close();
    }
  });

  it('takes the language from the lang query parameter', async () => {
    const page = await browser.open('/?lang=zh-CN');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('欢迎使用听译');
    await page.context().close();
  });

  it('fits a 375 px phone screen with a menu button instead of the side navigation', async () => {
    const page = await browser.open('/', { width: 375, height: 812 });
    await page.getByTestId('mobile-menu-button').waitFor();
    expect(await page.getByTestId('side-nav').isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshotDir}/home-375.png`, fullPage: true });
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('side-nav').waitFor();
    await page.screenshot({ path: `${screenshotDir}/home-375-menu.png` });
    await page.context().close();
  });

  it('answers unknown API paths with the JSON envelope, not the app shell', async () => {
    const response = await fetch(`${inject('baseURL')}/prod-api/nope`, { headers: { 'accept-language': 'zh-CN' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 404, msg: '请求的地址不存在：/prod-api/nope', data: null });
  });
});

describe('Worker and engine together', () => {
  it('offers the recognition languages the running engine reports', async () => {
    const response = await fetch(`${inject('baseURL')}/prod-api/audio/LanguageInternation`, { headers: { 'accept-language': 'en-US' } });
    const body = (await response.json()) as { code: number; data: { transcribeLanguage: { code: string }[]; translation: { code: string }[] } };
    expect(body.code).toBe(200);
    expect(body.data.transcribeLanguage.map((l) => l.code)).toContain('en-US');
  });
});
