import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMeeting } from '../fixtures/meeting';
import { api, grantHours, grantSvip, signUp } from './api';
import { screenshotDir, useBrowser } from './browser';
import { settle } from './ui';

/**
 * Vocabulary libraries end to end in Chromium against `wrangler dev` and the real engine: an SVIP member
 * makes a sensitive-words library on /vocabulary, adds a word on its page, chooses the library in the
 * upload dialog, and the transcript comes back with the word masked.
 */

const browser = useBrowser();
let token: string;
let speech: string;

beforeAll(async () => {
  token = await signUp('vocabulary');
  await grantSvip(token);
  await grantHours(token, 1);
  speech = makeMeeting(mkdtempSync(join(tmpdir(), 'e2e-vocabulary-'))).path;
});

describe('vocabulary libraries in Chromium', () => {
  it('masks a sensitive word chosen through a library made on the vocabulary pages', { timeout: 240_000 }, async () => {
    const page = await browser.open('/vocabulary', { token });
    await page.getByTestId('vocabulary-tab-sensitive').click();
    await page.getByTestId('vocabulary-create').click();
    await settle(page);
    await page.getByTestId('library-name').fill('Banned words');
    await page.getByTestId('library-type-sensitive').click();
    await page.getByTestId('library-submit').click();
    const name = page.locator('[data-testid^=library-name-]', { hasText: 'Banned words' });
    await name.waitFor().catch(async (error) => {
      await page.screenshot({ path: `${screenshotDir}/vocabulary-create-failed.png` });
      throw error;
    });
    await name.click();

    await page.getByTestId('vocabulary-detail').waitFor();
    await page.getByTestId('entry-add-text').fill('reasonable');
    await page.getByTestId('entry-add-submit').click();
    await page.getByTestId('entries-table').getByText('reasonable').waitFor();
    await expect.poll(() => page.getByTestId('vocabulary-count').textContent()).toContain('1 / 150');
    await page.screenshot({ path: `${screenshotDir}/vocabulary-detail.png` });

    await page.goto(page.url().replace(/\/[^/]*$/, '/'));
    await page.locator('.home-action.localFile').click();
    await page.getByTestId('upload-dialog').waitFor();
    await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(speech);
    await page.getByTestId('upload-file-done').waitFor({ timeout: 60_000 });
    await page.getByTestId('upload-vocabulary').click();
    await page.locator('.ant-select-item-option', { hasText: 'Banned words' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-dialog').waitFor({ state: 'detached' });

    const latest = async () =>
      (await api<{ rows: { id: number; status: string }[] }>('/speech/audio/transcribe/query?pageNum=1&pageSize=1', { token })).data.rows[0];
    await expect.poll(async () => (await latest())?.status, { timeout: 180_000, interval: 1000 }).toBe('transcription_completed');
    const { data } = await api<{ lines: { text: string }[] }>(`/speech/audio/transcribe/getTrans?id=${(await latest())!.id}`, { token });
    const text = data.lines.map((l) => l.text).join(' ');
    // The meeting ends "that sounds reasonable to me": recognised, then masked letter for letter.
    expect(text).toContain('that sounds ********** to me');
    expect(text.toLowerCase()).not.toContain('reasonable');
  });
});
