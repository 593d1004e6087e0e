import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Driving antd in a real browser: what every end-to-end test needs to click reliably. */

/** Waits for antd's pop-in animations to end, so clicks land where the element really is. */
export const settle = (page: Page) =>
  page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-slide-up-appear, .ant-slide-up-enter').first().waitFor({ state: 'detached' });

/** The visible element with this test id (antd keeps closed menus and dialogs in the page, hidden). */
export const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/**
 * Picks `text` in the searchable select with this test id. A select's stand-in turns into antd's on the click,
 * once that code is in: the typing waits until antd's search box has the focus.
 */
export async function chooseOption(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).locator('.ant-select-selection-search-input:focus').waitFor();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

/**
 * Opens a dropdown menu and waits for `item` in it. A click that lands while an earlier menu or message is
 * still animating can go unanswered, so it tries again.
 */
export async function openMenu(page: Page, trigger: string, item: string) {
  for (let attempt = 0; ; attempt++) {
    await page.getByTestId(trigger).click();
    try {
      await visible(page, item).waitFor({ timeout: 3000 });
      await settle(page);
      return;
    } catch (error) {
      if (attempt === 2) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Switches the interface language with the header's picker, as a person does. */
export async function switchLanguage(page: Page, locale: 'en-US' | 'zh-CN' | 'zh-TW') {
  await page.getByTestId('lang-picker').first().click();
  await page.getByTestId(`lang-option-${locale}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}

/**
 * Screenshots of what the page shows now at 1280 and at 375 px (`onPhone` first brings it on screen there) to
 * `${path}-${width}.png`; on the phone nothing may scroll sideways. The page is left at 1280 px.
 */
export async function shootWidths(page: Page, path: string, onPhone?: () => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    if (width < 800) await onPhone?.();
    await settle(page);
    await page.screenshot({ path: `${path}-${width}.png` });
    if (width < 800) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
