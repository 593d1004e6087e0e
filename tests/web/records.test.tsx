import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordRow, ShareStatus } from '../../contracts/records';
import { removeToken } from '../../web/lib/auth';
import { pageItems } from '../../web/features/records/RecordsPagination';
import { expiryChoice } from '../../web/features/records/ShareDialog';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { fail, ok, recordRow, sampleTree } from './helpers/records';
import { renderAt } from './helpers/render-app';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi);
let rows: RecordRow[];
let share: ShareStatus;
let exportReply: Reply;

function fakeApi({ url, body }: RecordedRequest): Reply {
  const query = url.searchParams;
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/folder/getFolder':
      return ok(sampleTree());
    case '/speech/audio/transcribe/query': {
      const size = Number(query.get('pageSize'));
      const start = (Number(query.get('pageNum')) - 1) * size;
      return ok({ rows: rows.slice(start, start + size), total: rows.length });
    }
    case '/speech/audio/transcribe/edit':
      return ok({ updated: (JSON.parse(body) as { ids: number[] }).ids.length });
    case '/speech/audio/transcribe/remove':
      return ok({ removed: (JSON.parse(body) as { ids: number[] }).ids.length });
    case '/speech/audio/transcribe/getTransShareStatus':
      return ok(share);
    case '/speech/audio/transcribe/share': {
      const input = JSON.parse(body) as { enabled: boolean; allowCopy: boolean; expiresInDays: number | null };
      share = input.enabled
        ? {
            shared: true,
            token: 'Sh4reT0ken_abcdefgh',
            allowCopy: input.allowCopy,
            expiresAt: input.expiresInDays ? Date.now() + input.expiresInDays * 86_400_000 : null,
          }
        : { shared: false, token: null, allowCopy: false, expiresAt: null };
      return ok(share);
    }
    case '/speech/audio/transcribe/export':
      return exportReply;
    case '/auth/downloadTicket':
      return ok({ url: `${(JSON.parse(body) as { url: string }).url}&ticket=T1ck3t`, expiresIn: 60 });
    default:
      return fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api/speech/audio/transcribe${path}`);
const lastQuery = () => Object.fromEntries(calls('/query').at(-1)?.url.searchParams ?? []);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;

beforeEach(() => {
  rows = Array.from({ length: 23 }, (_, i) => recordRow(i + 1));
  share = { shared: false, token: null, allowCopy: false, expiresAt: null };
  exportReply = { body: 'hello', contentType: 'text/plain' };
});

/** The dropdown or select popup that is open now. */
function openPopup(selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const popup = [...document.querySelectorAll<HTMLElement>(selector)].find((el) => !/-hidden\b/.test(el.className));
    if (!popup) throw new Error(`no open ${selector}`);
    return popup;
  });
}

async function rowAction(id: number, action: string) {
  fireEvent.click(await screen.findByTestId(`record-actions-${id}`));
  const menu = await openPopup('.ant-dropdown');
  fireEvent.click(within(menu).getByTestId(`record-${action}`));
}

/** Opens a select of the list: the first press loads it and opens it; later presses open it as antd's do. */
async function openSelect(testId: string): Promise<HTMLElement> {
  const select = screen.getByTestId(testId);
  const selector = select.querySelector('.ant-select-selector');
  if (selector) fireEvent.mouseDown(selector);
  else fireEvent.click(select);
  return openPopup('.ant-select-dropdown');
}

async function choose(testId: string, option: string) {
  fireEvent.click(await within(await openSelect(testId)).findByTitle(option));
}

describe('the pager', () => {
  // A page number, «n or »n for a jump of five to page n, and * on a page narrow screens leave out.
  const shown = (current: number, pages: number) =>
    pageItems(current, pages).map(({ page, jump, far }) => `${jump === 'prev' ? '«' : jump === 'next' ? '»' : ''}${page}${far ? '*' : ''}`);

  it('shows the pages antd shows: all of a few, else the ends and two either side of the current one with jumps between', () => {
    expect(shown(1, 7)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(shown(1, 20)).toEqual(['1', '2', '3', '4', '5*', '»6', '20']);
    expect(shown(4, 20)).toEqual(['1', '2', '3', '4', '5', '6*', '»9', '20']);
    expect(shown(10, 20)).toEqual(['1', '«5', '8*', '9', '10', '11', '12*', '»15', '20']);
    expect(shown(20, 20)).toEqual(['1', '«15', '16*', '17', '18', '19', '20']);
  });
});

// antd renders slowly in jsdom: a test that opens menus and dialogs takes seconds.
describe('records list', () => {
  it('asks the server for the first page of favourites and shows rows and pages', async () => {
    rows = [recordRow(1, { name: 'Budget review', type: 'meeting', status: 'paused', duration: 3725, favourite: true }), ...rows.slice(1)];
    renderAt('/favourList');
    const row = await screen.findByTestId('record-row-1');
    expect(lastQuery()).toEqual({ pageNum: '1', pageSize: '10', orderByColumn: 'create_time', isAsc: 'desc', favourite: '1' });
    expect(within(row).getByTestId('record-name-1').textContent).toBe('Budget review');
    expect(within(row).getByTestId('record-name-1').getAttribute('href')).toBe('/meetingDetail?id=1');
    expect(row.textContent).toContain('Meeting');
    expect(row.textContent).toContain('Paused');
    expect(row.textContent).toContain('1:02:05');
    expect(within(screen.getByTestId('records-table')).getAllByTestId(/^record-row-/)).toHaveLength(10);
    expect(screen.getByTestId('records-pagination').textContent).toContain('23 in total');

    fireEvent.click(within(screen.getByTestId('records-pagination')).getByTitle('3'));
    await screen.findByTestId('record-row-21');
    expect(lastQuery()).toMatchObject({ pageNum: '3', pageSize: '10' });
    expect(screen.getAllByTestId(/^record-row-/)).toHaveLength(3);
  });

  it('sends filters and sort, back on the first page, with status choices that fit the type', async () => {
    renderAt('/shareList');
    await screen.findByTestId('record-row-1');
    fireEvent.click(within(screen.getByTestId('records-pagination')).getByTitle('2'));
    await waitFor(() => expect(lastQuery().pageNum).toBe('2'));

    const keyword = screen.getByTestId('records-keyword');
    fireEvent.change(keyword, { target: { value: '  budget ' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastQuery()).toMatchObject({ keyword: 'budget', pageNum: '1', shared: '1' }));

    await choose('records-type', 'Meeting');
    await waitFor(() => expect(lastQuery().type).toBe('meeting'));
    const statuses = await openSelect('records-status');
    await within(statuses).findByTitle('Paused');
    expect(within(statuses).queryByTitle('Transcribing')).toBeNull();
    fireEvent.click(within(statuses).getByTitle('Paused'));
    await waitFor(() => expect(lastQuery().status).toBe('paused'));

    await choose('records-sort', 'Duration');
    await waitFor(() => expect(lastQuery().orderByColumn).toBe('duration'));
    fireEvent.click(screen.getByTestId('records-sort-order'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        pageNum: '1',
        pageSize: '10',
        orderByColumn: 'duration',
        isAsc: 'asc',
        shared: '1',
        type: 'meeting',
        status: 'paused',
        keyword: 'budget',
      }),
    );
  });

  it('deletes every selected record, across pages, after confirmation', async () => {
    renderAt('/favourList');
    fireEvent.click(within(await screen.findByTestId('record-row-2')).getByTestId('record-select-2'));
    fireEvent.click(within(screen.getByTestId('record-row-5')).getByTestId('record-select-5'));
    fireEvent.click(within(screen.getByTestId('records-pagination')).getByTitle('2'));
    fireEvent.click(within(await screen.findByTestId('record-row-12')).getByTestId('record-select-12'));
    expect(screen.getByText('3 selected')).toBeTruthy();

    fireEvent.click(screen.getByTestId('records-batch-delete'));
    expect(await screen.findByText('Delete 3 records?', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    expect(calls('/remove')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('records-delete-confirm'));
    await screen.findByText('3 records deleted');
    expect(calls('/remove').map(jsonOf)).toEqual([{ ids: [2, 5, 12] }]);
    await waitFor(() => expect(screen.queryByText('3 selected')).toBeNull());
  });

  it('selects the whole page at once and deletes nothing without confirming', async () => {
    renderAt('/favourList');
    await screen.findByTestId('record-row-1');
    fireEvent.click(screen.getByTestId('records-select-all'));
    expect(screen.getByText('10 selected')).toBeTruthy();
    fireEvent.click(screen.getByTestId('records-batch-delete'));
    await screen.findByText('Delete 10 records?', { selector: '.ant-modal-confirm-title' });
    fireEvent.click(screen.getByText('Cancel', { selector: '.ant-modal-confirm button span' }));
    await waitFor(() => expect(screen.queryByText('Delete 10 records?', { selector: '.ant-modal-confirm-title' })).toBeNull());
    expect(calls('/remove')).toHaveLength(0);
  });

  it('renames a record, refusing an empty name', async () => {
    renderAt('/favourList');
    await rowAction(3, 'rename');
    const input = (await screen.findByTestId('record-rename-input')) as HTMLInputElement;
    expect(input.value).toBe('Record 3');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('record-rename-submit'));
    expect(await screen.findByText('Please enter a record name', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(input, { target: { value: ' Kick-off ' } });
    fireEvent.click(screen.getByTestId('record-rename-submit'));
    await screen.findByText('Record renamed');
    expect(calls('/edit').map(jsonOf)).toEqual([{ ids: [3], name: 'Kick-off' }]);
  });

  it('stars and unstars records', async () => {
    rows[1] = recordRow(2, { favourite: true });
    renderAt('/favourList');
    fireEvent.click(await screen.findByTestId('record-favourite-1'));
    await waitFor(() => expect(calls('/edit')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('record-favourite-2'));
    await waitFor(() =>
      expect(calls('/edit').map(jsonOf)).toEqual([
        { ids: [1], favourite: true },
        { ids: [2], favourite: false },
      ]),
    );
    expect(screen.getByTestId('record-favourite-2').getAttribute('aria-label')).toBe('Remove from favourites');
  });

  it('moves a record to a folder chosen in the tree', async () => {
    renderAt('/favourList');
    await rowAction(4, 'move');
    const submit = (await screen.findByTestId('record-move-submit')) as HTMLButtonElement;
    expect(submit.disabled).toBe(true); // still in its own folder
    fireEvent.mouseDown(screen.getByTestId('record-move-target').querySelector('.ant-select-selector')!);
    const popup = await openPopup('.ant-select-dropdown');
    fireEvent.click(await within(popup).findByTitle('Acme'));
    fireEvent.click(submit);
    await screen.findByText('Moved to “Acme”');
    expect(calls('/edit').map(jsonOf)).toEqual([{ ids: [4], folderId: 14 }]);
  });

  it('changes the page size from the pager and starts again on the first page', async () => {
    renderAt('/favourList');
    await screen.findByTestId('record-row-1');
    fireEvent.click(within(screen.getByTestId('records-pagination')).getByTitle('2'));
    await screen.findByTestId('record-row-11');
    fireEvent.click(within(screen.getByTestId('records-pagination')).getByRole('combobox', { name: 'Page Size' }));
    fireEvent.click(await within(await openPopup('.ant-select-dropdown')).findByTitle('20 / page'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNum: '1', pageSize: '20' }));
    await screen.findByTestId('record-row-1');
    await waitFor(() => expect(screen.getAllByTestId(/^record-row-/)).toHaveLength(20));
  });

  it('filters by creation dates, the calendar opening on the first press of the date box', async () => {
    renderAt('/favourList');
    await screen.findByTestId('record-row-1');
    fireEvent.click(screen.getByTestId('records-range'));
    const calendar = await openPopup('.ant-picker-dropdown');
    const days = [...calendar.querySelectorAll<HTMLElement>('.ant-picker-cell-in-view[title]')];
    const [from, to] = [days[2]!.title, days[9]!.title];
    fireEvent.click(days[2]!);
    fireEvent.click(days[9]!);
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        pageNum: '1',
        beginTime: String(new Date(`${from}T00:00:00`).getTime()),
        endTime: String(new Date(`${to}T23:59:59.999`).getTime()),
      }),
    );
  });

  it('switches to cards and remembers the choice', async () => {
    renderAt('/favourList');
    await screen.findByTestId('records-table');
    fireEvent.click(screen.getByTestId('records-view-toggle'));
    const cards = await screen.findByTestId('records-card-view');
    expect(within(cards).getAllByTestId(/^record-row-/)).toHaveLength(10);
    expect(screen.queryByTestId('records-table')).toBeNull();
    expect(localStorage.getItem('recordsView')).toBe('card');
  });

  it('says when there is nothing to show, and how to clear a filter that hides everything', async () => {
    rows = [];
    renderAt('/shareList');
    expect((await screen.findByTestId('records-empty')).textContent).toContain('You have not shared any records yet.');
    const keyword = screen.getByTestId('records-keyword');
    fireEvent.change(keyword, { target: { value: 'zzz' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('No records match these filters.');
    fireEvent.click(screen.getByText('Clear filters', { selector: 'button span' }));
    await screen.findByText('You have not shared any records yet.');
    expect((screen.getByTestId('records-keyword') as HTMLInputElement).value).toBe('');
    // The empty text follows the cleared filters at once; the list's new request may still be on its way.
    await waitFor(() => expect(lastQuery().keyword).toBeUndefined());
  });

  it('shows a running job’s stage, parts done, percentage and time left, and offers no export or share before lines exist', async () => {
    rows = [
      recordRow(1, {
        name: 'Board call',
        status: 'transcribing',
        progress: { stage: 'recognising', percent: 47, done: 3, total: 6, etaSeconds: 150 },
      }),
      recordRow(2, { name: 'Interview', status: 'transcription_completed', progress: { stage: 'summarising', percent: null, etaSeconds: null } }),
      recordRow(3, { name: 'Done' }),
    ];
    renderAt('/recordList');
    const running = await screen.findByTestId('record-row-1');
    const progress = within(running).getByTestId('job-progress');
    expect(progress.dataset.stage).toBe('recognising');
    expect(within(progress).getByTestId('job-progress-facts').textContent).toBe('Recognising speech · 3/6 parts · about 3 min left');
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('47');
    // A stage with nothing to count moves without a number.
    const summarising = within(screen.getByTestId('record-row-2')).getByTestId('job-progress');
    expect(summarising.textContent).toBe('Writing the summary');
    expect(within(summarising).queryByRole('progressbar')).toBeNull();
    expect(within(screen.getByTestId('record-row-3')).queryByTestId('job-progress')).toBeNull();

    // The list asks again while something runs, so the numbers move without a reload.
    const before = calls('/query').length;
    await waitFor(() => expect(calls('/query').length).toBeGreaterThan(before), { timeout: 5000 });

    fireEvent.click(await screen.findByTestId('record-actions-1'));
    const menu = await openPopup('.ant-dropdown');
    for (const action of ['export', 'share']) {
      expect(within(menu).getByTestId(`record-${action}`).closest('li')!.getAttribute('aria-disabled')).toBe('true');
    }
    expect(within(menu).getByTestId('record-rename').closest('li')!.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('offers New record beside the title of the records list', async () => {
    renderAt('/recordList');
    await screen.findByTestId('record-row-1');
    fireEvent.click(screen.getByTestId('new-record-button'));
    const menu = await openPopup('.ant-dropdown');
    expect(menu.textContent).toContain('AI dubbing');
  });

  it('asks a signed-out visitor to log in instead of listing', async () => {
    removeToken();
    useSession.setState({ userInfo: null });
    renderAt('/favourList');
    expect(await screen.findByText('Log in to see your records.')).toBeTruthy();
    expect(screen.queryByTestId('records-table')).toBeNull();
    // Requests still landing from the previous test carry its token.
    expect(calls('/query').filter((r) => !r.headers.authorization)).toHaveLength(0);
  });
});

describe('share dialog', () => {
  it('turns sharing on and shows the link to /meetingShare with the token, then changes expiry and copying', async () => {
    renderAt('/favourList');
    await rowAction(7, 'share');
    const enable = await screen.findByTestId('share-enable');
    expect(calls('/getTransShareStatus')[0]!.url.searchParams.get('id')).toBe('7');
    expect(screen.queryByTestId('share-link')).toBeNull();

    fireEvent.click(enable);
    const link = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/meetingShare?shareToken=Sh4reT0ken_abcdefgh`);
    expect(jsonOf(calls('/share')[0]!)).toEqual({ id: 7, enabled: true, allowCopy: false, expiresInDays: null });

    await waitFor(() => expect(screen.getByTestId('share-expiry').className).not.toContain('ant-select-disabled'));
    await choose('share-expiry', '7 days');
    await waitFor(() => expect(calls('/share')).toHaveLength(2));
    expect(jsonOf(calls('/share')[1]!)).toEqual({ id: 7, enabled: true, allowCopy: false, expiresInDays: 7 });
    await screen.findByText(/^Expires /);

    fireEvent.click(screen.getByTestId('share-allow-copy'));
    await waitFor(() => expect(calls('/share')).toHaveLength(3));
    expect(jsonOf(calls('/share')[2]!)).toEqual({ id: 7, enabled: true, allowCopy: true, expiresInDays: 7 });
  });

  it('revokes the link by switching sharing off', async () => {
    share = { shared: true, token: 'Old_t0ken_abcdefghij', allowCopy: true, expiresAt: null };
    renderAt('/favourList');
    await rowAction(2, 'share');
    expect(((await screen.findByTestId('share-link')) as HTMLInputElement).value).toContain('shareToken=Old_t0ken_abcdefghij');
    expect(screen.getByTestId('share-allow-copy').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('share-enable'));
    await screen.findByText('Sharing turned off: the link no longer works.');
    expect(jsonOf(calls('/share')[0]!)).toEqual({ id: 2, enabled: false, allowCopy: true, expiresInDays: null });
    expect(screen.queryByTestId('share-link')).toBeNull();
  });
});

describe('the expiry a share dialog shows for an existing link', () => {
  const now = Date.UTC(2026, 0, 1);
  const day = 86_400_000;
  it.each([
    [null, null],
    [now + 0.5 * day, 1],
    [now + day, 1],
    [now + 5 * day, 7],
    [now + 29 * day, 30],
    [now + 45 * day, 30],
  ])('expires at %s → %s days', (expiresAt, days) => {
    expect(expiryChoice(expiresAt, now)).toBe(days);
  });
});

describe('export', () => {
  let saved: { name: string; href: string }[];
  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs and does not download: record what the page hands to the browser.
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });

  it('downloads one record in the chosen format under the server’s (UTF-8) file name', async () => {
    exportReply = {
      body: '1\n00:00:00,000 --> 00:00:04,200\nGood morning\n',
      contentType: 'application/x-subrip',
      headers: { 'Content-Disposition': `attachment; filename="meeting.srt"; filename*=UTF-8''${encodeURIComponent('周会 纪要.srt')}` },
    };
    renderAt('/favourList');
    await rowAction(5, 'export');
    fireEvent.click(await screen.findByTestId('export-format-srt'));
    expect((screen.getByTestId('export-timestamps') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('export-speaker'));
    fireEvent.click(screen.getByText('Bilingual'));
    fireEvent.click(screen.getByTestId('export-submit'));

    await screen.findByText('Saved as 周会 纪要.srt');
    expect(saved).toEqual([{ name: '周会 纪要.srt', href: 'blob:export' }]);
    expect(Object.fromEntries(calls('/export')[0]!.url.searchParams)).toEqual({
      ids: '5',
      format: 'srt',
      content: 'bilingual',
      speaker: '0',
      timestamps: '1',
    });
  });

  it('exports the selection as one zip the browser streams to disk by a ticketed link, not through memory', async () => {
    renderAt('/favourList');
    fireEvent.click(within(await screen.findByTestId('record-row-1')).getByTestId('record-select-1'));
    fireEvent.click(screen.getByTestId('record-select-3'));
    fireEvent.click(screen.getByTestId('records-batch-export'));
    expect(await screen.findByText('2 records are downloaded as one ZIP file.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('export-submit'));
    await screen.findByText('Download started');
    expect(saved).toHaveLength(1);
    const link = new URL(saved[0]!.href);
    expect(link.pathname).toBe('/prod-api/speech/audio/transcribe/export');
    expect(link.searchParams.get('ids')).toBe('1,3');
    expect(link.searchParams.get('format')).toBe('txt');
    expect(link.searchParams.get('ticket')).toBe('T1ck3t');
    // The server names the file, and the page never fetched the zip itself.
    expect(saved[0]!.name).toBe('');
    expect(calls('/export')).toHaveLength(0);
  });

  it('shows the server’s refusal and saves nothing', async () => {
    exportReply = fail(403, 'This record is not yours.');
    renderAt('/favourList');
    await rowAction(5, 'export');
    fireEvent.click(await screen.findByTestId('export-submit'));
    await waitFor(() => expect(toasts).toEqual(['This record is not yours.']));
    expect(saved).toEqual([]);
    expect(screen.getByTestId('export-submit')).toBeTruthy();
  });
});

describe('home', () => {
  it('lists the five newest records, each opening its details', async () => {
    rows = rows.slice(0, 5).map((row, i) => ({ ...row, name: `Newest ${i + 1}` }));
    const router = renderAt('/');
    const list = await screen.findByTestId('home-recent-list');
    expect(lastQuery()).toEqual({ pageNum: '1', pageSize: '5', orderByColumn: 'create_time', isAsc: 'desc' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['1', '2', '3', '4', '5'].map((id) => `/meetingDetail?id=${id}`));
    fireEvent.click(screen.getByTestId('recent-record-2'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=2'));
    expect(router.state.location.pathname).toBe('/meetingDetail');
  });

  it('shows a running record’s percentage and time left in the recent list', async () => {
    rows = [
      recordRow(1, { name: 'Board call', status: 'transcribing', progress: { stage: 'recognising', percent: 23, done: 0, total: 1, etaSeconds: 40 } }),
      recordRow(2, { name: 'Done' }),
    ];
    renderAt('/');
    const running = await screen.findByTestId('recent-record-1', {}, { timeout: 30_000 });
    expect(within(running).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('23');
    expect(within(running).getByTestId('job-progress').textContent).toContain('23%');
    expect(within(running).getByTestId('job-progress-facts').textContent).toBe('Recognising speech · 0/1 parts · less than a minute left');
    expect(within(screen.getByTestId('recent-record-2')).queryByTestId('job-progress')).toBeNull();
  });

  it('offers the ways to start a record when there are none', async () => {
    rows = [];
    const router = renderAt('/');
    const empty = await screen.findByTestId('home-recent-empty');
    expect(empty.textContent).toContain('No records yet. Start your first one:');
    fireEvent.click(within(empty).getByText('Real-time interpreting'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meeting'));
  });
});
