import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

/**
 * The casting screen as an installable app: /cast links its web manifest and registers its service worker,
 * Chromium finds nothing that stops installing it, and the screen opens again with the network gone.
 */

const browser = useBrowser();

describe('the casting app', () => {
  it('is installable and opens offline', { timeout: 120_000 }, async () => {
    const page = await browser.open('/cast', { width: 1024, height: 600 });
    await page.getByTestId('cast-entry').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await page.context().newCDPSession(page);
    // The test's browser context is off the record, where nothing installs ('in-incognito'): any other reason counts.
    const blockers = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors
        .map((error) => error.errorId)
        .filter((id) => id !== 'in-incognito');
    await expect.poll(blockers, { timeout: 20_000 }).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/cast\.webmanifest$/);
    expect(manifest.errors).toEqual([]);

    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    // A visit under the worker keeps the app's files; then it opens without a network.
    await page.reload();
    await page.getByTestId('cast-entry').waitFor();
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('cast-entry').waitFor({ timeout: 20_000 });
    await page.context().setOffline(false);
  });
});
