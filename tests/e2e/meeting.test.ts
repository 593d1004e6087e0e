import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  it('streams the host microphone to live subtitles on the host page and on a screen joined by six-digit code', { timeout: 180_000 }, async () => {
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

    await host.getByTestId('meeting-end').click();
    await host.locator('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary').first().click();
    await host.waitForURL(new RegExp(`/meetingDetail\\?id=${meetingId}`), { timeout: 30_000 });
    await host.getByTestId('detail-line-0').waitFor();
    // The screen is told the meeting ended.
    await screen.getByText(/ended/i).first().waitFor({ timeout: 15_000 });
  });
});
