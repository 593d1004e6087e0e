import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordWords } from '../../contracts/record-words';
import { makeMeeting } from '../fixtures/meeting';
import { api, grantHours, signUp } from './api';
import { screenshotDir, useBrowser } from './browser';
import { chooseOption, openMenu, settle, visible } from './ui';

/**
 * A user's records from end to end in Chromium against `wrangler dev` and the real engine: a speech file
 * uploaded through the dialog is transcribed, translated and edited; then organised in folders, moved,
 * favourited, exported and shared with a signed-out visitor; and a big upload cancelled half-way resumes.
 */

const browser = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'e2e-records-'));
let token: string;
let speech: string;
let recordId: number;

beforeAll(async () => {
  token = await signUp('records');
  await grantHours(token, 2);
  speech = join(dir, 'Budget review.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', makeMeeting(dir).path, '-b:a', '64k', speech]);
});

async function openRecordMenu(page: Page, action: string) {
  await openMenu(page, `record-actions-${recordId}`, `record-${action}`);
  await visible(page, `record-${action}`).click();
  await settle(page);
}

describe('records and file transcription in Chromium', () => {
  it('uploads a speech file through the dialog and follows it to a translated, speaker-labelled transcript', { timeout: 240_000 }, async () => {
    const page = await browser.open('/', { token });
    await page.locator('.home-action.localFile').click();
    const dialog = page.getByTestId('upload-dialog');
    await dialog.waitFor();
    await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(speech);
    await page.getByTestId('upload-file-done').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('upload-name').inputValue()).resolves.toBe('Budget review');
    await chooseOption(page, 'upload-translation-language', 'Spanish');
    // Speaker recognition is on from the start.
    await expect(page.getByTestId('upload-speaker').isChecked()).resolves.toBe(true);
    await page.getByTestId('upload-speaker-count').waitFor();
    await page.screenshot({ path: `${screenshotDir}/upload-dialog.png` });
    await page.getByTestId('upload-submit').click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(page.url().replace(/\/[^/]*$/, '/recordList'));
    const row = page.locator('[data-testid^=record-row-]', { hasText: 'Budget review' });
    await row.waitFor();
    recordId = Number((await row.getAttribute('data-testid'))!.replace('record-row-', ''));
    // The list follows the job by itself: no reload.
    await expect.poll(() => row.textContent(), { timeout: 180_000, interval: 1000 }).toMatch(/Translated|Translation completed/i);
    await page.screenshot({ path: `${screenshotDir}/records-list.png` });

    await page.getByTestId(`record-name-${recordId}`).click();
    await page.getByTestId('detail-line-0').waitFor();
    await expect(page.getByTestId('detail-title').textContent()).resolves.toContain('Budget review');
    const lines = page.locator('.detail-line');
    expect(await lines.count()).toBeGreaterThanOrEqual(5);
    expect(await page.getByText('Speaker 2').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${screenshotDir}/record-detail.png`, fullPage: true });
  });

  it('fills the AI summary tabs by itself, seeks the player from a chapter and a key point, and exports Markdown', { timeout: 120_000 }, async () => {
    const page = await browser.open(`/meetingDetail?id=${recordId}`, { token });
    // Queued when the transcript was assembled; the card follows it without a reload.
    const chapter = page.getByTestId('summary-chapter-0');
    await chapter.waitFor({ timeout: 90_000 });
    await expect(page.getByTestId('summary-method').textContent()).resolves.toMatch(/Extractive/);
    const lines = await api<{ lines: { text: string }[] }>(`/speech/audio/transcribe/getTrans?id=${recordId}`, { token });
    // Extractive: the chapter's summary is the transcript's own words, line by line (a sentence's first letter
    // capitalised). Recognised lines carry no full stops, so the summary opens with one of them word for word.
    const summary = ((await page.locator('.summary-chapter .summary-text').first().textContent()) ?? '').toLowerCase();
    expect(summary.length).toBeGreaterThan(10);
    expect(lines.data.lines.some((l) => l.text.length > 10 && summary.startsWith(l.text.toLowerCase()))).toBe(true);

    const media = page.locator('audio, video').first();
    const position = () => media.evaluate((m: HTMLMediaElement) => m.currentTime);
    await media.evaluate((m: HTMLMediaElement) => m.readyState >= 1 || new Promise((r) => m.addEventListener('loadedmetadata', r, { once: true })));
    await media.evaluate((m: HTMLMediaElement) => {
      m.currentTime = 9;
    });
    await chapter.click();
    await expect.poll(position).toBeLessThan(1.5);

    await page.getByRole('tab', { name: 'Key points' }).click();
    const points = page.locator('[data-testid^=summary-key-point-]');
    await points.first().waitFor();
    const last = points.nth((await points.count()) - 1);
    const [m, s] = ((await last.textContent()) ?? '').split(':').map(Number);
    const at = m! * 60 + s!;
    expect(at).toBeGreaterThan(0);
    await last.click();
    await expect.poll(position).toBeGreaterThanOrEqual(at);
    expect(await position()).toBeLessThan(at + 2);

    const title = (await page.locator('.summary-chapter-title').first().textContent()) ?? '';
    await page.getByRole('tab', { name: 'Mind map' }).click();
    const nodes = page.locator('[data-testid=summary-mind-map] foreignObject');
    await expect.poll(() => nodes.count(), { timeout: 15_000 }).toBeGreaterThan(2);
    await expect(nodes.filter({ hasText: title }).count()).resolves.toBeGreaterThan(0);
    // The map unfolds in a 300 ms transition; the screenshot is for looking at, so it waits for the end.
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${screenshotDir}/record-summary.png`, fullPage: true });

    await openMenu(page, 'summary-export', 'summary-export-md');
    const download = page.waitForEvent('download');
    await visible(page, 'summary-export-md').click();
    const markdown = readFileSync(await (await download).path(), 'utf8');
    expect(markdown).toMatch(/^# /m);
    expect(markdown).toContain('## Chapter overview');
  });

  it('edits a line, undoes it, saves an edit and exports SRT from the detail page', { timeout: 60_000 }, async () => {
    const page = await browser.open(`/meetingDetail?id=${recordId}`, { token });
    await page.getByTestId('detail-line-read-0').waitFor();
    const original = await readText(page);
    await editText(page, 'Thank you all for joining the call today.');
    await page.getByTestId('detail-undo').click();
    await expect.poll(async () => readText(page)).toBe(original);
    await editText(page, 'Thank you all for joining the call today.');
    await page.getByTestId('detail-save').click();
    await expect
      .poll(async () => (await api<{ lines: { text: string }[] }>(`/speech/audio/transcribe/getTrans?id=${recordId}`, { token })).data.lines[0]!.text)
      .toBe('Thank you all for joining the call today.');

    await page.getByTestId('detail-export').click();
    await settle(page);
    await page.getByTestId('export-format-srt').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-submit').click();
    const file = await (await download).path();
    const srt = readFileSync(file, 'utf8');
    expect(srt).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d\d\d --> \d\d:\d\d:\d\d,\d\d\d\r?\n/);
    // Cues wrap at 42 columns: compare the words.
    expect(srt.replace(/\s+/g, ' ')).toContain('Thank you all for joining the call today.');
  });

  it('searches the transcript, plays from a clicked word, changes speed and obeys the transcriber’s keys', { timeout: 90_000 }, async () => {
    const page = await browser.open(`/meetingDetail?id=${recordId}`, { token });
    await page.getByTestId('detail-line-read-1').waitFor();
    const media = page.getByTestId('detail-player');
    await media.evaluate((m: HTMLMediaElement) => m.readyState >= 1 || new Promise((r) => m.addEventListener('loadedmetadata', r, { once: true })));
    const state = () => media.evaluate((m: HTMLMediaElement) => ({ at: m.currentTime, paused: m.paused, rate: m.playbackRate }));

    // A word of a line the recogniser's timings still fit (the first line was edited above).
    const detail = (await api<{ lines: { text: string; start: number; end: number }[] }>(`/speech/audio/transcribe/getTrans?id=${recordId}`, { token })).data;
    const heard = (await api<RecordWords>(`/speech/audio/transcribe/words?id=${recordId}`, { token })).data;
    const entry = heard.lines.find((l) => l.seq > 0 && l.words.length > 2 && detail.lines[l.seq]?.text === l.text)!;
    expect(entry).toBeDefined();
    const wordIndex = entry.words.length - 1;
    const word = entry.words[wordIndex]!;
    await page.getByTestId(`detail-line-read-${entry.seq}`).locator('.detail-word').nth(wordIndex).click();
    await expect.poll(async () => (await state()).at).toBeGreaterThanOrEqual(word.start / 1000 - 0.05);
    expect((await state()).at).toBeLessThan(word.start / 1000 + 1.5);
    // A click plays; it does not open the line for editing.
    await expect(page.getByTestId(`detail-line-text-${entry.seq}`).count()).resolves.toBe(0);

    // Search: every hit marked, the current one apart, Enter moves on.
    const term = (word.word.length > 2 ? word.word : entry.words[0]!.word).toLowerCase();
    const hits = detail.lines.reduce((n, l) => n + (l.text.toLowerCase().split(term).length - 1), 0);
    await page.keyboard.press('Control+f');
    const search = page.getByTestId('detail-search-input');
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await search.fill(term);
    await expect(page.getByTestId('detail-search-count').textContent()).resolves.toBe(`1 of ${hits}`);
    await expect(page.locator('.detail-lines mark.detail-hit').count()).resolves.toBeGreaterThanOrEqual(hits);
    await expect(page.locator('.detail-lines mark.current').count()).resolves.toBeGreaterThan(0);
    // Space types in the search box; it does not pause the player.
    const before = (await state()).paused;
    await search.press('Space');
    expect((await state()).paused).toBe(before);
    await search.fill(term);

    // Away from any field: Space plays and pauses, the arrows jump 5 s, < and > change the speed.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await media.evaluate((m: HTMLMediaElement) => m.pause());
    await page.keyboard.press('Space');
    await expect.poll(async () => (await state()).paused).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await state()).paused).toBe(true);
    await media.evaluate((m: HTMLMediaElement) => {
      m.currentTime = 10;
    });
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await state()).at).toBeCloseTo(15, 1);
    await page.keyboard.press('Alt+j');
    await expect.poll(async () => (await state()).at).toBeCloseTo(10, 1);
    await page.keyboard.press('Shift+Period');
    await expect.poll(async () => (await state()).rate).toBe(1.25);
    await page.getByTestId('detail-speed').click();
    await page.getByTestId('detail-speed-2').click();
    await expect.poll(async () => (await state()).rate).toBe(2);
    await page.keyboard.press('Alt+Comma');
    await expect.poll(async () => (await state()).rate).toBe(1.75);

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByTestId('detail-shortcuts-help').click();
    await expect(page.getByTestId('detail-shortcuts').textContent()).resolves.toContain('Play or pause');
    // The popover opens in a short animation; the screenshot is for looking at, so it waits for the end.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${screenshotDir}/record-tools-en-1280.png` });
  });

  it('finds a word across all records, lands playing from its line, and asks a question whose citation plays', { timeout: 90_000 }, async () => {
    // A word of a later line (the first was edited above), long enough to be the only thing the search matches.
    const detail = (await api<{ lines: { text: string; start: number }[] }>(`/speech/audio/transcribe/getTrans?id=${recordId}`, { token })).data;
    const word = detail.lines
      .slice(1)
      .flatMap((l) => l.text.toLowerCase().match(/[a-z]{6,}/g) ?? [])
      .find(Boolean)!;
    expect(word).toBeDefined();
    const page = await browser.open(`/search?q=${encodeURIComponent(word)}`, { token });
    const media = () => page.getByTestId('detail-player');
    const playingAt = async (url: string) => {
      const at = Number(new URL(url).searchParams.get('t'));
      await media().evaluate((m: HTMLMediaElement) => m.readyState >= 1 || new Promise((r) => m.addEventListener('loadedmetadata', r, { once: true })));
      await expect.poll(() => media().evaluate((m: HTMLMediaElement) => m.currentTime)).toBeGreaterThanOrEqual(at - 0.1);
      expect(await media().evaluate((m: HTMLMediaElement) => m.currentTime)).toBeLessThan(at + 1.5);
    };

    const hit = page.getByTestId('search-hit').filter({ hasText: 'Budget review' }).first();
    await expect(hit.locator('mark').first().textContent()).resolves.toMatch(new RegExp(word, 'i'));
    await hit.click();
    await page.waitForURL(new RegExp(`meetingDetail\\?id=${recordId}&t=`));
    await playingAt(page.url());

    // Asked on the search page (all records, no language model here): the passages quoted, each cited and playable.
    await page.goto(page.url().replace(/\/meetingDetail.*$/, '/search'));
    await page.locator('.ask-input').fill(`What did they say about ${word}?`);
    await page.locator('.ask-input').press('Enter');
    const cite = page.getByTestId('ask-answer').locator('.ask-citations .ask-cite').first();
    await expect(cite.textContent()).resolves.toMatch(new RegExp(word, 'i'));
    await expect(page.getByTestId('ask-answer').locator('.ask-kind').textContent()).resolves.toMatch(/quoted|extract/i);
    await cite.click();
    await page.waitForURL(new RegExp(`meetingDetail\\?id=${recordId}&t=`));
    await playingAt(page.url());
  });

  it('reads well at 1280 px and on a 375 px phone, in English and Chinese', { timeout: 90_000 }, async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      for (const width of [1280, 375]) {
        const page = await browser.open(`/meetingDetail?id=${recordId}`, { token, locale, width, height: width > 800 ? 800 : 812 });
        await page.getByTestId('detail-line-read-1').waitFor();
        const speaker = await page.getByTestId('detail-line-speaker-1').textContent();
        expect(speaker).toMatch(locale === 'zh-CN' ? /^说话人\d+$/ : /^Speaker \d+$/);
        expect(await page.getByTestId('detail-line-clock-1').textContent()).toMatch(/^\d\d:\d\d$/);
        await page.screenshot({ path: `${screenshotDir}/record-detail-${locale}-${width}.png` });
        if (width < 800) {
          // On a phone the summary is one tap away, and the page never scrolls sideways, nor while a line is edited.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.getByTestId('detail-line-edit-1').click();
          await expect(page.getByTestId('detail-line-start-1').inputValue()).resolves.toMatch(/^\d\d:\d\d\.\d{3}$/);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `${screenshotDir}/record-editing-${locale}-${width}.png` });
          await page.getByTestId('detail-line-done-1').click();
          await page.getByTestId('detail-pane-summary').click();
          await page.getByTestId('summary-chapter-0').waitFor();
          await expect(page.locator('.detail-transcript').isVisible()).resolves.toBe(false);
          await page.screenshot({ path: `${screenshotDir}/record-summary-${locale}-${width}.png` });
          await page.getByRole('tab', { name: locale === 'zh-CN' ? '思维导图' : 'Mind map' }).click();
          await page.getByTestId('summary-mind-map-full').click();
          const box = await page.getByTestId('summary-mind-map').boundingBox();
          expect(box!.width).toBeGreaterThan(width - 40);
          await page.waitForTimeout(800);
          await page.screenshot({ path: `${screenshotDir}/record-mind-map-${locale}-${width}.png` });
        }
        await page.close();
      }
    }
  });

  it('builds a three-level folder tree, refuses a fourth level, and suffixes a duplicate name', { timeout: 60_000 }, async () => {
    const page = await browser.open('/recordList', { token });
    await page.getByTestId('folder-tree').waitFor();
    const create = async (parent: string | null, name: string) => {
      if (parent === null) await page.getByTestId('folder-new-root').click();
      else {
        await openMenu(page, `folder-actions-${await folderId(page, parent)}`, 'folder-add-child');
        await visible(page, 'folder-add-child').click();
      }
      await settle(page);
      await page.getByTestId('folder-name-input').fill(name);
      await page.getByTestId('folder-name-submit').click();
      await page.getByTestId('folder-name-input').waitFor({ state: 'detached' });
      await folderId(page, name);
      await settle(page);
    };
    await create(null, 'Projects');
    await create('Projects', '2026');
    await create('2026', 'Q1');
    await openMenu(page, `folder-actions-${await folderId(page, 'Q1')}`, 'folder-rename');
    expect(await visible(page, 'folder-add-child').count()).toBe(0);
    await page.keyboard.press('Escape');
    const refused = await api('/speech/folder/editFolder', { body: { parentId: await folderId(page, 'Q1'), folderName: 'Week 1' }, token });
    expect(refused.code).toBe(400);

    await create(null, 'Projects');
    await page.locator('[data-testid^=folder-node-]', { hasText: 'Projects(1)' }).waitFor();
    await page.screenshot({ path: `${screenshotDir}/folder-tree.png` });
  });

  it('moves the record into a folder and favourites it', { timeout: 60_000 }, async () => {
    const page = await browser.open('/recordList', { token });
    await page.getByTestId(`record-row-${recordId}`).waitFor();
    await openRecordMenu(page, 'move');
    await page.getByTestId('record-move-target').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'Projects' }).first().click();
    await page.getByTestId('record-move-submit').click();
    await page.getByTestId(`record-row-${recordId}`).waitFor({ state: 'detached' });

    await page.locator('[data-testid^=folder-node-]', { hasText: /^Projects$/ }).click();
    await page.getByTestId(`record-row-${recordId}`).waitFor();
    // Leaving the page before the favourite is saved would cancel the request.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/speech/audio/transcribe/edit') && r.ok()),
      page.getByTestId(`record-favourite-${recordId}`).click(),
    ]);
    await page.goto(page.url().replace(/\/recordList.*$/, '/favourList'));
    await page.getByTestId(`record-row-${recordId}`).waitFor();
  });

  it('shares the record with a signed-out visitor, who cannot copy, until the link is revoked', { timeout: 60_000 }, async () => {
    const page = await browser.open('/favourList', { token });
    await page.getByTestId(`record-row-${recordId}`).waitFor();
    await openRecordMenu(page, 'share');
    await page.getByTestId('share-enable').click();
    const link = page.getByTestId('share-link');
    await expect.poll(async () => (await link.inputValue().catch(() => link.textContent())) ?? '').toMatch(/\/meetingShare\?shareToken=/);
    const url = (await link.inputValue().catch(() => link.textContent()))!;

    const visitor = await browser.open(new URL(url).pathname + new URL(url).search);
    await visitor.getByTestId('shared-record').waitFor();
    expect(await visitor.getByTestId('shared-line').count()).toBeGreaterThanOrEqual(5);
    await expect(visitor.getByTestId('shared-record').textContent()).resolves.toContain('Thank you all for joining the call today.');
    const selectable = await visitor
      .getByTestId('shared-line')
      .first()
      .evaluate((el) => getComputedStyle(el).userSelect);
    expect(selectable).toBe('none');
    expect(await visitor.getByTestId('copy-replica').count()).toBe(0);
    await visitor.screenshot({ path: `${screenshotDir}/shared-record.png`, fullPage: true });

    await page.getByTestId('share-enable').click();
    await expect.poll(async () => (await api(`/speech/audio/transcribe/getTransShareStatus?id=${recordId}`, { token })).data).toMatchObject({ shared: false });
    await visitor.reload();
    await visitor.getByTestId('shared-expired').waitFor();
  });

  it('resumes an upload cancelled half-way without sending the finished part again', { timeout: 240_000 }, async () => {
    const big = join(dir, 'Long tone.wav');
    // 25 MB: three 10 MB parts.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=800', '-ar', '16000', '-ac', '1', big]);
    const page = await browser.open('/', { token });
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/dev/s3/')) puts.push(new URL(r.url()).searchParams.get('partNumber')!);
    });
    // Parts after the first are held back, so the cancel surely lands while they are in flight.
    let holdBack = true;
    await page.route('**/prod-api/dev/s3/**', async (route) => {
      if (holdBack && new URL(route.request().url()).searchParams.get('partNumber') !== '1') await new Promise((r) => setTimeout(r, 4000));
      await route.continue().catch(() => undefined);
    });
    const firstPartReported = page.waitForResponse((r) => r.url().endsWith('/uploadBlock') && r.status() === 200);

    await page.locator('.home-action.localFile').click();
    await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(big);
    await firstPartReported;
    await page.getByTestId('upload-file-delete').click();
    await settle(page);
    await page.getByTestId('upload-delete-confirm').click();
    await page.getByTestId('upload-file-row').waitFor({ state: 'detached' });
    const before = puts.length;

    holdBack = false;
    await page.getByTestId('upload-dropzone').locator('input[type=file]').setInputFiles(big);
    // 25 MB through the local S3 stand-in: a minute or more when other work holds both cores.
    await page.getByTestId('upload-file-done').waitFor({ timeout: 150_000 });
    const resumed = puts.slice(before);
    expect(resumed).not.toContain('1');
    expect(resumed.length).toBeLessThan(3);
  });
});

async function folderId(page: Page, name: string) {
  const node = page.locator('[data-testid^=folder-node-]', { hasText: new RegExp(`^${name}$`) }).first();
  await node.waitFor();
  return Number((await node.getAttribute('data-testid'))!.replace('folder-node-', ''));
}

/** The first line's text as it reads (not being edited). */
async function readText(page: Page) {
  return page.getByTestId('detail-line-read-0').textContent();
}

/** Opens the first line for editing (a deliberate action), types over its text and leaves it. */
async function editText(page: Page, text: string) {
  await page.getByTestId('detail-line-edit-0').click();
  const el = page.getByTestId('detail-line-text-0');
  await el.fill(text);
  await el.press('Escape');
}
