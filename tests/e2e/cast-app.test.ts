import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { grantHours, signUp } from './api';
import { useBrowser } from './browser';
import { chooseOption, settle, visible } from './ui';

/**
 * The casting screen as an installable app: /cast links its web manifest and registers its service worker,
 * Chromium finds nothing that stops installing it, and the screen opens again with the network gone. A screen
 * projecting a live meeting says it waits for the network when the network goes, and goes on by itself when
 * it comes back; it keeps the display awake while subtitles show.
 */

// The host's microphone: a LibriVox clip and two seconds of silence, which Chromium plays in a loop, so the
// meeting keeps saying new lines.
const microphone = join(mkdtempSync(join(tmpdir(), 'e2e-cast-')), 'microphone.wav');
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-y',
  '-i',
  '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav',
  '-af',
  'apad=pad_dur=2',
  '-ar',
  '48000',
  '-ac',
  '1',
  microphone,
]);

const browser = useBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${microphone}`]);

/** The newest line the screen shows, by the room's numbering. */
const newestLine = async (screen: Page) =>
  Math.max(-1, ...(await screen.getByTestId('projection-line').evaluateAll((lines) => lines.map((line) => Number(line.getAttribute('data-seq'))))));

/** Wraps the Screen Wake Lock so the page records each request (before any of the app's code runs). */
function recordWakeLocks() {
  const calls: string[] = [];
  Object.assign(window, { wakeLockRequests: calls });
  const wakeLock = navigator.wakeLock;
  const request = wakeLock.request.bind(wakeLock);
  wakeLock.request = (type?: 'screen') => {
    calls.push(type ?? 'screen');
    return request(type);
  };
}
const wakeLockRequests = (screen: Page) => screen.evaluate(() => (window as unknown as { wakeLockRequests: string[] }).wakeLockRequests.length);

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

    // The first visit, loaded before the worker existed, leaves the worker every file it loaded (the lazily
    // loaded screen included); then the app opens without a network.
    const allKept = () =>
      page.evaluate(async () => {
        const files = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
          .map((url) => url.pathname);
        const kept = await Promise.all(files.map((file) => caches.match(file)));
        return files.length > 0 && kept.every(Boolean);
      });
    await expect.poll(allKept, { timeout: 20_000 }).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('cast-entry').waitFor({ timeout: 20_000 });
    await page.context().setOffline(false);
  });

  it('keeps a projected meeting awake and on screen through a dropped connection', { timeout: 240_000 }, async () => {
    const token = await signUp('cast');
    await grantHours(token, 1);
    const host = await browser.open('/meeting', { token });
    await host.getByTestId('meeting-setup').waitFor();
    await chooseOption(host, 'meeting-source', 'English');
    await chooseOption(host, 'meeting-targets', 'Spanish');
    await host.keyboard.press('Escape');
    await host.getByTestId('meeting-name').fill('On the big screen');
    await host.getByTestId('meeting-create').click();
    await host.waitForURL(/\/meeting\?id=\d+/);
    await host.getByTestId('meeting-start').click();
    await host.getByTestId('meeting-open-screen').click();
    const code = (await visible(host, 'meeting-screen-code').textContent())!.replace(/\D/g, '');
    await settle(host);
    await host.keyboard.press('Escape');

    // The app is opened once (it installs its worker), then shows the meeting by its code.
    const screen = await browser.open('/cast', { width: 1024, height: 600 });
    await screen.getByTestId('cast-entry').waitFor();
    await screen.context().addInitScript(recordWakeLocks);
    const sockets: string[] = [];
    screen.on('websocket', (socket) => sockets.push(socket.url()));
    await screen.goto(new URL(`/cast/${code}`, screen.url()).href);
    await screen.getByTestId('projection-line').first().waitFor({ timeout: 90_000 });
    await expect.poll(() => wakeLockRequests(screen), { timeout: 10_000 }).toBeGreaterThan(0);

    // The network goes: the screen says so, not that joining failed.
    const socketsBefore = sockets.length;
    await screen.context().setOffline(true);
    await expect.poll(() => screen.getByTestId('cast-waiting-network').textContent(), { timeout: 15_000 }).toContain('Waiting for network');
    expect(await screen.getByTestId('meeting-load-error').count()).toBe(0);

    // It comes back: a new socket, welcomed, and lines said since then arrive on it.
    await screen.context().setOffline(false);
    await screen.getByTestId('projection').waitFor({ timeout: 15_000 });
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(socketsBefore);
    await screen.getByText('Unstable network, reconnecting…').waitFor({ state: 'hidden', timeout: 30_000 });
    const newestAtReconnect = await newestLine(screen);
    await expect.poll(() => newestLine(screen), { timeout: 60_000, interval: 500 }).toBeGreaterThan(newestAtReconnect);

    // Opened again without a network (the worker holds the app): the same waiting state, then the meeting
    // again by itself, from the remembered code.
    await expect.poll(() => screen.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    await screen.context().setOffline(true);
    await screen.reload();
    await screen.getByTestId('cast-waiting-network').waitFor({ timeout: 20_000 });
    await screen.context().setOffline(false);
    await screen.getByTestId('projection-line').first().waitFor({ timeout: 60_000 });
    await screen.goto(new URL('/cast', screen.url()).href);
    await screen.waitForURL(new RegExp(`/cast/${code}$`));
    await screen.getByTestId('projection').waitFor();
  });
});
