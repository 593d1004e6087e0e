/// <reference types="chrome" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOKEN_COOKIE } from '../../contracts/constants';
import type { RecordDetail } from '../../contracts/records';
import { EXTENSION_ID, launchWithExtension } from '../../scripts/extension-browser.mjs';
import { api, grantHours, signUp } from './api';
import { screenshotDir } from './browser';
import { recall, writeClip } from './librivox-clip';

/**
 * The browser subtitle plugin in real Chromium against `wrangler dev` and the real engine: the unpacked
 * extension is loaded, signed in through the web app's hand-off page, and started on a local page that plays a
 * held-out LibriVox reading through an <audio> element. The page shows the English line and its Spanish
 * translation over it while the audio keeps playing; stopping saves the session as a record named after the page.
 *
 * Started the way a person starts it: the toolbar button is clicked over the talking tab (DevTools'
 * `Extensions.triggerAction`, the browser's own handling of that click, which lets the plugin capture the tab)
 * and the popup's Start button is clicked with the mouse. Not exercised: the pixel press on the toolbar itself,
 * which headless Chromium does not draw.
 */

const EXTENSION_DIR = resolve('dist/extension');
const PAGE_TITLE = 'Sense and Sensibility, read aloud';

let browser: Awaited<ReturnType<typeof launchWithExtension>>;
let context: BrowserContext;
let site: Server;
let siteURL: string;

beforeAll(async () => {
  const baseURL = inject('baseURL');
  execFileSync('node', ['scripts/build-extension.mjs'], { env: { ...process.env, TINGYI_ORIGIN: baseURL }, stdio: 'pipe' });
  // The clip with two seconds of silence after it, served with a page that plays it in a loop.
  const work = mkdtempSync(join(tmpdir(), 'e2e-extension-'));
  const wav = join(work, 'talk.wav');
  writeClip(wav, 44100, 2);
  const audio = readFileSync(wav);
  const html = `<!doctype html><html lang="en"><head><title>${PAGE_TITLE}</title></head><body><h1>${PAGE_TITLE}</h1><audio id="talk" src="/talk.wav" autoplay loop controls></audio></body></html>`;
  site = createServer((request, response) => {
    if (request.url === '/talk.wav') response.writeHead(200, { 'content-type': 'audio/wav' }).end(audio);
    else response.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  siteURL = `http://localhost:${(site.address() as AddressInfo).port}/`;
  browser = await launchWithExtension(EXTENSION_DIR, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  context = browser.context;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  site?.close();
});

/** The page's audio element: whether it plays and how far it got. */
const playback = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('#talk')!;
    return { paused: audio.paused, time: audio.currentTime };
  });

describe('the browser subtitle plugin in Chromium', () => {
  it('signs in through the web app, subtitles a playing tab with a translation, and saves the session as a record', { timeout: 240_000 }, async () => {
    const baseURL = inject('baseURL');
    expect(new URL(browser.worker.url()).host).toBe(EXTENSION_ID);
    const token = await signUp('extension');
    await grantHours(token, 1);

    // Settings in the popup: this Worker's address, English heard, Spanish shown under it.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    await popup.getByTestId('ext-origin').fill(baseURL);
    await popup.getByTestId('ext-origin').blur();
    await expect.poll(() => popup.getByTestId('ext-source').locator('option', { hasText: 'English' }).count(), { timeout: 15_000 }).toBe(1);
    await popup.getByTestId('ext-source').selectOption({ label: 'English' });
    await expect.poll(() => popup.getByTestId('ext-target').locator('option', { hasText: 'Spanish' }).count(), { timeout: 15_000 }).toBe(1);
    await popup.getByTestId('ext-target').selectOption({ label: 'Spanish' });

    // Signed in on the web app, the hand-off page gives the plugin its token by extension messaging.
    await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: baseURL }]);
    const [handOff] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('ext-sign-in').click()]);
    expect(handOff.url()).toContain(`/pluginSignIn?extension=${EXTENSION_ID}`);
    expect(handOff.url()).not.toContain(token);
    await handOff.getByTestId('plugin-sign-in-done').waitFor({ timeout: 30_000 });
    await popup.getByTestId('ext-start').waitFor();

    const talk = await context.newPage();
    await talk.goto(siteURL);
    await expect.poll(async () => (await playback(talk)).time, { timeout: 15_000 }).toBeGreaterThan(0);

    // The toolbar button clicked over the talking tab, then the popup's Start button.
    const toolbarPopup = await browser.clickAction(talk);
    await toolbarPopup.click('ext-start');
    await expect.poll(() => toolbarPopup.text('ext-phase'), { timeout: 60_000 }).toBe('Live');

    const source = talk.getByTestId('tingyi-source');
    await expect.poll(async () => recall((await source.textContent().catch(() => '')) ?? ''), { timeout: 90_000, interval: 500 }).toBeGreaterThan(0.1);
    const translation = talk.getByTestId('tingyi-translation');
    await expect.poll(async () => (await translation.textContent().catch(() => ''))?.trim().length ?? 0, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    await talk.screenshot({ path: `${screenshotDir}/extension-overlay.png` });

    // The tab still plays while it is captured.
    const before = await playback(talk);
    await expect.poll(async () => (await playback(talk)).time !== before.time && !(await playback(talk)).paused, { timeout: 10_000 }).toBe(true);

    // Stopping ends the session; it is a record named after the page, with its lines.
    const meetingId = await popup.evaluate(async () => ((await chrome.storage.session.get('view')).view as { meetingId: number }).meetingId);
    await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'stop' }));
    await expect.poll(() => popup.getByTestId('ext-phase').textContent(), { timeout: 60_000 }).toBe('Saved to your records');
    await expect
      .poll(async () => (await api<{ meeting: { name: string; status: string } }>(`/speech/meeting/getMeeting?id=${meetingId}`, { token })).data.meeting, {
        timeout: 60_000,
      })
      .toMatchObject({ name: PAGE_TITLE, status: 'ended' });
    // The page's address is the record's note.
    const { record } = (await api<RecordDetail>(`/speech/audio/transcribe/getTrans?id=${meetingId}`, { token })).data;
    expect(record.sourceUrl).toBe(siteURL);
    await expect.poll(async () => await talk.getByTestId('tingyi-overlay').isVisible(), { timeout: 10_000 }).toBe(false);
  });
});
