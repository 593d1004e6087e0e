import { describe, expect, it } from 'vitest';
import { signUp } from './api';
import { screenshotDir, useBrowser } from './browser';

/**
 * The developer pages in Chromium at phone width, against the real Worker: /developers draws the generated
 * OpenAPI document with its renderer, and the profile's API keys card makes a key and shows it once.
 */
const browser = useBrowser();
const sideways = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

describe('developer pages at 375 px', () => {
  it('draws the API reference and makes a key on the profile page, in Chinese, without sideways scrolling', { timeout: 180_000 }, async () => {
    const reference = await browser.open('/developers', { width: 375, height: 812, locale: 'zh-CN' });
    await reference.getByText('听译 API 参考').first().waitFor();
    // The generated document's title and its scopes' tags, drawn by the renderer (loaded only on this page).
    await reference.getByText('Tingyi API', { exact: true }).waitFor({ timeout: 90_000 });
    await reference.getByText('records:read', { exact: true }).first().waitFor({ state: 'attached' });
    expect(await reference.evaluate(sideways)).toBeLessThanOrEqual(0);
    await reference.screenshot({ path: `${screenshotDir}/developers-375.png` });

    const token = await signUp('developer-pages');
    const profile = await browser.open('/user/profile', { width: 375, height: 812, locale: 'zh-CN', token });
    await profile.getByTestId('api-key-create').click();
    await profile.getByTestId('api-key-name').fill('手机上的密钥');
    await profile.getByTestId('api-key-create-ok').click();
    const shown = profile.getByTestId('api-key-value');
    await shown.waitFor();
    expect(await shown.inputValue()).toMatch(/^ty_live_/);
    await profile.getByText('请立即复制此密钥，它不会再次显示。').waitFor();
    expect(await profile.evaluate(sideways)).toBeLessThanOrEqual(0);
    await profile.getByTestId('api-key-done').click();
    await profile.getByTestId('api-key-row').filter({ hasText: '手机上的密钥' }).waitFor();
    expect(await profile.getByTestId('api-key-row').first().textContent()).toContain('从未使用');
    expect(await profile.evaluate(sideways)).toBeLessThanOrEqual(0);
    await profile.screenshot({ path: `${screenshotDir}/api-keys-375.png`, fullPage: true });
  });
});
