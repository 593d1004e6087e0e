import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedRecord } from '../../contracts/records';
import { setToken } from '../../web/lib/auth';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { fail, ok, recordRow, sampleTree, sharedRecord } from './helpers/records';
import { renderAt } from './helpers/render-app';
import { userInfo } from './helpers/users';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi, { signedIn: false });
const TOKEN = 'Sh4reT0ken_abcdefgh';
let record: SharedRecord;
let resultReply: (() => Reply) | null;

function fakeApi({ url }: RecordedRequest): Reply {
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/audio/transcribe/getTransResult':
      if (resultReply) return resultReply();
      return url.searchParams.get('token') === TOKEN ? ok(record) : fail(410, 'This link has expired.');
    case '/speech/audio/transcribe/copyReplica':
      return ok(recordRow(77, { folderId: 11, name: record.name }));
    case '/speech/audio/transcribe/shareDownload':
      return {
        body: url.searchParams.get('what') === 'summary' ? '# Minutes' : '1\n00:00:00,000 --> 00:00:04,000\nGood morning\n',
        contentType: 'application/octet-stream',
        headers: { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`周会.${url.searchParams.get('format')}`)}` },
      };
    case '/speech/folder/getFolder':
      return ok(sampleTree());
    case '/speech/audio/transcribe/query':
      return ok({ rows: [], total: 0 });
    default:
      return fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api/speech/audio/transcribe${path}`);

beforeEach(() => {
  record = sharedRecord();
  resultReply = null;
});

/** Fires a cancelable event on the element and tells whether the page prevented it. */
function prevented(element: HTMLElement, make: (el: HTMLElement) => Event): boolean {
  const event = make(element);
  fireEvent(element, event);
  return event.defaultPrevented;
}

const signIn = () => {
  setToken('tok');
  useSession.getState().setUserInfo(userInfo());
};

describe('/meetingShare', () => {
  it('shows the record read-only without signing in: name, owner, duration, lines with speaker, time and translation', async () => {
    renderAt(`/meetingShare?shareToken=${TOKEN}`);
    const page = await screen.findByTestId('shared-record');
    expect(screen.getByTestId('page-title').textContent).toBe('Weekly sync');
    expect(page.textContent).toContain('Shared by Lin Wei');
    expect(page.textContent).toContain('Duration 1:02:05');
    const lines = screen.getAllByTestId('shared-line');
    // 65.6 s reads 01:05 here as on the record page (a clock counts whole seconds passed; it does not round).
    expect(lines.map((l) => l.textContent)).toEqual(['Anna00:00Good morning, everyone.大家早上好。', 'Ben01:05Let us start with the budget.我们先讨论预算。']);
    // Each speaker in their own colour, as on the record page.
    const colors = lines.map((l) => l.querySelector<HTMLElement>('.shared-speaker')!.style.color);
    expect(colors.every(Boolean) && colors[0] !== colors[1]).toBe(true);
    expect(calls('/getTransResult')[0]!.url.searchParams.get('token')).toBe(TOKEN);
    expect(calls('/getTransResult')[0]!.headers.authorization).toBeUndefined();
  });

  it('blocks selecting, copying, cutting and the context menu when copying is not allowed', async () => {
    renderAt(`/meetingShare?shareToken=${TOKEN}`);
    const page = await screen.findByTestId('shared-record');
    const line = screen.getAllByTestId('shared-line')[0]!;
    expect(page.className).toContain('no-copy');
    expect(prevented(line, createEvent.copy)).toBe(true);
    expect(prevented(line, createEvent.cut)).toBe(true);
    expect(prevented(line, createEvent.contextMenu)).toBe(true);
    expect(screen.queryByTestId('copy-replica')).toBeNull();
    expect(page.textContent).toContain('The owner has not allowed copying this record.');
  });

  it('lets the text be copied, and copies the record into a signed-in viewer’s records, when allowed', async () => {
    record = sharedRecord({ allowCopy: true });
    signIn();
    const router = renderAt(`/meetingShare?shareToken=${TOKEN}`);
    const page = await screen.findByTestId('shared-record');
    expect(page.className).not.toContain('no-copy');
    expect(prevented(screen.getAllByTestId('shared-line')[0]!, createEvent.copy)).toBe(false);

    fireEvent.click(screen.getByTestId('copy-replica'));
    await screen.findByText('A copy is now in your records.');
    expect(JSON.parse(calls('/copyReplica')[0]!.body)).toEqual({ token: TOKEN });
    fireEvent.click(screen.getByText('Open my records'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/recordList?folderId=11'));
  });

  it('sends a signed-out viewer to sign in, coming back to the link afterwards', async () => {
    record = sharedRecord({ allowCopy: true });
    const router = renderAt(`/meetingShare?shareToken=${TOKEN}`);
    fireEvent.click(await screen.findByTestId('copy-replica'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(`/meetingShare?shareToken=${TOKEN}`);
    expect(calls('/copyReplica')).toHaveLength(0);
  });

  it('says the link has expired on 410, without an error toast', async () => {
    renderAt('/meetingShare?shareToken=Revoked_t0ken_xyz12');
    const expired = await screen.findByTestId('shared-expired');
    expect(expired.textContent).toContain('This link has expired');
    expect(screen.queryByTestId('shared-record')).toBeNull();
    expect(toasts).not.toContain('This link has expired.');
    fireEvent.click(screen.getByText('Back to home'));
    await screen.findByText('Welcome to Tingyi');
  });

  it('treats a link without a token as expired, without asking the server', async () => {
    renderAt('/meetingShare');
    await screen.findByTestId('shared-expired');
    expect(calls('/getTransResult')).toHaveLength(0);
  });

  it('offers to try again when the server fails otherwise', async () => {
    resultReply = () => fail(500, 'Something broke');
    renderAt(`/meetingShare?shareToken=${TOKEN}`);
    await screen.findByText('The shared record could not be loaded.');
    expect(screen.queryByTestId('shared-expired')).toBeNull();
    resultReply = null;
    fireEvent.click(screen.getByText('Try again'));
    await screen.findByTestId('shared-record');
  });

  it('plays the shared audio through the link: a clicked line plays from its start, and the line playing is marked', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    renderAt(`/meetingShare?shareToken=${TOKEN}`);
    const player = (await screen.findByTestId('shared-player')) as HTMLAudioElement;
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe(`/prod-api/speech/audio/transcribe/shareMedia?token=${TOKEN}`);

    const [first, second] = screen.getAllByTestId('shared-line');
    fireEvent.click(second!.querySelector('.shared-text')!);
    expect(player.currentTime).toBeCloseTo(65.6);
    await waitFor(() => expect(second!.getAttribute('aria-current')).toBe('true'));
    expect(first!.getAttribute('aria-current')).toBeNull();

    // The time is the keyboard's way in, named for what it does.
    fireEvent.click(screen.getByRole('button', { name: 'Play from 00:00' }));
    expect(player.currentTime).toBe(0);
    player.currentTime = 2;
    fireEvent.timeUpdate(player);
    await waitFor(() => expect(first!.getAttribute('aria-current')).toBe('true'));
    expect(second!.getAttribute('aria-current')).toBeNull();
  });

  it('says when the audio cannot be played, and leaves the lines as text', async () => {
    renderAt(`/meetingShare?shareToken=${TOKEN}`);
    fireEvent.error(await screen.findByTestId('shared-player'));
    expect((await screen.findByTestId('shared-audio-missing')).textContent).toBe("This record's audio is not available.");
    expect(screen.queryByRole('button', { name: /Play from/ })).toBeNull();
    expect(screen.getAllByTestId('shared-line')[0]!.className).not.toContain('playable');
  });
});

describe('/meetingShareDownload', () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs and does not download: record what the page hands to the browser.
    Object.assign(URL, { createObjectURL: () => 'blob:shared', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });

  it('downloads the transcript in the chosen format and the minutes, without signing in', async () => {
    record = sharedRecord({ allowCopy: true, type: 'meeting', hasSummary: true });
    renderAt(`/meetingShareDownload?shareToken=${TOKEN}`);
    const page = await screen.findByTestId('shared-download');
    expect(screen.getByTestId('page-title').textContent).toBe('Weekly sync');
    expect(page.textContent).toContain('Meeting minutes');
    fireEvent.click(screen.getByText('Subtitles (SRT)'));
    fireEvent.click(screen.getByTestId('shared-download-transcript'));
    await screen.findByText('Saved as 周会.srt');
    expect(Object.fromEntries(calls('/shareDownload')[0]!.url.searchParams)).toEqual({ token: TOKEN, what: 'transcript', format: 'srt', content: 'source' });

    fireEvent.click(screen.getByTestId('shared-download-summary-md'));
    await screen.findByText('Saved as 周会.md');
    expect(Object.fromEntries(calls('/shareDownload')[1]!.url.searchParams)).toEqual({ token: TOKEN, what: 'summary', format: 'md' });
    expect(saved).toEqual(['周会.srt', '周会.md']);
    expect(screen.getByTestId('shared-download-view').getAttribute('href')).toBe(`/meetingShare?shareToken=${TOKEN}`);
  });

  it('says when the owner allows no downloads', async () => {
    record = sharedRecord({ allowCopy: false, hasSummary: true });
    renderAt(`/meetingShareDownload?shareToken=${TOKEN}`);
    expect((await screen.findByTestId('shared-download-blocked')).textContent).toContain('has not allowed downloading');
    expect(screen.queryByTestId('shared-download-transcript')).toBeNull();
    expect(calls('/shareDownload')).toHaveLength(0);
  });

  it('offers no minutes a record does not have', async () => {
    record = sharedRecord({ allowCopy: true, hasSummary: false });
    renderAt(`/meetingShareDownload?shareToken=${TOKEN}`);
    expect((await screen.findByTestId('shared-download')).textContent).toContain('No AI summary was made for this record.');
    expect(screen.queryByTestId('shared-download-summary-docx')).toBeNull();
  });

  it('says an expired link has expired', async () => {
    renderAt('/meetingShareDownload?shareToken=Expired0token_abcd');
    await screen.findByTestId('shared-expired');
  });
});
