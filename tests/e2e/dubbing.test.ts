import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DubIteration } from '../../contracts/dubbing';
import { makeMeeting } from '../fixtures/meeting';
import { admin, api, signUp } from './api';
import { screenshotDir, useBrowser } from './browser';
import { chooseOption } from './ui';
import { makeTestVideo } from '../fixtures/video';

/**
 * AI dubbing from end to end in Chromium against `wrangler dev` and the real engine: a video uploaded
 * through the dubbing dialog is recognised, translated into Spanish, spoken in two voices and rendered with
 * burned-in subtitles; the dubbed mp4 plays in the editor and ffprobe reads it; a line edited and re-dubbed
 * makes a second version for half the length.
 */

const browser = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'e2e-dubbing-'));
let token: string;
let video: string;

beforeAll(async () => {
  token = await signUp('dubbing');
  // An AI voiceover package, as an operator sells one: dubbing is paid from it alone (spec §6).
  const packageId = admin('package:create', '--type', '5', '--name', 'Voiceover hour', '--hours', '1', '--price', '1').match(/\d+/)![0];
  const card = admin('card:mint', '--package', packageId, '--count', '1').trim().split('\n').at(-1)!.trim();
  const redeemed = await api(`/expense/cardPassword/exchangeCardPassword/${encodeURIComponent(card)}`, { body: {}, token });
  expect(redeemed.code).toBe(200);
  video = join(dir, 'Budget review.mp4');
  makeTestVideo({ audio: ['-i', makeMeeting(dir).path], out: video });
});

/** Waits until the editor shows the project finished (the page follows the job by itself). */
async function waitForDubbed(page: Page) {
  await expect.poll(() => page.getByTestId('dub-status').getAttribute('data-status'), { timeout: 240_000, interval: 1000 }).toMatch(/dub_complete|dub_err/);
  expect(await page.getByTestId('dub-status').getAttribute('data-status')).toBe('dub_complete');
}

/** What ffprobe reads of the dubbed video the editor plays. */
async function probeDubbed(page: Page) {
  const src = await page.getByTestId('dub-video').getAttribute('src');
  const bytes = new Uint8Array(await (await fetch(new URL(src!, page.url()))).arrayBuffer());
  const file = join(dir, `dubbed-${Date.now()}.mp4`);
  writeFileSync(file, bytes);
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'json', file], { encoding: 'utf8' });
  return (JSON.parse(out) as { streams: { codec_type: string; duration: string }[] }).streams;
}

describe('AI dubbing in Chromium', () => {
  it('dubs an uploaded video into Spanish, plays it, and re-dubs an edited line as a second version', { timeout: 480_000 }, async () => {
    const page = await browser.open('/', { token });
    await page.locator('.home-action.dubbing').click();
    await page.getByTestId('dub-dialog').waitFor();
    await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(video);
    await page.getByTestId('upload-file-done').waitFor({ timeout: 60_000 });
    await chooseOption(page, 'dub-audio-language', 'English');
    await chooseOption(page, 'dub-translation-language', 'Spanish');
    // The speaker count stays at its default of 10, an upper bound: the video's two voices come out as two.
    await page.getByTestId('dub-export-subtitles').click();
    await page.screenshot({ path: `${screenshotDir}/dub-dialog.png` });
    await page.getByTestId('dub-submit').click();

    // Starting opens the project in the editor, which follows the job to the end.
    await page.waitForURL(/\/dub\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('dub-title').textContent()).resolves.toContain('Budget review');
    await waitForDubbed(page);
    await page.getByTestId('dub-line-0').waitFor();
    const source = await page.getByTestId('dub-line-text-0').textContent();
    const spanish = await page.getByTestId('dub-line-translation-0').inputValue();
    expect(spanish.length).toBeGreaterThan(0);
    expect(spanish).not.toBe(source);
    // The speaker panel loads beside the lines, not with them.
    await expect.poll(() => page.getByTestId('dub-speaker').count()).toBe(2);

    // The dubbed video is what the player shows, and Chromium can play it.
    await expect(page.getByTestId('dub-video').getAttribute('data-kind')).resolves.toBe('dubbed');
    await expect
      .poll(() => page.getByTestId('dub-video').evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 20_000 })
      .toBeGreaterThan(20);
    const streams = await probeDubbed(page);
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    const [a, v] = ['audio', 'video'].map((kind) => Number(streams.find((s) => s.codec_type === kind)!.duration));
    expect(Math.abs(a! - v!)).toBeLessThan(0.5);
    await page.screenshot({ path: `${screenshotDir}/dub-editor.png`, fullPage: true });

    // With nothing edited a re-dub has nothing to speak: it is offered disabled, and no charge is asked.
    await expect(page.getByTestId('dub-redub').isDisabled()).resolves.toBe(true);
    // Edit the first line's translation: it is marked edited, and re-dubbing speaks it again as version 2.
    await page.getByTestId('dub-line-translation-0').fill('Hola a todos, empecemos la reunión.');
    await page.getByTestId('dub-save').click();
    await page.getByTestId('dub-line-changed-0').waitFor();
    await page.getByTestId('dub-redub').click();
    await page.getByTestId('dub-redub-confirm').click();
    await expect.poll(() => page.getByTestId('dub-status').getAttribute('data-status'), { timeout: 20_000 }).not.toBe('dub_complete');
    await waitForDubbed(page);
    await page.getByTestId('dub-line-changed-0').waitFor({ state: 'detached' });
    const versions = await api<DubIteration[]>(`/speech/video/transcribe/getIteration?id=${id}`, { token });
    expect(versions.data.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.data.every((v) => v.url !== null)).toBe(true);
    await page.getByTestId('dub-versions').click();
    await expect.poll(() => page.getByTestId('dub-version').count()).toBe(2);
  });
});
