import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordWords } from '../../contracts/record-words';
import type { RecordDetail, SubtitleLine } from '../../contracts/records';
import type { EditedLine } from '../../contracts/transcription';
import { RECORD_CHANNEL } from '../../web/features/record-detail/broadcast';
import { AUTOSAVE } from '../../web/features/record-detail/use-autosave';
import { setLocale } from '../../web/i18n';
import { useApiServer } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { openPopup } from './helpers/popup';
import { askPanelReply, fail, ok, recordRow } from './helpers/records';
import { renderAt } from './helpers/render-app';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi);
const ID = 5;
let detail: RecordDetail;
let mediaReply: Reply;
let exportReply: Reply;
let wordsReply: Reply;
/** What a save is answered, when not the save itself. */
let editReply: Reply | null;

function line(id: number, start: number, end: number, text: string, speaker: string, translations: Record<string, string> = {}): SubtitleLine {
  return { id, seq: id - 1, start, end, text, speaker, translations };
}

const sampleLines = () => [
  line(1, 0, 4000, 'Good morning, everyone.', 'Anna', { 'zh-CN': '大家早上好。' }),
  line(2, 5000, 9000, 'Thanks for coming.', 'Ben', { 'zh-CN': '感谢各位到来。' }),
  line(3, 10_000, 14_000, 'Let us start with the budget.', 'Anna', { 'zh-CN': '我们先讨论预算。' }),
];

function fakeApi({ url, body }: RecordedRequest): Reply {
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/audio/transcribe/getTrans':
      return Number(url.searchParams.get('id')) === ID ? ok(detail) : fail(404, 'This record does not exist.');
    case '/speech/audio/transcribe/media':
      return mediaReply;
    case '/speech/audio/transcribe/words':
      return wordsReply;
    case '/speech/audio/transcribe/editDetails': {
      if (editReply) return editReply;
      const { lines } = JSON.parse(body) as { lines: EditedLine[] };
      detail = { ...detail, lines: lines.map((l, i) => ({ id: 100 + i, seq: i, speaker: '', translations: {}, ...l })) };
      return ok(null);
    }
    case '/speech/audio/transcribe/refreshRecord':
      detail = { ...detail, record: { ...detail.record, status: 'transcribing', errorReason: null } };
      return ok(detail.record);
    case '/speech/audio/transcribe/addTranslation': {
      const { language } = JSON.parse(body) as { language: string };
      detail = { ...detail, record: { ...detail.record, status: 'translating', translationLanguage: language } };
      return ok(detail.record);
    }
    case '/speech/audio/transcribe/export':
      return exportReply;
    case '/speech/audio/transcribe/edit':
      detail = { ...detail, record: { ...detail.record, name: (JSON.parse(body) as { name: string }).name } };
      return ok({ updated: 1 });
    case '/ai/ai/queryMediaSummary':
      return ok({ recordId: ID, status: 'none', errorReason: null, summary: null, stale: false, generatedAt: null });
    case '/audio/LanguageInternation':
      return ok({
        transcribeLanguage: [{ code: 'en-US', name: 'English' }],
        translation: [
          { code: 'en-US', name: 'English' },
          { code: 'es-ES', name: 'Spanish' },
          { code: 'zh-CN', name: 'Chinese (Simplified)' },
        ],
      });
    default:
      return askPanelReply(url.pathname.replace('/prod-api', '')) ?? fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api/speech/audio/transcribe${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;
/** Editing is deliberate: a line's fields and actions exist once its edit button was pressed. */
function openLine(index: number) {
  const edit = screen.queryByTestId(`detail-line-edit-${index}`);
  if (edit) fireEvent.click(edit);
}
function field<T extends HTMLElement>(testId: string, index: number): T {
  if (!screen.queryByTestId(testId)) openLine(index);
  return screen.getByTestId(testId) as T;
}
const text = (index: number) => field<HTMLTextAreaElement>(`detail-line-text-${index}`, index);
const translationField = (index: number) => field<HTMLTextAreaElement>(`detail-line-translation-${index}`, index);
const time = (edge: 'start' | 'end', index: number) => field<HTMLInputElement>(`detail-line-${edge}-${index}`, index);
const lineAction = (action: 'add' | 'merge' | 'delete', index: number) => field<HTMLButtonElement>(`detail-line-${action}-${index}`, index);

function typeTime(input: HTMLInputElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

beforeEach(() => {
  detail = { record: recordRow(ID, { name: 'Weekly sync', duration: 20 }), lines: sampleLines() };
  mediaReply = ok({ url: 'http://127.0.0.1:1/media/clip.mp3?X-Amz-Signature=abc', kind: 'audio' });
  editReply = null;
  wordsReply = ok({ lines: [] });
  // These tests save by hand; autosave has its own (tests/web/record-editing.test.tsx).
  AUTOSAVE.delayMs = 3_600_000;
});

// antd renders slowly in jsdom: a test that opens menus and dialogs takes seconds.
describe('/meetingDetail', () => {
  it('shows the record with its player, lines, speakers and its AI summary', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('detail-title')).textContent).toBe('Weekly sync');
    expect(screen.getByTestId('detail-status').textContent).toBe('Transcribed');
    expect(calls('/getTrans')[0]!.url.searchParams.get('id')).toBe(String(ID));

    expect(text(0).value).toBe('Good morning, everyone.');
    expect(text(2).value).toBe('Let us start with the budget.');
    expect(time('start', 1).value).toBe('00:05.000');
    expect(time('end', 1).value).toBe('00:09.000');
    expect(screen.getByTestId('detail-line-1').textContent).toContain('Ben');

    const player = (await screen.findByTestId('detail-player')) as HTMLAudioElement;
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe('http://127.0.0.1:1/media/clip.mp3?X-Amz-Signature=abc');

    const speakers = screen.getByTestId('detail-speakers');
    expect(speakers.textContent).toContain('Anna2 lines');
    expect(speakers.textContent).toContain('Ben1 line');
    // The summary itself is tests/web/summary.test.tsx's.
    const summary = screen.getByTestId('detail-summary');
    expect(summary.textContent).toContain('AI summary');
    expect((await within(summary).findByTestId('summary-generate')).textContent).toBe('Generate summary');
  });

  it('polls while the record is transcribing and shows the transcript once it is done', async () => {
    detail = {
      record: recordRow(ID, { status: 'transcribing', duration: 20, progress: { stage: 'recognising', percent: 28, done: 1, total: 4, etaSeconds: 3700 } }),
      lines: [],
    };
    renderAt(`/meetingDetail?id=${ID}`);
    const progress = await screen.findByTestId('detail-progress');
    expect(progress.textContent).toContain('Transcribing');
    // The bar's code loads for a running job only.
    expect((await within(progress).findByTestId('job-progress-facts')).textContent).toBe('Recognising speech · 1/4 parts · about 1 h 2 min left');
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('28');
    expect(screen.getByTestId('detail-status').textContent).toBe('Transcribing');
    expect(screen.queryByTestId('detail-save')).toBeNull();
    // A record still being made says so, rather than that it has no speakers, and has nothing to export yet.
    expect(screen.getByTestId('detail-speakers').textContent).toContain('Speakers appear here once the transcript is ready.');
    expect(screen.getByTestId('detail-speakers').textContent).not.toContain('No speakers');
    expect(screen.getByTestId('detail-export').hasAttribute('disabled')).toBe(true);

    detail = { record: recordRow(ID, { status: 'transcription_completed', duration: 20 }), lines: sampleLines() };
    await waitFor(() => expect(text(0).value).toBe('Good morning, everyone.'));
    expect(screen.getByTestId('detail-status').textContent).toBe('Transcribed');
    expect(screen.queryByTestId('detail-progress')).toBeNull();
    expect(screen.getByTestId('detail-export').hasAttribute('disabled')).toBe(false);
    expect(calls('/getTrans').length).toBeGreaterThanOrEqual(2);

    // Finished records are not polled.
    const asked = calls('/getTrans').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls('/getTrans')).toHaveLength(asked);
  });

  it('shows a failed record’s reason and retries it', async () => {
    detail = { record: recordRow(ID, { status: 'transcription_err', errorReason: 'The speech engine did not answer.' }), lines: [] };
    renderAt(`/meetingDetail?id=${ID}`);
    const retry = await screen.findByTestId('detail-retry');
    expect(screen.getByText('The speech engine did not answer.')).toBeTruthy();
    expect(screen.queryByTestId('detail-empty')).toBeNull();

    fireEvent.click(retry);
    await screen.findByTestId('detail-progress');
    expect(jsonOf(calls('/refreshRecord')[0]!)).toEqual({ id: ID });
    expect(screen.getByTestId('detail-status').textContent).toBe('Transcribing');
    expect(screen.queryByTestId('detail-retry')).toBeNull();
  });

  it('saves exactly the edited lines, then is clean again', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-1');
    const save = screen.getByTestId('detail-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByTestId('detail-save-state').textContent).toBe('All changes saved');

    fireEvent.change(text(1), { target: { value: 'Thank you all for coming.' } });
    fireEvent.blur(text(1));
    typeTime(time('end', 1), '00:09.500');
    expect(screen.getByTestId('detail-save-state').textContent).toBe('Unsaved changes: saving in a moment…');
    expect(save.disabled).toBe(false);

    fireEvent.click(save);
    await screen.findByText('Changes saved');
    expect(calls('/editDetails')).toHaveLength(1);
    expect(jsonOf(calls('/editDetails')[0]!)).toEqual({
      id: ID,
      lines: [
        { start: 0, end: 4000, text: 'Good morning, everyone.', speaker: 'Anna', translations: { 'zh-CN': '大家早上好。' } },
        { start: 5000, end: 9500, text: 'Thank you all for coming.', speaker: 'Ben', translations: { 'zh-CN': '感谢各位到来。' } },
        { start: 10_000, end: 14_000, text: 'Let us start with the budget.', speaker: 'Anna', translations: { 'zh-CN': '我们先讨论预算。' } },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('detail-save-state').textContent).toBe('All changes saved'));
    expect(text(1).value).toBe('Thank you all for coming.');
    expect(time('end', 1).value).toBe('00:09.500');

    // A saved edit can still be taken back, and then needs saving again.
    fireEvent.click(screen.getByTestId('detail-undo'));
    expect(time('end', 1).value).toBe('00:09.000');
    expect(screen.getByTestId('detail-save-state').textContent).toBe('Unsaved changes: saving in a moment…');
  });

  it('exports the saved record, saving unsaved edits first', async () => {
    const saved: string[] = [];
    // jsdom has no object URLs and does not download: record what the page hands to the browser.
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    exportReply = { body: '1\n00:00:00,000 --> 00:00:04,000\nGood morning\n', contentType: 'application/x-subrip' };
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-0');
    fireEvent.change(text(0), { target: { value: 'Saved before the export.' } });
    expect((screen.getByTestId('detail-export') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByTestId('detail-export'));
    fireEvent.click(await screen.findByTestId('export-format-srt'));
    expect(calls('/editDetails')).toHaveLength(1);
    expect((jsonOf(calls('/editDetails')[0]!).lines as EditedLine[])[0]!.text).toBe('Saved before the export.');
    fireEvent.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(saved).toEqual([`record-${ID}.srt`]));
    expect(calls('/export')[0]!.url.searchParams.get('ids')).toBe(String(ID));
    expect(calls('/export')[0]!.url.searchParams.get('format')).toBe('srt');
  });

  it('undoes edits one by one, then says there is nothing to undo', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-0');
    fireEvent.change(text(0), { target: { value: 'Good evening' } });
    fireEvent.change(text(0), { target: { value: 'Good evening, everyone.' } });
    fireEvent.blur(text(0));
    fireEvent.click(lineAction('delete', 2));
    expect(screen.queryByTestId('detail-line-2')).toBeNull();

    fireEvent.click(screen.getByTestId('detail-undo'));
    expect(text(2).value).toBe('Let us start with the budget.');
    expect(text(0).value).toBe('Good evening, everyone.');
    fireEvent.click(screen.getByTestId('detail-undo'));
    expect(text(0).value).toBe('Good morning, everyone.');
    expect((screen.getByTestId('detail-save') as HTMLButtonElement).disabled).toBe(true);
    // Nothing left to undo: Undo rests, and Redo offers what was undone.
    expect((screen.getByTestId('detail-undo') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('detail-redo') as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses times that break the subtitle rules, keeping the old time and naming the line', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-1');
    const note = async (index: number) => (await screen.findByTestId(`detail-line-note-${index}`)).textContent;

    typeTime(time('end', 1), '00:04.000');
    expect(await note(1)).toBe('Line 2 cannot end before it starts at 00:05.000. Enter 00:05.000 or later.');
    expect(screen.getByTestId('detail-line-1').className).toContain('flagged');
    expect(time('end', 1).value).toBe('00:09.000');

    typeTime(time('start', 1), '00:03.000');
    expect(await note(1)).toBe('Line 2 would overlap line 1, which ends at 00:04.000. Enter 00:04.000 or later.');
    expect(time('start', 1).value).toBe('00:05.000');

    typeTime(time('end', 2), '00:25.000');
    expect(await note(2)).toBe('Line 3 would end after the audio or video ends at 00:20.000. Enter 00:20.000 or earlier.');
    // One line is pointed at at a time: the newest refusal.
    expect(screen.queryByTestId('detail-line-note-1')).toBeNull();

    typeTime(time('start', 2), 'ten seconds');
    expect(await note(2)).toBe('Line 3: enter the time as HH:MM:SS.mmm or MM:SS.mmm.');
    expect(time('start', 2).value).toBe('00:10.000');
    expect((screen.getByTestId('detail-save') as HTMLButtonElement).disabled).toBe(true);

    // A time that keeps the rules clears the mark.
    typeTime(time('start', 2), '00:10.500');
    await waitFor(() => expect(screen.queryByTestId('detail-line-note-2')).toBeNull());
    expect(screen.getByTestId('detail-line-2').className).not.toContain('flagged');
  });

  it('names the line in the user’s language', async () => {
    await setLocale('zh-CN');
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-1');
    typeTime(time('start', 1), '00:03.000');
    expect((await screen.findByTestId('detail-line-note-1')).textContent).toBe(
      '第 2 段会与第 1 段重叠（第 1 段结束于 00:04.000），请输入 00:04.000 或更晚的时间。',
    );
    await setLocale('zh-TW');
    typeTime(time('end', 1), '00:11.000');
    expect((await screen.findByTestId('detail-line-note-1')).textContent).toBe(
      '第 2 段會與第 3 段重疊（第 3 段開始於 00:10.000），請輸入 00:10.000 或更早的時間。',
    );
  });

  it('takes the user to the line the server refused, with the server’s words', async () => {
    const refusal = 'Line 3 (00:10.000) starts before line 2 ends at 00:10.200. Set its start to 00:10.200 or later, or end line 2 earlier.';
    editReply = { status: 400, body: { code: 400, msg: refusal, data: { line: 2 } } };
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-0');
    fireEvent.change(text(0), { target: { value: 'Good morning, all.' } });
    fireEvent.click(screen.getByTestId('detail-save'));

    expect((await screen.findByTestId('detail-line-note-2')).textContent).toBe(refusal);
    expect(toasts).toEqual([refusal]);
    expect(screen.getByTestId('detail-line-2').className).toContain('flagged');
    expect(scroll.mock.contexts).toContain(screen.getByTestId('detail-line-2'));
    await waitFor(() => expect(screen.getByTestId('detail-save-state').textContent).toBe('Not saved: fix the marked line, or press Save to try again'));
  });

  it('asks before merging lines of different speakers', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-0');
    fireEvent.click(lineAction('merge', 0));
    const confirm = await openPopup('.ant-modal-confirm');
    expect(confirm.textContent).toContain('Merge lines of different speakers?');
    fireEvent.click(within(confirm).getByText('Merge'));
    await waitFor(() => expect(screen.queryByTestId('detail-line-2')).toBeNull());
    expect(text(0).value).toBe('Good morning, everyone. Thanks for coming.');
    expect(time('end', 0).value).toBe('00:09.000');
  });

  it('renames a speaker on every line and merges one speaker into another', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    const speakers = await screen.findByTestId('detail-speakers');
    fireEvent.click(within(speakers).getAllByTestId('detail-speaker-rename')[0]!);
    const input = await screen.findByTestId('detail-speaker-name-input');
    fireEvent.change(input, { target: { value: 'Ben' } });
    fireEvent.click(screen.getByTestId('detail-speaker-name-submit'));
    await screen.findByText('This speaker already exists. Use “Merge into” to join the two.');
    fireEvent.change(input, { target: { value: '  Anna Li ' } });
    fireEvent.click(screen.getByTestId('detail-speaker-name-submit'));
    await waitFor(() => expect(screen.getByTestId('detail-line-2').textContent).toContain('Anna Li'));
    expect(speakers.textContent).toContain('Anna Li2 lines');

    fireEvent.click(within(speakers).getAllByTestId('detail-speaker-merge')[1]!);
    const menu = await openPopup('.ant-dropdown');
    fireEvent.click(within(menu).getByText('Anna Li'));
    await waitFor(() => expect(speakers.textContent).toContain('Anna Li3 lines'));
    expect(speakers.textContent).not.toContain('Ben');
    expect(screen.getByTestId('detail-line-1').textContent).toContain('Anna Li');
  });

  it('offers the translation and bilingual views only when there is a translation', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-0');
    const viewChoice = (v: string) => screen.getByTestId(`detail-view-${v}`).closest('label')!.querySelector('input')!;
    expect(viewChoice('translation').disabled).toBe(true);
    expect(viewChoice('bilingual').disabled).toBe(true);
    expect(viewChoice('source').checked).toBe(true);
    expect(screen.getByText('No translation yet: add one to see it here.')).toBeTruthy();
    expect(screen.queryByTestId('detail-line-translation-0')).toBeNull();
  });

  it('shows the translation beside or instead of the source, and edits it', async () => {
    detail = { ...detail, record: { ...detail.record, status: 'translation_completed', translationLanguage: 'zh-CN' } };
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-0');
    fireEvent.click(screen.getByTestId('detail-view-bilingual'));
    expect((await screen.findByTestId('detail-line-read-translation-0')).textContent).toBe('大家早上好。');
    expect(translationField(0).value).toBe('大家早上好。');
    expect(text(0).value).toBe('Good morning, everyone.');

    fireEvent.click(screen.getByTestId('detail-view-translation'));
    await waitFor(() => expect(screen.queryByTestId('detail-line-text-0')).toBeNull());
    fireEvent.change(translationField(1), { target: { value: '谢谢大家来。' } });
    fireEvent.click(screen.getByTestId('detail-save'));
    await screen.findByText('Changes saved');
    const saved = (jsonOf(calls('/editDetails')[0]!).lines as EditedLine[])[1];
    expect(saved).toMatchObject({ text: 'Thanks for coming.', translations: { 'zh-CN': '谢谢大家来。' } });
  });

  it('adds a translation into a chosen language, other than the record’s own', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    fireEvent.click(await screen.findByTestId('detail-add-translation'));
    const select = await screen.findByTestId('detail-translation-language');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
    const popup = await openPopup('.ant-select-dropdown');
    await within(popup).findByTitle('Spanish');
    expect(within(popup).queryByTitle('English')).toBeNull();
    fireEvent.click(within(popup).getByTitle('Spanish'));
    fireEvent.click(screen.getByTestId('detail-translation-submit'));

    await screen.findByTestId('detail-progress');
    expect(jsonOf(calls('/addTranslation')[0]!)).toEqual({ id: ID, language: 'es-ES' });
    expect(screen.getByTestId('detail-status').textContent).toBe('Translating');
    // While the job writes the lines, they are read-only.
    expect(screen.getByTestId('detail-line-read-0').textContent).toBe('Good morning, everyone.');
    expect(screen.queryByTestId('detail-line-edit-0')).toBeNull();
    expect(screen.queryByTestId('detail-save')).toBeNull();
  });

  it('says a meeting is finishing its transcript, read-only, then shows its live translation once ended', async () => {
    const meeting = { ...detail.record, type: 'meeting' as const, translationLanguage: 'zh-CN' };
    detail = { ...detail, record: { ...meeting, status: 'finishing' } };
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('detail-progress')).textContent).toContain("Finishing the transcript from the meeting's recording");
    expect(screen.getByTestId('detail-status').textContent).toBe('Finishing transcript');
    expect((await screen.findByTestId('detail-line-read-0')).textContent).toBe('Good morning, everyone.');
    expect(screen.queryByTestId('detail-line-edit-0')).toBeNull();
    // The page polls while the record is locked: the ended meeting shows its lines with their translation.
    detail = { ...detail, record: { ...meeting, status: 'ended' } };
    await waitFor(() => expect(screen.getByTestId('detail-status').textContent).toBe('Ended'), { timeout: 10_000 });
    expect(screen.queryByText('No translation yet: add one to see it here.')).toBeNull();
    fireEvent.click(screen.getByTestId('detail-view-bilingual'));
    expect((await screen.findByTestId('detail-line-read-translation-0')).textContent).toBe('大家早上好。');
  });

  it("links a plugin session's record to the page it subtitled, opening it apart from this one", async () => {
    const page = 'https://video.example.com/watch?v=talk&list=a-very-long-playlist-name-that-does-not-fit-on-a-phone';
    detail = { ...detail, record: { ...detail.record, type: 'meeting', status: 'ended', sourceUrl: page } };
    renderAt(`/meetingDetail?id=${ID}`);
    const link = (await screen.findByTestId('detail-source')) as HTMLAnchorElement;
    expect(link.textContent).toBe(`Page: ${page}`);
    expect(link.href).toBe(page);
    expect(link.target).toBe('_blank');
    expect(link.rel.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
  });

  it('shows no page link on a record that has none', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-title');
    expect(screen.queryByTestId('detail-source')).toBeNull();
  });

  it('renames the record from its title', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    const title = await screen.findByTestId('detail-title');
    fireEvent.click(within(title).getByRole('button', { name: 'Rename' }));
    const field = await screen.findByTestId('detail-title-input');
    fireEvent.change(field, { target: { value: 'Budget sync' } });
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 13 });
    await screen.findByText('Record renamed');
    expect(jsonOf(server.requests.find((r) => r.url.pathname.endsWith('/transcribe/edit'))!)).toEqual({ ids: [ID], name: 'Budget sync' });
    await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Budget sync'));
  });

  it('says when the transcript is empty and when the audio is not ready', async () => {
    detail = { ...detail, lines: [] };
    mediaReply = fail(404, 'The audio or video of this record is not available.');
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('detail-empty')).textContent).toContain('Data is empty.');
    expect((await screen.findByTestId('detail-media-missing')).textContent).toContain('The audio is not ready yet. Please refresh later.');
    expect(toasts).toEqual([]);

    mediaReply = ok({ url: 'http://127.0.0.1:1/media/clip.mp4', kind: 'video' });
    fireEvent.click(screen.getByText('Refresh'));
    expect((await screen.findByTestId('detail-player')).tagName).toBe('VIDEO');
  });

  it('says when the record cannot be read, with the server’s reason', async () => {
    renderAt('/meetingDetail?id=77');
    expect((await screen.findByTestId('detail-error')).textContent).toContain('This record could not be loaded.');
    expect(screen.getByTestId('detail-error').textContent).toContain('This record does not exist.');
  });

  it('asks for a record when the link has no id', async () => {
    renderAt('/meetingDetail');
    expect((await screen.findByTestId('detail-error')).textContent).toContain('Missing parameters');
    expect(calls('/getTrans')).toHaveLength(0);
  });

  it('plays and pauses with Space, except while typing', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-player');
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(text(0), { key: ' ', code: 'Space' });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('seeks to a line when its time is clicked, and highlights the line playing', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    renderAt(`/meetingDetail?id=${ID}`);
    const player = (await screen.findByTestId('detail-player')) as HTMLAudioElement;
    fireEvent.click(screen.getByTestId('detail-line-clock-2'));
    expect(player.currentTime).toBe(10);
    await waitFor(() => expect(screen.getByTestId('detail-line-2').getAttribute('aria-current')).toBe('true'));

    player.currentTime = 6;
    fireEvent.timeUpdate(player);
    await waitFor(() => expect(screen.getByTestId('detail-line-1').getAttribute('aria-current')).toBe('true'));
    expect(screen.getByTestId('detail-line-2').getAttribute('aria-current')).toBeNull();
  });

  it('reloads when another tab saves the same record, and tells other tabs about its own saves', async () => {
    const otherTab = new BroadcastChannel(RECORD_CHANNEL);
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
    try {
      renderAt(`/meetingDetail?id=${ID}`);
      await screen.findByTestId('detail-line-0');
      const asked = calls('/getTrans').length;

      detail = { ...detail, lines: [line(1, 0, 4000, 'Changed elsewhere.', 'Anna')] };
      otherTab.postMessage({ id: 99 });
      otherTab.postMessage({ id: ID });
      await waitFor(() => expect(text(0).value).toBe('Changed elsewhere.'));
      expect(calls('/getTrans')).toHaveLength(asked + 1);

      // Unsaved edits are not thrown away by another tab's save: the page says so and lets the user choose.
      fireEvent.change(text(0), { target: { value: 'Mine.' } });
      detail = { ...detail, lines: [line(1, 0, 4000, 'Changed again elsewhere.', 'Anna')] };
      otherTab.postMessage({ id: ID });
      await screen.findByText('This record was changed in another tab or window.');
      expect(text(0).value).toBe('Mine.');
      fireEvent.click(screen.getByTestId('detail-load-latest'));
      expect(text(0).value).toBe('Changed again elsewhere.');

      fireEvent.change(text(0), { target: { value: 'Mine.' } });
      fireEvent.click(screen.getByTestId('detail-save'));
      await waitFor(() => expect(heard).toEqual([{ id: ID }]));
    } finally {
      otherTab.close();
    }
  });

  it('warns before leaving with unsaved changes', async () => {
    const router = renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('detail-line-0');
    fireEvent.change(text(0), { target: { value: 'Unsaved.' } });
    fireEvent.click(screen.getByTestId('detail-back'));
    const confirm = await openPopup('.ant-modal-confirm');
    expect(confirm.textContent).toContain('Leave without saving?');
    fireEvent.click(within(confirm).getByText('Stay'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(router.state.location.pathname).toBe('/meetingDetail');
    expect(text(0).value).toBe('Unsaved.');

    fireEvent.click(screen.getByTestId('detail-back'));
    fireEvent.click(within(await openPopup('.ant-modal-confirm')).getByText('Leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recordList'));
  });
});

/** The record page as a transcription tool: search, replace, speed, shortcuts, word seek, speakers, times, phones. */
describe('/meetingDetail transcript tools', () => {
  const press = (target: Element, code: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(target, { code, key: code, ...init });
  const marks = () => [...document.querySelectorAll('.detail-lines mark')].map((m) => [m.textContent, m.className]);

  it('finds text in every line, marks the hits and steps through them both ways', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderAt(`/meetingDetail?id=${ID}`);
    const input = (await screen.findByTestId('detail-search-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'THE' } });
    // Case does not matter; "the budget" in line 3 is the only hit.
    expect(screen.getByTestId('detail-search-count').textContent).toBe('1 of 1');
    fireEvent.change(input, { target: { value: 'o' } });
    // Every "o" of the first two lines; the third has none.
    const total = 'Good morning, everyone.Thanks for coming.Let us start with the budget.'.match(/o/g)!.length;
    expect(screen.getByTestId('detail-search-count').textContent).toBe(`1 of ${total}`);
    expect(marks().filter(([, c]) => c === 'detail-hit current')).toEqual([['o', 'detail-hit current']]);
    expect(marks()).toHaveLength(total);
    expect(screen.getByTestId('detail-line-read-0').querySelector('mark.current')).not.toBeNull();

    fireEvent.click(screen.getByTestId('detail-search-previous'));
    expect(screen.getByTestId('detail-search-count').textContent).toBe(`${total} of ${total}`);
    expect(screen.getByTestId('detail-line-read-1').querySelector('mark.current')).not.toBeNull();
    expect(scroll.mock.contexts).toContain(screen.getByTestId('detail-line-1'));
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('detail-search-count').textContent).toBe(`1 of ${total}`);

    fireEvent.change(input, { target: { value: 'nowhere' } });
    expect(screen.getByTestId('detail-search-count').textContent).toBe('No results');
    expect(marks()).toEqual([]);
  });

  it('replaces one hit or all of them, each an undoable and redoable step, and saves the result', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    fireEvent.change(await screen.findByTestId('detail-search-input'), { target: { value: 'ing' } });
    fireEvent.click(screen.getByTestId('detail-replace-toggle'));
    fireEvent.change(screen.getByTestId('detail-replace-input'), { target: { value: 'ING' } });
    const read = (i: number) => screen.getByTestId(`detail-line-read-${i}`).textContent;
    const count = () => screen.getByTestId('detail-search-count').textContent;
    expect(count()).toBe('1 of 2');
    fireEvent.click(screen.getByTestId('detail-replace-one'));
    expect(read(0)).toBe('Good mornING, everyone.');
    // The search moves on past what it replaced (which, ignoring case, still matches).
    expect(count()).toBe('2 of 2');
    expect(screen.getByTestId('detail-line-read-1').querySelector('mark.current')?.textContent).toBe('ing');

    fireEvent.click(screen.getByTestId('detail-replace-all'));
    expect(await screen.findByText('Replaced 2 matches.')).toBeTruthy();
    expect(read(1)).toBe('Thanks for comING.');

    fireEvent.click(screen.getByTestId('detail-undo'));
    expect(read(1)).toBe('Thanks for coming.');
    expect(read(0)).toBe('Good mornING, everyone.');
    fireEvent.click(screen.getByTestId('detail-undo'));
    expect(read(0)).toBe('Good morning, everyone.');
    fireEvent.click(screen.getByTestId('detail-redo'));
    fireEvent.click(screen.getByTestId('detail-redo'));
    expect(read(0)).toBe('Good mornING, everyone.');
    expect(read(1)).toBe('Thanks for comING.');

    fireEvent.click(screen.getByTestId('detail-save'));
    await screen.findByText('Changes saved');
    const saved = (jsonOf(calls('/editDetails')[0]!).lines as EditedLine[]).map((l) => l.text);
    expect(saved).toEqual(['Good mornING, everyone.', 'Thanks for comING.', 'Let us start with the budget.']);
  });

  it('changes the playback speed from 0.5× to 2× with the menu and the keys, and jumps 5 s', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    const player = (await screen.findByTestId('detail-player')) as HTMLAudioElement;
    const speed = () => screen.getByTestId('detail-speed').textContent;
    expect(speed()).toBe('1×');
    press(document.body, 'Period', { shiftKey: true, key: '>' });
    expect(player.playbackRate).toBe(1.25);
    expect(speed()).toBe('1.25×');
    for (let i = 0; i < 8; i++) press(document.body, 'Period', { altKey: true });
    expect(player.playbackRate).toBe(2);
    for (let i = 0; i < 9; i++) press(document.body, 'Comma', { shiftKey: true, key: '<' });
    expect(player.playbackRate).toBe(0.5);
    expect(speed()).toBe('0.5×');

    fireEvent.click(screen.getByTestId('detail-speed'));
    // The menu's code loads on first use: a busy machine may take a while.
    fireEvent.click(await screen.findByTestId('detail-speed-1.5', {}, { timeout: 10_000 }));
    expect(player.playbackRate).toBe(1.5);
    // The speed outlives a new source (the browser resets it on load).
    player.playbackRate = 1;
    fireEvent.loadedMetadata(player);
    expect(player.playbackRate).toBe(1.5);

    player.currentTime = 8;
    press(document.body, 'ArrowRight');
    expect(player.currentTime).toBe(13);
    press(document.body, 'KeyJ', { altKey: true });
    expect(player.currentTime).toBe(8);
    fireEvent.click(screen.getByTestId('detail-skip-back'));
    fireEvent.click(screen.getByTestId('detail-skip-back'));
    expect(player.currentTime).toBe(0);
  });

  it('keeps bare keys for typing but takes Alt and Ctrl shortcuts everywhere, and lists them all', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    renderAt(`/meetingDetail?id=${ID}`);
    const player = (await screen.findByTestId('detail-player')) as HTMLAudioElement;
    player.currentTime = 8;
    const field = text(1);
    press(field, 'ArrowLeft');
    press(field, 'Space', { key: ' ' });
    press(field, 'Period', { shiftKey: true, key: '>' });
    expect(player.currentTime).toBe(8);
    expect(play).not.toHaveBeenCalled();
    expect(player.playbackRate).toBe(1);

    press(field, 'KeyK', { altKey: true });
    expect(play).toHaveBeenCalledTimes(1);
    press(field, 'KeyJ', { altKey: true });
    expect(player.currentTime).toBe(3);

    // Ctrl/⌘+Z in a line is the transcript's undo, and Ctrl+Shift+Z its redo.
    fireEvent.change(field, { target: { value: 'Thanks a lot.' } });
    press(field, 'KeyZ', { ctrlKey: true });
    expect(text(1).value).toBe('Thanks for coming.');
    press(text(1), 'KeyZ', { ctrlKey: true, shiftKey: true });
    expect(text(1).value).toBe('Thanks a lot.');
    // In the search box the browser keeps its own undo.
    const search = screen.getByTestId('detail-search-input');
    press(search, 'KeyZ', { ctrlKey: true });
    expect(text(1).value).toBe('Thanks a lot.');

    press(document.body, 'KeyF', { ctrlKey: true });
    expect(document.activeElement).toBe(search);

    fireEvent.click(screen.getByTestId('detail-shortcuts-help'));
    const help = await screen.findByTestId('detail-shortcuts');
    for (const label of ['Play or pause', 'Back 5 seconds', 'Forward 5 seconds', 'Slower', 'Faster', 'Search the transcript', 'Undo', 'Redo']) {
      expect(help.textContent).toContain(label);
    }
    expect(help.textContent).toContain('Alt+K');
    expect(help.textContent).toContain('Ctrl+Shift+Z');
    expect(help.textContent).toContain('not while typing');
  });

  it('plays from a clicked word at its heard time, proportionally once the line is edited, and edits only on purpose', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    const heard: RecordWords = {
      lines: [
        {
          seq: 1,
          text: 'Thanks for coming.',
          words: [
            { word: 'Thanks', start: 5200, end: 5600 },
            { word: 'for', start: 6100, end: 6300 },
            { word: 'coming', start: 7400, end: 8000 },
          ],
        },
      ],
    };
    wordsReply = ok(heard);
    renderAt(`/meetingDetail?id=${ID}`);
    const player = (await screen.findByTestId('detail-player')) as HTMLAudioElement;
    const word = async (index: number, w: string) => within(await screen.findByTestId(`detail-line-read-${index}`)).getByText(w, { selector: '.detail-word' });

    await waitFor(() => expect(calls('/words')).toHaveLength(1));
    fireEvent.click(await word(1, 'coming'));
    await waitFor(() => expect(player.currentTime).toBe(7.4));
    // A click reads; it does not open the line for editing.
    expect(screen.queryByTestId('detail-line-text-1')).toBeNull();
    // Line 3 has no words: "budget" sits at its share of the line (22 of 29 characters into 10–14 s).
    fireEvent.click(await word(2, 'budget.'));
    expect(player.currentTime).toBeCloseTo((10_000 + (4000 * 'Let us start with the '.length) / 'Let us start with the budget.'.length) / 1000, 3);

    // Double-click opens a line, Escape closes it; Enter on a line opens it too.
    fireEvent.doubleClick(await word(1, 'for'));
    const field = screen.getByTestId('detail-line-text-1') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Thanks so much for coming.' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByTestId('detail-line-text-1')).toBeNull();
    fireEvent.click(await word(1, 'coming.'));
    // The heard words no longer match the edited text: "coming" is 19 of 26 characters into 5–9 s.
    expect(player.currentTime).toBeCloseTo((5000 + (4000 * 19) / 26) / 1000, 3);
    fireEvent.keyDown(screen.getByTestId('detail-line-0'), { key: 'Enter' });
    expect(screen.getByTestId('detail-line-text-0')).toBeTruthy();
  });

  it('gives each speaker a colour and shows default names in the reader’s language, custom names as typed', async () => {
    detail = {
      ...detail,
      lines: [line(1, 0, 4000, 'Good morning.', 'Speaker 1'), line(2, 5000, 9000, 'Hello.', '说话人2'), line(3, 10_000, 14_000, 'Hi all.', 'Anna Li')],
    };
    try {
      await setLocale('zh-CN');
      renderAt(`/meetingDetail?id=${ID}`);
      const speaker = async (i: number) => screen.findByTestId(`detail-line-speaker-${i}`);
      expect((await speaker(0)).textContent).toBe('说话人1');
      expect((await speaker(1)).textContent).toBe('说话人2');
      expect((await speaker(2)).textContent).toBe('Anna Li');
      const colors = await Promise.all([0, 1, 2].map(async (i) => (await speaker(i)).style.color));
      expect(new Set(colors).size).toBe(3);
      expect(colors.every((c) => c !== '')).toBe(true);
      // The speakers panel uses the same names.
      expect(screen.getByTestId('detail-speakers').textContent).toContain('说话人1');
      await setLocale('en-US');
      await waitFor(async () => expect((await speaker(1)).textContent).toBe('Speaker 2'));
      expect((await speaker(0)).style.color).toBe(colors[0]);
    } finally {
      await setLocale('en-US');
    }
  });

  it('shows times as mm:ss to read and h:mm:ss past an hour, milliseconds only while editing', async () => {
    detail = {
      record: recordRow(ID, { name: 'Long talk', duration: 4000 }),
      lines: [line(1, 65_400, 70_000, 'Early.', ''), line(2, 3_725_900, 3_730_000, 'Late.', '')],
    };
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('detail-line-clock-0')).textContent).toBe('01:05');
    expect(screen.getByTestId('detail-line-clock-1').textContent).toBe('1:02:05');
    expect(time('start', 1).value).toBe('01:02:05.900');
  });
});
