import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { TOKEN_COOKIE } from '../../contracts/constants';
import { admin, api, latestCode } from './api';
import { screenshotDir, useBrowser } from './browser';
import { settle } from './ui';

const browser = useBrowser();
const email = `ann-${Date.now()}@example.com`;
/** A second account, signed up by code login: a code for `email` is still cooling down by then. */
const email2 = `bo-${Date.now()}@example.com`;
const password = 'abcdef12';

/**
 * Solves the click captcha as a person does: clicks where the prompted glyphs are drawn, in order. The picture
 * is pixels with nothing to read, so where they are comes from the development-only answer route.
 */
async function solveCaptcha(page: Page) {
  const picture = page.getByTestId('captcha-image');
  await picture.locator('svg image').waitFor();
  // The dialog zooms in from the button: click only once the animation has ended (the picture can measure
  // 300 px for a frame before the zoom starts) and the picture stands at its full size.
  await settle(page);
  await expect.poll(async () => (await picture.boundingBox())?.width).toBe(300);
  expect(await page.locator('.captcha-glyph').count()).toBe(5);
  expect(await picture.locator('svg text').count()).toBe(0);
  const { data: answer } = await api<{ x: number; y: number }[]>(`/dev/captcha?id=${await picture.getAttribute('data-captcha-id')}`);
  const box = (await picture.boundingBox())!;
  for (const point of answer) await page.mouse.click(box.x + point.x, box.y + point.y);
}

async function openAccountMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  // The panel slides in (a closed one stays in the page, hidden): wait until it is really shown.
  await expect.poll(() => page.getByTestId('user-panel').isVisible()).toBe(true);
  await settle(page);
}

describe('accounts in Chromium against wrangler dev', () => {
  it('shows the login page at desktop and phone widths', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.open('/login', { width, height: width === 375 ? 812 : 800 });
      await page.getByTestId('username-input').waitFor();
      await expect(page.getByTestId('page-title').textContent()).resolves.toBe('Log in');
      // Without WeChat configured, the password method is the one shown first.
      await expect(page.getByRole('radio', { name: 'Account & password' }).isChecked()).resolves.toBe(true);
      // Providers without configuration are not shown at all.
      expect(await page.getByText(/Google|WeChat/).count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshotDir}/login-${width}.png`, fullPage: true });
      await page.context().close();
    }
  });

  it('registers with an emailed code, signs out, signs back in with password and the click captcha', async () => {
    const page = await browser.open('/register');
    await page.getByTestId('target-input').fill(email);
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('send-code').textContent()).toMatch(/Resend in \d+ s/);
    await page.getByTestId('code-input').fill(await latestCode(email));
    await page.getByTestId('password-input').fill(password);
    await page.getByTestId('password-confirm-input').fill(password);
    await page.getByTestId('register-submit').click();

    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await openAccountMenu(page);
    await expect(page.getByTestId('account-item-duration').textContent()).resolves.toContain('Duration');
    await page.getByTestId('menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('login-button').or(page.getByTestId('username-input')).first().waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(0);

    await page.getByTestId('username-input').fill(email);
    await page.getByTestId('password-input').fill(password);
    await page.getByTestId('login-submit').click();
    await solveCaptcha(page);
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('switches the login page to Simplified Chinese', async () => {
    const page = await browser.open('/login');
    await page.getByTestId('username-input').waitFor();
    await page.getByTestId('lang-picker').click();
    await page.getByTestId('lang-option-zh-CN').click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('登录');
    await expect(page.getByTestId('tab-password').textContent()).resolves.toBe('账号密码登录');
    await expect(page.getByTestId('login-submit').textContent()).resolves.toBe('登录');
    await page.context().close();
  });

  it('toggles QR code sharing, redeems a card and sees the new balance', async () => {
    const page = await browser.open('/login?redirect=%2Fuser%2Fprofile');
    await page.getByTestId('tab-code').click();
    await page.getByTestId('target-input').fill(email2);
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('send-code').textContent()).toMatch(/Resend in \d+ s/);
    await page.getByTestId('code-input').fill(await latestCode(email2));
    await page.getByTestId('code-login-submit').click();
    await page.waitForURL((url) => url.pathname === '/user/profile');
    await page.getByTestId('profile-basic').waitFor();
    await expect(page.getByTestId('nickname-input').inputValue()).resolves.toBe(email2.split('@')[0]);
    await page.screenshot({ path: `${screenshotDir}/profile-1280.png`, fullPage: true });

    // My QR code: sharing starts off; each switch is saved on the server.
    await page.getByTestId('profile-qr-code').click();
    const toggle = page.getByTestId('qr-share-switch');
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');
    await page.locator('[data-testid=qr-code] canvas').waitFor();
    await settle(page);
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').state.userInfo.id as number);
    const token = (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)!.value;
    // The owner's own view: their sharing and the key their code carries (strangers learn neither).
    const ownView = async () =>
      (
        (await (await fetch(`${inject('baseURL')}/prod-api/system/getClient?userId=${userId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          data: { shareStatus: string; qrKey: string };
        }
      ).data;
    const shareStatus = async () => (await ownView()).shareStatus;
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expect(shareStatus()).resolves.toBe('1');
    await page.waitForTimeout(300); // let the switch finish sliding
    await page.screenshot({ path: `${screenshotDir}/qr-dialog-1280.png` });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect(shareStatus()).resolves.toBe('0');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('qr-dialog').waitFor({ state: 'detached' });

    const landing = await browser.open(`/myQrCodeMiddlePage?userId=${userId}&key=${(await ownView()).qrKey}`);
    await landing.getByTestId('qr-landing-off').waitFor();
    await landing.context().close();

    // A card code for a 10-hour duration package.
    const created = admin('package:create', '--type', '3', '--name', '10 hours', '--hours', '10');
    const packageId = created.match(/Created package (\d+)/)?.[1];
    expect(packageId).toBeDefined();
    const code = admin('card:mint', '--package', packageId!).trim().split('\n').pop()!.trim();
    expect(code.length).toBeGreaterThan(0);

    await openAccountMenu(page);
    const duration = page.getByTestId('account-item-duration').getByTestId('account-remark');
    await expect.poll(() => duration.textContent()).toBe('Not activated');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-panel').waitFor({ state: 'hidden' });
    await page.getByTestId('card-exchange-button').click();
    await page.getByTestId('card-code-input').fill(code);
    // The dialog zooms in from the button: a click while it still grows can land beside the moving button.
    await settle(page);
    await page.getByTestId('card-code-submit').click();
    await page.getByText('Card code redeemed').waitFor();
    await page.getByTestId('card-code-input').waitFor({ state: 'detached' });
    await openAccountMenu(page);
    await expect.poll(() => duration.textContent()).toMatch(/^600 min left/);
    await expect.poll(() => duration.isVisible()).toBe(true);
    await page.waitForTimeout(300); // let the panel finish fading in
    await page.screenshot({ path: `${screenshotDir}/account-menu-1280.png` });
    await page.context().close();
  });
});
