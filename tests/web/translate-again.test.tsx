import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordDetail, SharedRecord, SubtitleLine } from '../../contracts/records';
import { setLocale } from '../../web/i18n';
import { useApiServer } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { askPanelReply, fail, ok, recordRow, sharedRecord } from './helpers/records';
import { renderAt } from './helpers/render-app';

/**
 * Translations that follow edits, as the record page and the share page show them: a line whose translation
 * is being made again says so instead of showing the old one, the new one appears without a reload, and
 * "translate again" is offered for one line and for the whole record.
 */

const server = useApiServer();
useFakeApp(server, fakeApi);
const ID = 8;
const TOKEN = 'Sh4reT0ken_abcdefgh';
let detail: RecordDetail;
let shared: SharedRecord;

function line(id: number, text: string, translations: Record<string, string>, translating?: true): SubtitleLine {
  return { id, seq: id - 1, start: (id - 1) * 5000, end: (id - 1) * 5000 + 4000, text, speaker: 'Anna', translations, ...(translating ? { translating } : {}) };
}

function fakeApi({ url, body }: RecordedRequest): Reply {
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/audio/transcribe/getTrans':
      return ok(detail);
    case '/speech/audio/transcribe/getTransResult':
      return ok(shared);
    case '/speech/audio/transcribe/words':
      return ok({ lines: [] });
    case '/speech/audio/transcribe/media':
      return ok({ url: 'http://127.0.0.1:1/media/clip.mp3?X-Amz-Signature=abc', kind: 'audio' });
    case '/speech/audio/transcribe/translateAgain': {
      const { lineIds } = JSON.parse(body) as { lineIds: number[] };
      const chosen = (l: SubtitleLine) => lineIds.length === 0 || lineIds.includes(l.id);
      detail = { ...detail, lines: detail.lines.map((l) => (chosen(l) ? { ...l, translations: {}, translating: true } : l)) };
      return ok({ lines: lineIds.length || detail.lines.length });
    }
    case '/ai/ai/queryMediaSummary':
      return ok({ recordId: ID, status: 'none', errorReason: null, summary: null, stale: false, generatedAt: null });
    default:
      return askPanelReply(url.pathname.replace('/prod-api', '')) ?? fail(404, `No route ${url.pathname}`);
  }
}

const translateCalls = () => server.requests.filter((r) => r.url.pathname.endsWith('/translateAgain')).map((r) => JSON.parse(r.body) as object);

beforeEach(() => {
  detail = {
    record: recordRow(ID, { name: 'Budget', duration: 20, status: 'translation_completed', translationLanguage: 'zh-CN' }),
    lines: [line(1, 'Good morning, everyone.', { 'zh-CN': '大家早上好。' }), line(2, 'Travel costs go down next quarter.', {}, true)],
  };
});

describe('translations that follow edits', () => {
  it('shows an edited line as updating, in each language, until its new translation arrives by itself', { timeout: 30_000 }, async () => {
    setLocale('zh-CN');
    renderAt(`/meetingDetail?id=${ID}`);
    fireEvent.click(await screen.findByTestId('detail-view-bilingual'));
    expect((await screen.findByTestId('detail-line-updating-1')).textContent).toBe('译文更新中…');
    expect(screen.getByTestId('detail-line-read-translation-0').textContent).toBe('大家早上好。');
    // Already on its way: no second request offered for that line.
    expect(screen.queryByTestId('detail-line-translate-again-1')).toBeNull();

    // The page keeps asking while a line is updating; the new translation replaces the mark.
    detail = { ...detail, lines: [detail.lines[0]!, line(2, 'Travel costs go down next quarter.', { 'zh-CN': '下季度差旅费用会下降。' })] };
    await waitFor(() => expect(screen.getByTestId('detail-line-read-translation-1').textContent).toBe('下季度差旅费用会下降。'), { timeout: 10_000 });
    expect(screen.queryByTestId('detail-line-updating-1')).toBeNull();
  });

  it('translates one line again from its action, and the whole record from the toolbar', { timeout: 30_000 }, async () => {
    setLocale('en-US');
    detail = { ...detail, lines: [line(1, 'Good morning, everyone.', { 'zh-CN': '大家早上好。' }), line(2, 'Thanks for coming.', { 'zh-CN': '谢谢光临。' })] };
    renderAt(`/meetingDetail?id=${ID}`);
    fireEvent.click(await screen.findByTestId('detail-view-bilingual'));
    const action = await screen.findByTestId('detail-line-translate-again-0');
    expect(action.getAttribute('aria-label')).toBe('Translate line 1 again');
    fireEvent.click(action);
    expect((await screen.findByTestId('detail-line-updating-0')).textContent).toBe('Updating translation…');
    expect(screen.getByTestId('detail-line-read-translation-1').textContent).toBe('谢谢光临。');
    expect(translateCalls()).toEqual([{ id: ID, lineIds: [1] }]);

    fireEvent.click(screen.getByTestId('detail-translate-again'));
    await screen.findByTestId('detail-line-updating-1');
    expect(translateCalls()[1]).toEqual({ id: ID, lineIds: [] });
  });

  it('offers no translate-again while there are unsaved edits', { timeout: 30_000 }, async () => {
    setLocale('en-US');
    detail = { ...detail, lines: [line(1, 'Good morning, everyone.', { 'zh-CN': '大家早上好。' }), line(2, 'Thanks for coming.', { 'zh-CN': '谢谢光临。' })] };
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-translate-again-1');
    fireEvent.click(screen.getByTestId('detail-line-edit-0'));
    fireEvent.change(screen.getByTestId('detail-line-text-0'), { target: { value: 'Morning, all.' } });
    await waitFor(() => expect(screen.queryByTestId('detail-line-translate-again-1')).toBeNull());
    expect((screen.getByTestId('detail-translate-again') as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks the line updating on the share page, in Traditional Chinese too', async () => {
    setLocale('zh-TW');
    const base = sharedRecord();
    shared = {
      ...base,
      translationLanguage: 'zh-CN',
      lines: [line(1, 'Good morning, everyone.', { 'zh-CN': '大家早上好。' }), line(2, 'Edited words.', {}, true)],
    };
    renderAt(`/meetingShare?shareToken=${TOKEN}`);
    expect((await screen.findByTestId('shared-line-updating')).textContent).toBe('譯文更新中…');
    expect(screen.getAllByTestId('shared-line')[0]!.textContent).toContain('大家早上好。');
  });
});
