import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordDetail } from '../../contracts/records';
import type { MediaSummary, SummaryState } from '../../contracts/summary';
import { markmapTree } from '../../web/features/summary/mind-map-tree';
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
let state: SummaryState;
/** What queryMediaSummary answers: the state, unless a test breaks it. */
let queryReply: () => Reply;
/** What the next mediaSummary call does to the state (the server queues the summary). */
let startReply: () => Reply;
let downloadReply: Reply;

const sampleSummary = (overrides: Partial<MediaSummary> = {}): MediaSummary => ({
  method: 'llm',
  language: 'en-US',
  chapters: [
    { start: 0, end: 9000, title: 'Welcome', summary: 'Everyone is greeted and thanked for coming.' },
    { start: 10_000, end: 74_000, title: 'Budget <review>', summary: 'The budget for the next quarter is discussed.' },
  ],
  speakers: [
    { speaker: 'Anna', talkMs: 30_000, summary: 'Anna opened the meeting and led the budget review.' },
    { speaker: 'Ben', talkMs: 10_000, summary: 'Ben thanked everyone.' },
  ],
  keyPoints: [
    { text: 'The meeting starts on time.', start: 0 },
    { text: 'The budget is the first topic.', start: 12_500 },
  ],
  mindMap: {
    text: 'Weekly sync',
    children: [
      { text: 'Welcome', start: 0, children: [{ text: 'The meeting starts on time.', start: 0, children: [] }] },
      { text: 'Budget <review>', start: 10_000, children: [{ text: 'The budget is the first topic.', start: 12_500, children: [] }] },
    ],
  },
  actionItems: [{ id: 0, text: 'Send the budget to finance.', owner: 'Ben', ownerLineId: 2, due: '2026-01-16', lineId: 3, start: 10_000, done: false }],
  decisions: [{ text: 'The budget is agreed.', lineId: 3, start: 10_000 }],
  questions: [{ text: 'Who pays for travel?', lineId: 2, start: 5_000 }],
  ...overrides,
});

const summaryState = (overrides: Partial<SummaryState> = {}): SummaryState => ({
  recordId: ID,
  status: 'done',
  errorReason: null,
  summary: sampleSummary(),
  stale: false,
  generatedAt: Date.UTC(2026, 0, 15, 10, 0),
  ...overrides,
});

const transcript = () => [
  { id: 1, seq: 0, start: 0, end: 4000, text: 'Good morning, everyone.', speaker: 'Anna', translations: {} },
  { id: 2, seq: 1, start: 5000, end: 9000, text: 'Thanks for coming.', speaker: 'Ben', translations: {} },
  { id: 3, seq: 2, start: 10_000, end: 14_000, text: 'Let us start with the budget.', speaker: 'Anna', translations: {} },
];

function fakeApi({ url, body }: RecordedRequest): Reply {
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/audio/transcribe/getTrans':
      return ok(detail);
    case '/speech/audio/transcribe/media':
      return ok({ url: 'http://127.0.0.1:1/media/clip.mp3', kind: 'audio' });
    case '/ai/ai/queryMediaSummary':
      return queryReply();
    case '/ai/ai/mediaSummary':
      return startReply();
    case '/ai/summaryTemplate/download':
      return downloadReply;
    case '/ai/ai/actionItemDone': {
      const { item, done } = JSON.parse(body) as { item: number; done: boolean };
      const summary = state.summary!;
      state = { ...state, summary: { ...summary, actionItems: summary.actionItems.map((a) => (a.id === item ? { ...a, done } : a)) } };
      return ok(state);
    }
    default:
      return askPanelReply(url.pathname.replace('/prod-api', '')) ?? fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api/ai${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;
const card = () => screen.getByTestId('detail-summary');

/** Opens one of the card's tabs by its label. */
function openTab(label: string) {
  fireEvent.click(within(card()).getByRole('tab', { name: label }));
}

// jsdom's SVG elements have no transform list, which d3's animated transforms parse: every transform reads
// as the identity. Never removed: a transition may still tick after the last test, and each test file gets
// its own jsdom.
beforeAll(() => {
  Object.defineProperty(SVGElement.prototype, 'transform', { configurable: true, get: () => ({ baseVal: { consolidate: () => null } }) });
});

beforeEach(() => {
  detail = { record: recordRow(ID, { name: 'Weekly sync', duration: 80 }), lines: transcript() };
  state = summaryState();
  queryReply = () => ok(state);
  startReply = () => {
    state = { ...state, status: 'queued', errorReason: state.errorReason };
    return ok(state);
  };
  downloadReply = fail(500, 'not set');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

// antd renders slowly in jsdom: a test that opens tabs and menus takes seconds.
describe('the AI summary of a record', () => {
  it('shows the four tabs of a finished summary, and its chapters and key points move the player', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    // The file's first render compiles the whole record page (its transcript tools too): on a busy machine that alone can take most of the usual wait.
    const chapter = await screen.findByTestId('summary-chapter-1', {}, { timeout: 30_000 });
    expect(within(card()).getByText('AI summary')).toBeTruthy();
    for (const tab of ['Chapters', 'Speakers', 'Key points', 'Mind map']) {
      expect(within(card()).getByRole('tab', { name: tab })).toBeTruthy();
    }
    expect(jsonOf(calls('/ai/queryMediaSummary')[0]!)).toEqual({ id: ID });
    expect(screen.getByTestId('summary-chapter-0').textContent).toBe('00:00–00:09Welcome');
    // Markup in a title is text, not HTML.
    expect(chapter.textContent).toBe('00:10–01:14Budget <review>');
    expect(card().textContent).toContain('The budget for the next quarter is discussed.');
    expect(screen.getByTestId('summary-method').textContent).toBe('Written by AI');
    expect(chapter.tagName).toBe('BUTTON');

    const player = (await screen.findByTestId('detail-player')) as HTMLAudioElement;
    fireEvent.click(chapter);
    expect(player.currentTime).toBe(10);

    openTab('Speakers');
    const anna = await screen.findByTestId('summary-speaker-0');
    expect(anna.textContent).toContain('Anna');
    expect(anna.textContent).toContain('00:30');
    expect(anna.textContent).toContain('75%');
    expect(anna.textContent).toContain('Anna opened the meeting and led the budget review.');
    expect(screen.getByTestId('summary-speaker-1').textContent).toContain('25%');

    openTab('Key points');
    const point = await screen.findByTestId('summary-key-point-1');
    expect(point.textContent).toBe('00:12');
    expect(point.getAttribute('aria-label')).toBe('Play from 00:12');
    expect(screen.getByTestId('summary-key-points').textContent).toContain('The budget is the first topic.');
    fireEvent.click(point);
    expect(player.currentTime).toBe(12.5);
    expect(toasts).toEqual([]);
  });

  it('lists the action items with owners and due dates, decisions and open questions; a time plays, a tick marks an item done', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('summary-chapter-0', {}, { timeout: 30_000 });
    openTab('To-dos (1)');
    const item = await screen.findByTestId('summary-action-0');
    expect(item.textContent).toContain('Send the budget to finance.');
    expect(screen.getByTestId('summary-action-owner-0').textContent).toBe('Owner: Ben');
    expect(screen.getByTestId('summary-action-due-0').textContent).toBe('Due 2026-01-16');
    expect(screen.getByTestId('summary-decisions').textContent).toContain('The budget is agreed.');
    expect(screen.getByTestId('summary-questions').textContent).toContain('Who pays for travel?');

    const player = (await screen.findByTestId('detail-player')) as HTMLAudioElement;
    fireEvent.click(screen.getByTestId('summary-questions-0'));
    expect(player.currentTime).toBe(5);
    fireEvent.click(screen.getByTestId('summary-action-seek-0'));
    expect(player.currentTime).toBe(10);

    const box = screen.getByTestId('summary-action-done-0') as HTMLInputElement;
    expect(box.getAttribute('aria-label')).toBe('Mark done: Send the budget to finance.');
    fireEvent.click(box);
    await waitFor(() => expect(calls('/ai/actionItemDone')).toHaveLength(1));
    expect(jsonOf(calls('/ai/actionItemDone')[0]!)).toEqual({ id: ID, item: 0, done: true });
    // The server's answer keeps it ticked and struck through.
    await waitFor(() => expect(screen.getByTestId('summary-action-0').className).toContain('done'));
    expect((screen.getByTestId('summary-action-done-0') as HTMLInputElement).checked).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('names default speakers in the reader’s language on the speakers tab and as an action item’s owner', async () => {
    state = summaryState({
      summary: sampleSummary({
        speakers: [
          { speaker: 'Speaker 1', talkMs: 30_000, summary: 'Opened the meeting.' },
          { speaker: 'Speaker 2', talkMs: 10_000, summary: 'Thanked everyone.' },
        ],
        actionItems: [{ id: 0, text: '把预算发给财务。', owner: 'Speaker 2', ownerLineId: null, due: '', lineId: 3, start: 10_000, done: false }],
      }),
    });
    try {
      await setLocale('zh-CN');
      renderAt(`/meetingDetail?id=${ID}`);
      await screen.findByTestId('summary-chapter-1', {}, { timeout: 30_000 });
      openTab('发言总结');
      expect((await screen.findByTestId('summary-speaker-1')).querySelector('.summary-speaker-name')!.textContent).toBe('说话人2');
      openTab('待办（1）');
      expect((await screen.findByTestId('summary-action-owner-0')).textContent).toContain('说话人2');
    } finally {
      await setLocale('en-US');
    }
  });

  it('polls a queued summary until it is done, then stops', async () => {
    state = summaryState({ status: 'queued', summary: null, generatedAt: null });
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('summary-progress')).textContent).toContain('Summarising…');
    expect(screen.queryByTestId('summary-generate')).toBeNull();
    expect((screen.getByTestId('summary-export') as HTMLButtonElement).disabled).toBe(true);

    state = summaryState({ status: 'running', summary: null, generatedAt: null });
    await waitFor(() => expect(calls('/ai/queryMediaSummary').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('summary-progress')).toBeTruthy();

    state = summaryState();
    await screen.findByTestId('summary-chapter-0');
    expect(screen.queryByTestId('summary-progress')).toBeNull();
    expect((screen.getByTestId('summary-export') as HTMLButtonElement).disabled).toBe(false);

    const asked = calls('/ai/queryMediaSummary').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls('/ai/queryMediaSummary')).toHaveLength(asked);
  });

  it('says in place when the summary cannot be read, and reads it again', async () => {
    queryReply = () => fail(500, 'The database is busy.');
    renderAt(`/meetingDetail?id=${ID}`);
    const reload = await screen.findByTestId('summary-reload');
    expect(card().textContent).toContain('The summary could not be loaded.');
    expect(card().textContent).toContain('The database is busy.');
    // The transcript is still usable: no toast over the page for the side card.
    expect(toasts).toEqual([]);

    queryReply = () => ok(state);
    fireEvent.click(reload);
    await screen.findByTestId('summary-chapter-0');
  });

  it('keeps showing the progress when one poll fails', async () => {
    state = summaryState({ status: 'running', summary: null, generatedAt: null });
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('summary-progress');
    queryReply = () => fail(500, 'The database is busy.');
    await waitFor(() => expect(calls('/ai/queryMediaSummary').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('summary-progress')).toBeTruthy();
    expect(screen.queryByTestId('summary-reload')).toBeNull();

    queryReply = () => ok(summaryState());
    await screen.findByTestId('summary-chapter-0');
  });

  it('keeps the previous summary readable while a new one is made', async () => {
    state = summaryState({ status: 'running' });
    renderAt(`/meetingDetail?id=${ID}`);
    const progress = await screen.findByTestId('summary-progress');
    expect(progress.textContent).toContain('The previous summary is shown until the new one is ready.');
    expect(screen.getByTestId('summary-chapter-0').textContent).toContain('Welcome');
  });

  it('shows why a summary failed and retries it', async () => {
    state = summaryState({ status: 'failed', summary: null, generatedAt: null, errorReason: 'The summary engine did not answer.' });
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('summary-error')).textContent).toBe('The summary engine did not answer.');
    expect(card().textContent).toContain('The summary could not be made.');

    fireEvent.click(screen.getByTestId('summary-retry'));
    await screen.findByTestId('summary-progress');
    expect(calls('/ai/mediaSummary').map(jsonOf)).toEqual([{ id: ID }]);
    expect(screen.queryByTestId('summary-retry')).toBeNull();
  });

  it('warns when the transcript changed after the summary, and regenerates it', async () => {
    state = summaryState({ stale: true });
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('summary-stale')).textContent).toContain('The transcript changed after this summary.');

    fireEvent.click(screen.getByTestId('summary-regenerate'));
    await screen.findByTestId('summary-progress');
    expect(calls('/ai/mediaSummary').map(jsonOf)).toEqual([{ id: ID }]);
    expect(screen.queryByTestId('summary-stale')).toBeNull();
    // The old summary stays until the new one replaces it.
    expect(screen.getByTestId('summary-chapter-0')).toBeTruthy();
  });

  it('offers to generate a summary of a transcript that has none', async () => {
    state = summaryState({ status: 'none', summary: null, generatedAt: null });
    renderAt(`/meetingDetail?id=${ID}`);
    const generate = (await screen.findByTestId('summary-generate')) as HTMLButtonElement;
    expect(generate.textContent).toBe('Generate summary');
    expect(generate.disabled).toBe(false);
    expect((screen.getByTestId('summary-export') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(generate);
    expect((await screen.findByTestId('summary-progress')).textContent).toContain('The summary appears here by itself.');
    expect(calls('/ai/mediaSummary').map(jsonOf)).toEqual([{ id: ID }]);
  });

  it('shows the server’s refusal to generate and stays ready to try again', async () => {
    state = summaryState({ status: 'none', summary: null, generatedAt: null });
    startReply = () => fail(400, 'The record has no transcript to summarize.');
    renderAt(`/meetingDetail?id=${ID}`);
    fireEvent.click(await screen.findByTestId('summary-generate'));
    await waitFor(() => expect(toasts).toEqual(['The record has no transcript to summarize.']));
    expect(screen.getByTestId('summary-generate')).toBeTruthy();
    expect(screen.queryByTestId('summary-progress')).toBeNull();
  });

  it('cannot generate while the record is transcribing, and asks again once it is done', async () => {
    detail = { record: recordRow(ID, { status: 'transcribing', duration: 80 }), lines: [] };
    state = summaryState({ status: 'none', summary: null, generatedAt: null });
    renderAt(`/meetingDetail?id=${ID}`);
    const generate = (await screen.findByTestId('summary-generate')) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    expect(card().textContent).toContain('Available once the transcription has finished.');

    // The server queues a summary when the transcription completes.
    detail = { record: recordRow(ID, { name: 'Weekly sync', duration: 80 }), lines: transcript() };
    state = summaryState({ status: 'queued', summary: null, generatedAt: null });
    await screen.findByTestId('summary-progress');
    expect(calls('/ai/mediaSummary')).toHaveLength(0);
  });

  it('has nothing to generate from a record without a transcript', async () => {
    detail = { ...detail, lines: [] };
    state = summaryState({ status: 'none', summary: null, generatedAt: null });
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('summary-none')).textContent).toContain('There is no transcript to summarise yet.');
    expect(screen.queryByTestId('summary-generate')).toBeNull();
  });

  it('calls a meeting’s summary its minutes', async () => {
    detail = { ...detail, record: recordRow(ID, { type: 'meeting', status: 'ended', duration: 80 }) };
    state = summaryState({ status: 'none', summary: null, generatedAt: null });
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('summary-generate')).textContent).toBe('Generate minutes');
    expect(within(card()).getByText('AI meeting minutes')).toBeTruthy();
    expect(within(card()).queryByText('AI summary')).toBeNull();
  });

  it('waits for a live meeting to end before its minutes can be made', async () => {
    detail = { ...detail, record: recordRow(ID, { type: 'meeting', status: 'in_progress', duration: 80 }) };
    state = summaryState({ status: 'none', summary: null, generatedAt: null });
    renderAt(`/meetingDetail?id=${ID}`);
    expect(((await screen.findByTestId('summary-generate')) as HTMLButtonElement).disabled).toBe(true);
    expect(card().textContent).toContain('The minutes are written when the meeting ends.');
  });

  it('labels an extractive summary as sentences picked from the transcript', async () => {
    state = summaryState({ summary: sampleSummary({ method: 'extractive' }) });
    renderAt(`/meetingDetail?id=${ID}`);
    expect((await screen.findByTestId('summary-method')).textContent).toBe('Extractive: sentences picked from the transcript');
  });

  it('exports the summary as Word or Markdown', async () => {
    const saved: string[] = [];
    // jsdom has no object URLs and does not download: record what the page hands to the browser.
    Object.assign(URL, { createObjectURL: () => 'blob:summary', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    downloadReply = { body: '# Weekly sync\n', contentType: 'text/markdown', headers: { 'Content-Disposition': 'attachment; filename="Weekly sync.md"' } };
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('summary-chapter-0');

    fireEvent.click(screen.getByTestId('summary-export'));
    const menu = await openPopup('.ant-dropdown');
    expect(menu.textContent).toContain('Word (.docx)');
    fireEvent.click(within(menu).getByTestId('summary-export-md'));
    await waitFor(() => expect(saved).toEqual(['Weekly sync.md']));
    expect(calls('/summaryTemplate/download').map(jsonOf)).toEqual([{ id: ID, format: 'md' }]);
    await screen.findByText('Saved as Weekly sync.md');

    downloadReply = { body: 'PK', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    fireEvent.click(screen.getByTestId('summary-export'));
    fireEvent.click(within(await openPopup('.ant-dropdown')).getByTestId('summary-export-docx'));
    await waitFor(() => expect(saved).toEqual(['Weekly sync.md', `summary-${ID}.docx`]));
    expect(jsonOf(calls('/summaryTemplate/download')[1]!)).toEqual({ id: ID, format: 'docx' });
  });

  it('draws the mind map with markmap when its tab is opened', async () => {
    // jsdom has no ResizeObserver (markmap measures its nodes with one) and no layout: sizes are all 0, so
    // this checks what is drawn and wired, not where.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    renderAt(`/meetingDetail?id=${ID}`);
    await screen.findByTestId('summary-chapter-0');
    expect(screen.queryByTestId('summary-mind-map')).toBeNull();

    openTab('Mind map');
    const svg = await screen.findByTestId('summary-mind-map');
    expect(svg.tagName.toLowerCase()).toBe('svg');
    await waitFor(() => expect(svg.querySelectorAll('foreignObject')).toHaveLength(5));
    const texts = [...svg.querySelectorAll('foreignObject')].map((node) => node.textContent).sort();
    expect(texts).toEqual(['Budget <review>', 'The budget is the first topic.', 'The meeting starts on time.', 'Weekly sync', 'Welcome']);
    expect(svg.querySelector('script, review')).toBeNull();

    // A node's text moves the player to where it was said.
    const player = screen.getByTestId('detail-player') as HTMLAudioElement;
    fireEvent.click(within(svg as unknown as HTMLElement).getByText('The budget is the first topic.'));
    expect(player.currentTime).toBe(12.5);
    fireEvent.click(screen.getByTestId('summary-mind-map-fit'));
    vi.unstubAllGlobals();
  });
});

describe('the mind map tree', () => {
  it('is the summary’s tree with its text escaped and each node’s place in the media', () => {
    const tree = markmapTree({
      text: 'Q3 <plan> & "goals"',
      children: [{ text: 'Hiring', start: 61_234.4, children: [{ text: 'Two engineers', children: [] }] }],
    });
    expect(tree).toEqual({
      content: 'Q3 &lt;plan&gt; &amp; &quot;goals&quot;',
      payload: {},
      children: [
        {
          content: '<span class="summary-mind-seek" data-start="61234">Hiring</span>',
          payload: { start: 61_234.4 },
          children: [{ content: 'Two engineers', payload: {}, children: [] }],
        },
      ],
    });
  });
});
