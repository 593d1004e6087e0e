import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeMeeting } from '../fixtures/meeting';
import { migrate } from '../../scripts/prepare.mjs';
import { freePort, startWorker } from '../../scripts/services.mjs';
import { screenshotDir, useBrowser } from './browser';

/**
 * A first visit as `npm start` gives it: a Worker with trial minutes on (the suite's own Worker has none, as
 * production), beside the suite's engine. A newcomer signs up, transcribes a file on the trial minutes alone,
 * watches its progress and reads the transcript; then shares it, and anyone with the link downloads it from
 * /meetingShareDownload.
 */

const browser = useBrowser();
const state = '.wrangler/e2e-first-visit';
let base: string;
let stopWorker: (() => Promise<void>) | undefined;
let speech: string;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
async function api<T>(path: string, init: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${base}/prod-api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return (await response.json()) as Envelope<T>;
}

beforeAll(async () => {
  rmSync(state, { recursive: true, force: true });
  await migrate(state);
  const port = await freePort();
  const worker = await startWorker({
    port,
    enginePort: inject('enginePort'),
    persistTo: state,
    log: false,
    logFile: 'dist/e2e-logs/worker-first-visit.log',
    vars: { TRIAL_MINUTES: '10' },
  });
  stopWorker = worker.stop;
  base = `http://127.0.0.1:${port}`;
  speech = makeMeeting(mkdtempSync(join(tmpdir(), 'e2e-first-visit-'))).path;
}, 180_000);

afterAll(async () => {
  await stopWorker?.();
});

let token: string;
let recordId: number;

describe('a first visit with trial minutes', () => {
  it('signs up, transcribes a file on the trial minutes alone and reads the transcript', { timeout: 300_000 }, async () => {
    const email = `newcomer-${Date.now()}@example.com`;
    await api('/auth/c/getValidCode', { body: { target: email } });
    const outbox = await api<{ body: string }[]>(`/dev/outbox?to=${encodeURIComponent(email)}`);
    const code = outbox.data[0]!.body.match(/\b(\d{6})\b/)![1]!;
    token = (await api<{ token: string }>('/auth/c/doLoginByValidCode', { body: { target: email, code } })).data.token;

    const page = await browser.open('/recordList', { token, baseURL: base });
    // New record sits beside the list's title.
    await page.getByTestId('new-record-button').click();
    await page.getByRole('menuitem', { name: 'Local file transcription' }).click();
    await page.getByTestId('upload-dialog').waitFor();
    await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(speech);
    await page.getByTestId('upload-file-done').waitFor({ timeout: 60_000 });
    await page.getByTestId('upload-submit').click();
    // No pay wall: the trial pays for it.
    await page.getByText('Transcription started').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('pay-dialog').count()).toBe(0);

    const row = page.locator('[data-testid^=record-row-]').first();
    await row.waitFor();
    recordId = Number((await row.getAttribute('data-testid'))!.replace('record-row-', ''));
    // While it runs the row says what the job does; afterwards it is transcribed.
    const progress = row.getByTestId('job-progress');
    if (await progress.isVisible()) await page.screenshot({ path: `${screenshotDir}/records-progress-1280.png` });
    await expect.poll(() => row.textContent(), { timeout: 240_000, interval: 1000 }).toMatch(/Transcribed/);
    await expect.poll(() => row.getByTestId('job-progress').count(), { timeout: 30_000 }).toBe(0);

    await page.getByTestId(`record-name-${recordId}`).click();
    await page.locator('.detail-page').waitFor();
    // The transcript's lines are on the page (read, not yet edited).
    await expect.poll(() => page.locator('.detail-line').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('detail-export').isDisabled()).toBe(false);

    const accounts = await api<{ accountType: string; remainingSeconds: number }[]>('/expense/account/queryAccountDetail', { body: {}, token });
    const duration = accounts.data.find((a) => a.accountType === 'duration')!;
    // Ten trial minutes, the file's length charged.
    expect(duration.remainingSeconds).toBeLessThan(600);
    expect(duration.remainingSeconds).toBeGreaterThan(600 - 120);
  });

  it('downloads the shared transcript from /meetingShareDownload without an account', { timeout: 120_000 }, async () => {
    const share = await api<{ token: string }>('/speech/audio/transcribe/share', { body: { id: recordId, enabled: true, allowCopy: true }, token });
    const link = `/meetingShareDownload?shareToken=${share.data.token}`;
    const page = await browser.open(link, { baseURL: base });
    await page.getByTestId('shared-download').waitFor();
    await page.getByText('Subtitles (SRT)').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('shared-download-transcript').click()]);
    const file = readFileSync((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toMatch(/\.srt$/);
    expect(file).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /);
    await page.screenshot({ path: `${screenshotDir}/share-download-en-US-1280.png`, fullPage: true });

    for (const [locale, width] of [
      ['en-US', 375],
      ['zh-CN', 1280],
      ['zh-CN', 375],
    ] as const) {
      const view = await browser.open(link, { baseURL: base, locale, width });
      await view.getByTestId('shared-download').waitFor();
      await view.screenshot({ path: `${screenshotDir}/share-download-${locale}-${width}.png`, fullPage: true });
      const list = await browser.open('/recordList', { baseURL: base, locale, width, token });
      await list.locator('[data-testid^=record-row-]').first().waitFor();
      await list.screenshot({ path: `${screenshotDir}/records-${locale}-${width}.png`, fullPage: true });
      const detail = await browser.open(`/meetingDetail?id=${recordId}`, { baseURL: base, locale, width, token });
      await detail.getByTestId('detail-status').waitFor();
      await detail.screenshot({ path: `${screenshotDir}/record-detail-${locale}-${width}.png` });
    }
  });
});
