import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREEN_VIEWS, type ScreenView } from '../../contracts/meeting';
import { grantHours, signUp } from './api';
import { screenshotDir, useBrowser } from './browser';
import { chooseOption, settle, visible } from './ui';
import { recall, writeClip } from './librivox-clip';

/**
 * A live meeting in Chromium against `wrangler dev` and the real engine: the host's microphone is a
 * LibriVox clip (Chromium's fake capture device, fed from a WAV file), the host starts an interpreted
 * meeting, a signed-out screen joins by its six-digit code, and both see the live subtitles and the
 * Spanish interpretation; the ended meeting opens as a record with its transcript.
 */

// The clip and two seconds of silence, which Chromium plays in a loop as the microphone.
const microphone = join(mkdtempSync(join(tmpdir(), 'e2e-meeting-')), 'microphone.wav');
writeClip(microphone, 48000, 1);

const browser = useBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${microphone}`]);

describe('a live meeting in Chromium', () => {
  it('streams the host microphone to live subtitles on the host page and on a screen joined by six-digit code', { timeout: 600_000 }, async () => {
    const token = await signUp('meeting');
    await grantHours(token, 1);
    const host = await browser.open('/meeting', { token });
    await host.getByTestId('meeting-setup').waitFor();
    await chooseOption(host, 'meeting-source', 'English');
    await chooseOption(host, 'meeting-targets', 'Spanish');
    await host.keyboard.press('Escape');
    await host.getByTestId('meeting-name').fill('Reading aloud');
    await host.getByTestId('meeting-create').click();
    await host.waitForURL(/\/meeting\?id=\d+/);
    const meetingId = Number(new URL(host.url()).searchParams.get('id'));

    await host.getByTestId('meeting-start').click();
    await host.getByTestId('live-line').first().waitFor({ timeout: 60_000 });
    // The level meter moves with the microphone.
    await expect.poll(async () => Number(await host.getByTestId('meeting-level').getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);

    await host.getByTestId('meeting-open-screen').click();
    const code = (await visible(host, 'meeting-screen-code').textContent())!.replace(/\D/g, '');
    expect(code).toMatch(/^\d{6}$/);
    await settle(host);
    await host.keyboard.press('Escape');

    // A screen needs no account: the casting app's route, at tablet width.
    const screen = await browser.open(`/cast/${code}`, { width: 768, height: 600 });
    await screen.getByTestId('projection').waitFor();
    const line = screen.getByTestId('projection-line').first();
    await line.waitFor({ timeout: 60_000 });
    await screen.locator('.projection-translation:not(.projection-pending)').first().waitFor({ timeout: 30_000 });
    await screen.screenshot({ path: `${screenshotDir}/meeting-projection.png` });

    await expect
      .poll(async () => recall((await host.getByTestId('live-subtitles').textContent()) ?? ''), { timeout: 60_000, interval: 1000 })
      .toBeGreaterThan(0.5);
    await expect
      .poll(async () => recall((await screen.getByTestId('projection').textContent()) ?? ''), { timeout: 30_000, interval: 1000 })
      .toBeGreaterThan(0.3);
    // The console counts the screen, labelled.
    await expect.poll(() => host.getByTestId('meeting-screens').textContent(), { timeout: 15_000 }).toBe('Screens1');
    await host.screenshot({ path: `${screenshotDir}/meeting-host.png` });

    // The running summary reaches the console within a minute of speech.
    await host.getByTestId('live-summary-topics').waitFor({ timeout: 60_000 });
    // Each view the host can pick, as the audience sees it in each language, on a projector and on a phone.
    await projectedViews(host, screen, 'en-US');
    await screen.close();
    // A second screen takes over from the first (one screen without the multi-screen right).
    const zhScreen = await browser.open(`/cast/${code}`, { width: 1280, height: 720, locale: 'zh-CN' });
    // The captions alone read the same in any language: Chinese is seen where the summary shows.
    await projectedViews(host, zhScreen, 'zh-CN', ['summary', 'both']);

    await host.getByTestId('meeting-end').click();
    await host.locator('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary').first().click();
    await host.waitForURL(new RegExp(`/meetingDetail\\?id=${meetingId}`), { timeout: 30_000 });
    await host.getByTestId('detail-line-0').waitFor();
    // The screen is told the meeting ended.
    await zhScreen.getByText('会议已结束').first().waitFor({ timeout: 15_000 });
  });
});

/** The host console's labels for the screen views (the host reads English). */
const VIEW_LABELS = { subtitles: 'Subtitles', summary: 'Summary', both: 'Summary + subtitles' };

const SIZES = [
  { width: 1280, height: 720 },
  { width: 375, height: 667 },
];

/**
 * The host picks each screen view in turn; the screen is photographed at each size (into
 * dist/screenshots/live-summary/) once its controls have faded, as the audience sees it, and what makes it
 * readable is held: the summary large enough to read from the back of a room, the captions whole below it,
 * nothing wider than the screen, no line of the summary cut at the stage's edge, its list numbers on screen.
 */
async function projectedViews(host: Page, screen: Page, locale: string, views: readonly ScreenView[] = SCREEN_VIEWS) {
  mkdirSync(`${screenshotDir}/live-summary`, { recursive: true });
  await screen.getByTestId('projection').waitFor();
  for (const view of views) {
    await host.getByTestId('screen-view').getByText(VIEW_LABELS[view], { exact: true }).click();
    await screen.locator(`.projection-stage[data-view="${view}"]`).waitFor();
    if (view !== 'subtitles') await screen.getByTestId('live-summary-topics').waitFor();
    if (view !== 'summary') await screen.getByTestId('projection-line').first().waitFor();
    for (const size of SIZES) {
      await screen.setViewportSize(size);
      // The audience sees the screen once its controls fade.
      await screen.locator('.projection-calm').waitFor();
      await screen.screenshot({ path: `${screenshotDir}/live-summary/${locale}-${view}-${size.width}.png` });
      const look = await screen.evaluate(measureProjection);
      const where = `${locale} ${view} at ${size.width} px: ${JSON.stringify(look)}`;
      expect(look.pageWidth, where).toBeLessThanOrEqual(size.width);
      if (look.summary) {
        // A caption is about 54 px at 1280×720: the summary alone reads at two thirds of that, above them at half.
        if (size.width === 1280) expect(look.summary.font, where).toBeGreaterThanOrEqual(view === 'summary' ? 34 : 26);
        else expect(look.summary.font, where).toBeGreaterThanOrEqual(16);
        expect(look.summary.overflow, where).toEqual({ down: 0, across: 0 });
        expect(look.summary.numbers, where).toBeGreaterThanOrEqual(1.2);
      }
      for (const row of look.rows) {
        // Every caption row whole on the stage, under the summary when there is one.
        expect(row.top, where).toBeGreaterThanOrEqual(look.summary?.bottom ?? look.stage.top);
        expect(row.bottom, where).toBeLessThanOrEqual(look.stage.bottom);
        expect(row.right, where).toBeLessThanOrEqual(size.width);
      }
      if (view !== 'summary') expect(look.rows.length, where).toBeGreaterThan(0);
    }
  }
}

/** What the projected screen shows, measured in the page (px; `numbers`: the topic list's indent in its font size). */
function measureProjection() {
  const box = (el: Element) => el.getBoundingClientRect();
  const stage = box(document.querySelector('.projection-stage')!);
  const summary = document.querySelector<HTMLElement>('.projection-summary');
  const item = summary?.querySelector('.live-summary-body li');
  const list = summary?.querySelector('.live-summary-body ol');
  return {
    pageWidth: document.documentElement.scrollWidth,
    stage: { top: stage.top, bottom: stage.bottom },
    summary:
      summary && item && list
        ? {
            font: Number.parseFloat(getComputedStyle(item).fontSize),
            bottom: Math.round(box(summary).bottom),
            overflow: { down: Math.max(0, summary.scrollHeight - summary.clientHeight - 1), across: Math.max(0, summary.scrollWidth - summary.clientWidth) },
            numbers: Number.parseFloat(getComputedStyle(list).paddingLeft) / Number.parseFloat(getComputedStyle(list).fontSize),
          }
        : null,
    rows: Array.from(document.querySelectorAll('.caption-row')).map((row) => ({
      top: Math.round(box(row).top),
      bottom: Math.round(box(row).bottom),
      right: Math.round(box(row).right),
    })),
  };
}
