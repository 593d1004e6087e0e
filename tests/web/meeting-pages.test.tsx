import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import type { WebSocket as RoomSocket } from 'ws';
import type { LanguageLists } from '../../contracts/engine-languages';
import { Code } from '../../contracts/errors';
import type { LiveSummary } from '../../contracts/live-summary';
import { CLOSE, HEARTBEAT } from '../../contracts/meeting';
import type { ClientMessage, LiveLine, MeetingDetail, MeetingSummary, ServerMessage, SocketRole } from '../../contracts/meeting';
import { DEFAULT_PERMISSIONS } from '../../contracts/rights';
import { LiveSubtitles } from '../../web/features/meeting/LiveSubtitles';
import { MeetingBanners } from '../../web/features/meeting/MeetingBanners';
import { SCREEN_CASTING_STORAGE_KEY } from '../../web/features/meeting/projection-config';
import { storeCurrentFolder } from '../../web/features/folders/current-folder';
import { usePayDialog } from '../../web/features/pay/store';
import { setToken } from '../../web/lib/auth';
import { http } from '../../web/lib/request';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { newFakePay, payReply } from './helpers/pay';
import type { FakePay } from './helpers/pay';
import { openPopup, pressSelect } from './helpers/popup';
import { fail, ok, sampleTree } from './helpers/records';
import { renderAt } from './helpers/render-app';
import { userInfo } from './helpers/users';
import { FeedbackOutlet } from '../../web/shell/FeedbackOutlet';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi, { signedIn: false });

const LANGUAGES: LanguageLists = {
  transcribeLanguage: [
    { code: 'zh-CN', name: 'Chinese (Simplified)' },
    { code: 'en-US', name: 'English' },
  ],
  translation: [
    { code: 'zh-CN', name: 'Chinese (Simplified)' },
    { code: 'en-US', name: 'English' },
    { code: 'ja-JP', name: 'Japanese' },
  ],
  missing: {
    transcribeLanguage: [{ code: 'yue', name: 'Cantonese', reason: 'This service does not offer live Cantonese subtitles yet.' }],
    translation: [],
  },
};
const INVITE = 'Inv1teT0kenABC';
const QR_KEY = 'k3yFromTheOwnersQrCode0000000000';
const CODE = '482913';
const SOCKET_PATH = '/speech/meeting/socket';

function detail(overrides: Partial<MeetingDetail> = {}): MeetingDetail {
  return {
    id: 55,
    name: 'Board review',
    status: 'not_started',
    mode: 'interpret',
    sourceLanguage: 'en-US',
    targetLanguages: ['zh-CN'],
    durationMs: 0,
    createdAt: Date.UTC(2026, 0, 15, 9, 30),
    inviteOpen: false,
    inviteToken: null,
    screenCode: null,
    folderId: 13,
    ...overrides,
  };
}

const summary = ({ id, name, status, mode, sourceLanguage, targetLanguages, durationMs, createdAt }: MeetingDetail): MeetingSummary => ({
  id,
  name,
  status,
  mode,
  sourceLanguage,
  targetLanguages,
  durationMs,
  createdAt,
});

const access = (role: SocketRole, meeting: MeetingSummary) => ok({ meeting, socket: { role, path: SOCKET_PATH, ticket: `${role}-ticket` } });

interface Scenario {
  meeting: MeetingDetail;
  create: (body: Record<string, unknown>) => Reply;
  edit: (body: Record<string, unknown>) => Reply;
  screenCode: () => Reply;
  shareStatus: '0' | '1';
}
let scenario: Scenario;
let pay: FakePay;

function fakeApi({ url, body }: RecordedRequest): Reply {
  const json = () => JSON.parse(body || '{}') as Record<string, unknown>;
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/audio/selectLanguage':
      return ok(LANGUAGES);
    case '/expense/account/queryUserFunctionJudge':
      return ok(DEFAULT_PERMISSIONS);
    case '/speech/folder/getFolder':
      return ok(sampleTree());
    case '/speech/meeting/create':
      return scenario.create(json());
    case '/speech/meeting/getMeeting':
      return access('host', scenario.meeting);
    case '/speech/meeting/edit':
      return scenario.edit(json());
    case '/speech/meeting/stopMeeting':
      return ok({ ...scenario.meeting, status: 'ended' });
    case '/speech/meeting/createScreenCode':
      return scenario.screenCode();
    case '/speech/meeting/getNetworkLink':
      return url.searchParams.get('shortCode') === CODE
        ? access('projection', summary(scenario.meeting))
        : fail(404, `No live meeting has the code ${url.searchParams.get('shortCode')}.`);
    case '/speech/meeting/joinRecord':
      return url.searchParams.get('invite') === INVITE || (url.searchParams.get('userId') === '7' && url.searchParams.get('key') === QR_KEY)
        ? access('participant', summary(scenario.meeting))
        : fail(410, 'This meeting link has expired or was closed by the host.');
    case '/system/getClient':
      // Like the Worker: only the code's key shows whose code it is.
      return url.searchParams.get('key') === QR_KEY
        ? ok({ userId: 7, name: 'Lin Wei', avatar: '', shareStatus: scenario.shareStatus })
        : fail(404, 'The requested address does not exist: user');
    default:
      return payReply(pay, url.pathname.replace('/prod-api', ''), body) ?? fail(404, `No route ${url.pathname}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The meeting room: a real WebSocket server. The socket follows the request layer to its origin, so the room
// sits in front of the fake API — HTTP passes through to it, upgrades stay here — like the Worker serving both.

interface Visit {
  role: SocketRole;
  socket: RoomSocket;
  texts: ClientMessage[];
  frames: number;
}

async function startRoom(apiOrigin: string) {
  const api = new URL(apiOrigin);
  const front = createServer((req, res) => {
    const upstream = httpRequest({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  const sockets = new WebSocketServer({ server: front });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const visits: Visit[] = [];
  const room = {
    origin: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    visits,
    lines: [] as LiveLine[],
    languages: ['zh-CN', 'ja-JP'],
    /** What the room does with a new socket; by default it welcomes it with the scenario's meeting. */
    onVisit: (visit: Visit) => say(visit, room.welcome(visit.role)),
    welcome: (role: SocketRole): ServerMessage => ({
      type: 'welcome',
      role,
      meeting: summary(scenario.meeting),
      lines: room.lines,
      languages: room.languages,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        front.closeAllConnections();
        front.close(() => resolve());
      }),
  };
  sockets.on('connection', (socket, request) => {
    const ticket = new URL(request.url ?? '/', 'http://room').searchParams.get('ticket') ?? '';
    const visit: Visit = { role: ticket.split('-')[0] as SocketRole, socket, texts: [], frames: 0 };
    socket.on('message', (data: Buffer, isBinary) => {
      const text = data.toString();
      if (isBinary) visit.frames++;
      else if (text === HEARTBEAT.ping) socket.send(HEARTBEAT.pong);
      else {
        // The number each message carries is the connection's business (meeting-connection.test.ts).
        const { n: _n, ...message } = JSON.parse(text) as ClientMessage;
        visit.texts.push(message);
      }
    });
    visits.push(visit);
    room.onVisit(visit);
  });
  return room;
}

function say(visit: Visit, message: ServerMessage) {
  visit.socket.send(JSON.stringify(message));
}

let room: Awaited<ReturnType<typeof startRoom>>;
beforeAll(async () => {
  room = await startRoom(server.origin);
  http.defaults.baseURL = `${room.origin}/prod-api`;
});
afterAll(() => room.close());

const defaultOnVisit = (visit: Visit) => say(visit, room.welcome(visit.role));

beforeEach(() => {
  scenario = {
    meeting: detail(),
    create: () => ok(detail()),
    edit: (body) => ok(detail({ inviteOpen: body.inviteOpen === true, inviteToken: INVITE })),
    screenCode: () => ok({ shortCode: CODE }),
    shareStatus: '1',
  };
  pay = newFakePay();
  room.visits.length = 0;
  room.lines = [];
  room.languages = ['zh-CN', 'ja-JP'];
  room.onVisit = defaultOnVisit;
  storeCurrentFolder(13, 'Clients');
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  // The pay dialog's store outlives a test's render.
  act(() => usePayDialog.getState().close(true));
});

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api/speech/meeting${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;

function signIn() {
  setToken('tok');
  useSession.getState().setUserInfo(userInfo());
}

/** The signed-in owner's console of meeting 55, once it has connected to the room. */
async function openConsole() {
  signIn();
  renderAt('/meeting?id=55');
  return visitOf('host');
}

/** The room's socket for `role`, once the page has connected. */
async function visitOf(role: SocketRole, nth = 1): Promise<Visit> {
  // The first page of a run loads its code cold: on a busy machine its socket can take longer than the usual bound.
  return waitFor(
    () => {
      const found = room.visits.filter((v) => v.role === role);
      expect(found.length).toBeGreaterThanOrEqual(nth);
      return found[nth - 1]!;
    },
    { timeout: 30_000 },
  );
}

/** Opens a select and clicks one of its choices in the dropdown that opened. */
async function pick(testId: string, option: string) {
  pressSelect(testId);
  const choice = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const found = open.flatMap((dropdown) => [...dropdown.querySelectorAll(`[title="${option}"]`)]);
    expect(found.length).toBe(1);
    return found[0]!;
  });
  fireEvent.click(choice);
}

function line(seq: number, text: string, translations: Record<string, string> = {}, speaker = 'Anna'): LiveLine {
  return { seq, start: seq * 61_000 + 3000, end: seq * 61_000 + 5000, text, speaker, translations };
}

describe('/meeting setup', () => {
  it('asks for a target language before creating, then creates with what was chosen and opens the console', async () => {
    signIn();
    const router = renderAt('/meeting');
    await screen.findByTestId('meeting-setup');
    // The interface language is offered as the spoken language; the current folder is the target.
    await waitFor(() => expect(screen.getByTestId('meeting-source').textContent).toBe('English'));
    await waitFor(() => expect(screen.getByTestId('meeting-folder').textContent).toContain('Clients'));
    expect(screen.getByText('Your plan allows up to 2 languages.')).toBeTruthy();
    expect(screen.getByText('Your plan allows 2 spoken languages a day; a language you already used today stays open (SVIP: 10).')).toBeTruthy();

    fireEvent.change(screen.getByTestId('meeting-name'), { target: { value: '  Board review  ' } });
    fireEvent.click(screen.getByTestId('meeting-create'));
    expect(await screen.findByText('Choose at least one language to translate into.')).toBeTruthy();
    expect(calls('/create')).toHaveLength(0);

    await pick('meeting-targets', 'Chinese (Simplified)');
    fireEvent.click(screen.getByTestId('meeting-create'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=55'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(jsonOf(calls('/create')[0]!)).toEqual({
      mode: 'interpret',
      sourceLanguage: 'en-US',
      targetLanguages: ['zh-CN'],
      name: 'Board review',
      folderId: 13,
    });
    expect(await screen.findByTestId('meeting-console')).toBeTruthy();
    await visitOf('host');
  });

  it('shows the last languages before the selects’ code loads, removes a tag in place and opens a select from the keyboard', async () => {
    localStorage.setItem('meetingConfig', JSON.stringify({ mode: 'interpret', sourceLanguage: 'en-US', targetLanguages: ['zh-CN', 'ja-JP'] }));
    signIn();
    renderAt('/meeting');
    await waitFor(() => expect(screen.getByTestId('meeting-targets').textContent).toBe('Chinese (Simplified)Japanese'));
    // The tags are the stand-in's: antd's select is not there yet, and removing one opens nothing.
    expect(document.querySelector('.ant-select')).toBeNull();
    fireEvent.click(screen.getByTitle('Chinese (Simplified)').querySelector('[aria-hidden]')!);
    expect(screen.getByTestId('meeting-targets').textContent).toBe('Japanese');
    expect(document.querySelector('.ant-select')).toBeNull();

    fireEvent.keyDown(screen.getByTestId('meeting-targets'), { key: 'ArrowDown' });
    const search = await waitFor(() => {
      const input = screen.getByTestId('meeting-targets').querySelector('input');
      expect(input).not.toBeNull();
      return input!;
    });
    await waitFor(() => expect(document.activeElement).toBe(search));
    await openPopup('.ant-select-dropdown');
    fireEvent.click(screen.getByTestId('meeting-create'));
    await waitFor(() => expect(calls('/create')).toHaveLength(1));
    expect(jsonOf(calls('/create')[0]!)).toEqual(expect.objectContaining({ sourceLanguage: 'en-US', targetLanguages: ['ja-JP'] }));
  });

  it('files the meeting in a folder picked from the tree that opens from the folder field', async () => {
    signIn();
    renderAt('/meeting');
    await screen.findByTestId('meeting-setup');
    await waitFor(() => expect(screen.getByTestId('meeting-folder').textContent).toContain('Clients'));
    fireEvent.click(screen.getByText('Recording only'));
    await pick('meeting-folder', 'Acme');
    await waitFor(() => expect(screen.getByTestId('meeting-folder').textContent).toContain('Acme'));
    fireEvent.click(screen.getByTestId('meeting-create'));
    await waitFor(() => expect(calls('/create')).toHaveLength(1));
    expect(jsonOf(calls('/create')[0]!)).toEqual({ mode: 'record', sourceLanguage: 'en-US', targetLanguages: [], folderId: 14 });
  });

  it('says why a spoken language cannot be chosen for a live meeting', async () => {
    signIn();
    renderAt('/meeting');
    const missing = await screen.findByTestId('meeting-missing-sources');
    expect(missing.querySelector('summary')!.textContent).toBe('Why some spoken languages are not offered (1)');
    expect(missing.querySelector('li')!.textContent).toBe('This service does not offer live Cantonese subtitles yet.');
    // Every translation language is offered: nothing to explain.
    expect(screen.queryByTestId('meeting-missing-targets')).toBeNull();
  });

  it('creates a recording-only meeting without target languages or a name', async () => {
    signIn();
    renderAt('/meeting');
    await waitFor(() => expect(screen.getByTestId('meeting-source').textContent).toBe('English'));
    fireEvent.click(screen.getByText('Recording only'));
    await waitFor(() => expect(screen.queryByTestId('meeting-targets')).toBeNull());
    fireEvent.change(screen.getByTestId('meeting-name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('meeting-create'));
    await waitFor(() => expect(calls('/create')).toHaveLength(1));
    expect(jsonOf(calls('/create')[0]!)).toEqual({ mode: 'record', sourceLanguage: 'en-US', targetLanguages: [], folderId: 13 });
  });

  it('on a refusal for want of quota warns in the server’s words, opens the pay dialog, and starts the meeting once paid', async () => {
    scenario.create = () => ({ status: 402, body: { code: 92505001, msg: 'Your package quota is used up. Please buy and recharge.', data: null } });
    signIn();
    const router = renderAt('/meeting');
    await waitFor(() => expect(screen.getByTestId('meeting-source').textContent).toBe('English'));
    await pick('meeting-targets', 'Japanese');
    fireEvent.click(screen.getByTestId('meeting-create'));
    const alert = await screen.findByTestId('meeting-shortage');
    expect(alert.textContent).toContain('Your package quota is used up. Please buy and recharge.');
    expect(alert.textContent).toContain('Once you have paid, the meeting starts by itself.');
    expect(await screen.findByText('Your package quota is used up. Please buy and recharge.', { selector: '.ant-message *' })).toBeTruthy();
    // Silent in the request layer: the page's warning is the only message.
    expect(toasts).toEqual([]);
    await screen.findByTestId('pay-dialog');

    scenario.create = () => ok(detail());
    pay.status = 'paid';
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/meeting?id=55'));
    expect(calls('/create').map(jsonOf)).toEqual([
      expect.objectContaining({ mode: 'interpret', targetLanguages: ['ja-JP'] }),
      expect.objectContaining({ mode: 'interpret', targetLanguages: ['ja-JP'] }),
    ]);
  });

  it('a pay dialog closed unpaid leaves the setup as it was, with a buy button for another try', async () => {
    scenario.create = () => ({ status: 402, body: { code: 92505000, msg: 'Insufficient balance, please buy and recharge.', data: null } });
    signIn();
    renderAt('/meeting');
    await waitFor(() => expect(screen.getByTestId('meeting-source').textContent).toBe('English'));
    fireEvent.click(screen.getByText('Recording only'));
    fireEvent.click(screen.getByTestId('meeting-create'));
    await screen.findByTestId('pay-dialog');
    fireEvent.click(document.querySelector('.pay-dialog .ant-modal-close')!);
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());
    expect(calls('/create')).toHaveLength(1);
    expect(screen.getByTestId('meeting-setup')).toBeTruthy();
    fireEvent.click(screen.getByTestId('meeting-shortage-buy'));
    await screen.findByTestId('pay-dialog');
  });

  it('asks a visitor without an account to log in', async () => {
    renderAt('/meeting');
    expect(await screen.findByTestId('meeting-sign-in')).toBeTruthy();
    expect(screen.getByText('Log in to start a meeting.')).toBeTruthy();
  });
});

describe('/meeting console', () => {
  it('connects as host, and tells how to allow the microphone when the browser refuses it', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) },
    });
    signIn();
    renderAt('/meeting?id=55');
    const host = await visitOf('host');
    await waitFor(() => expect(screen.getByTestId('meeting-connection').textContent).toBe('Connected'));
    expect(screen.getByTestId('page-title').textContent).toBe('Board review');
    expect(screen.getByText('Not started')).toBeTruthy();

    fireEvent.click(screen.getByTestId('meeting-start'));
    const problem = await screen.findByTestId('meeting-mic-problem');
    expect(problem.textContent).toContain('No microphone permission');
    expect(problem.textContent).toContain('Allow it in the site settings');
    expect(within(problem).getByTestId('meeting-mic-retry')).toBeTruthy();
    // Nothing starts (and nothing is charged) without a microphone.
    expect(host.texts.filter((m) => m.type === 'control')).toEqual([]);
  });

  it('offers to resume the microphone after a reload of a meeting in progress, with its running time', async () => {
    scenario.meeting = detail({ status: 'in_progress', durationMs: 65_000 });
    await openConsole();
    expect(await screen.findByTestId('meeting-resume-mic')).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByTestId('meeting-elapsed').textContent).toMatch(/^01:0[5-9]$/);
    expect(screen.getByTestId('meeting-pause')).toBeTruthy();
  });

  it('lets the host pick what every projected screen shows, and shows the choice the room holds', async () => {
    scenario.meeting = detail({ status: 'in_progress' });
    room.onVisit = (visit) => say(visit, { ...room.welcome(visit.role), screen: 'both' } as ServerMessage);
    const host = await openConsole();
    const picker = await screen.findByTestId('screen-view');
    await waitFor(() => expect(within(picker).getByText('Summary + subtitles').closest('.ant-segmented-item-selected')).toBeTruthy());
    fireEvent.click(within(picker).getByText('Summary'));
    await waitFor(() => expect(host.texts).toContainEqual({ type: 'screen', view: 'summary' }));
    // The room tells every socket; the console shows what it was told.
    act(() => say(host, { type: 'screen', view: 'subtitles' }));
    await waitFor(() => expect(within(picker).getByText('Subtitles').closest('.ant-segmented-item-selected')).toBeTruthy());
  });

  it('shows the live subtitles with the chosen translation, the viewers and a problem the room reports', async () => {
    scenario.meeting = detail({ status: 'in_progress' });
    signIn();
    renderAt('/meeting?id=55');
    const host = await visitOf('host');
    await waitFor(() => expect(host.texts).toContainEqual({ type: 'language', language: 'zh-CN' }));
    act(() => {
      say(host, { type: 'final', line: line(0, 'Welcome to the review.', { 'zh-CN': '欢迎参加评审。' }) });
      say(host, { type: 'partial', text: 'First the budget', start: 65_000, end: 66_000 });
      say(host, { type: 'viewers', participants: 3, projections: 1 });
      say(host, { type: 'error', code: 92505000, msg: 'Insufficient balance, please buy and recharge.' });
    });
    await waitFor(() => expect(screen.getAllByTestId('live-line').map((l) => l.textContent)).toEqual(['Anna00:03Welcome to the review.欢迎参加评审。']));
    expect(screen.getByTestId('live-partial').textContent).toContain('First the budget');
    // Each counter says what it counts, and a tooltip says how they joined.
    expect(screen.getByTestId('meeting-participants').textContent).toBe('Participants3');
    expect(screen.getByTestId('meeting-screens').textContent).toBe('Screens1');
    fireEvent.mouseEnter(screen.getByTestId('meeting-participants'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('through the invitation link or your QR code');
    // A default name stored in Chinese reads in the viewer's language; each speaker has a colour of their own.
    act(() => say(host, { type: 'final', line: line(1, 'Thanks.', {}, '说话人2') }));
    await waitFor(() => expect(screen.getAllByTestId('live-line')[1]!.textContent).toBe('Speaker 201:04Thanks.'));
    const colors = [...document.querySelectorAll<HTMLElement>('.live-speaker')].map((el) => el.style.color);
    expect(colors.every(Boolean) && colors[0] !== colors[1]).toBe(true);
    expect(screen.getByTestId('meeting-shortage').textContent).toContain('Insufficient balance, please buy and recharge.');
  });

  it('says how far the subtitles run behind while the room reports it, and clears once they caught up', async () => {
    scenario.meeting = detail({ status: 'in_progress' });
    signIn();
    renderAt('/meeting?id=55');
    const host = await visitOf('host');
    act(() => say(host, { type: 'lag', seconds: 12 }));
    expect((await screen.findByTestId('meeting-lag')).textContent).toBe('Subtitles delayed by 12 s');
    act(() => say(host, { type: 'lag', seconds: 0 }));
    await waitFor(() => expect(screen.queryByTestId('meeting-lag')).toBeNull());
  });

  it('tells the host the room is reconnecting to recognition, to keep talking and what happens if it lasts, until it is live again', async () => {
    scenario.meeting = detail({ status: 'in_progress' });
    signIn();
    renderAt('/meeting?id=55');
    const host = await visitOf('host');
    act(() => say(host, { type: 'recognition', status: 'reconnecting' }));
    const notice = await screen.findByTestId('meeting-recognition-lost');
    expect(notice.textContent).toContain('Reconnecting to speech recognition…');
    expect(notice.textContent).toContain('Keep talking: the meeting goes on and is recorded.');
    expect(notice.textContent).toContain('If it is not back within 2 minutes, the meeting pauses; resume it to try again.');
    act(() => say(host, { type: 'recognition', status: 'live' }));
    await waitFor(() => expect(screen.queryByTestId('meeting-recognition-lost')).toBeNull());
  });

  it('warns of an unstable network while the room is out of reach, and clears once it is back', async () => {
    signIn();
    renderAt('/meeting?id=55');
    const first = await visitOf('host');
    await waitFor(() => expect(screen.getByTestId('meeting-connection').textContent).toBe('Connected'));
    first.socket.terminate();
    const banner = await screen.findByTestId('meeting-reconnecting');
    expect(banner.textContent).toContain('Unstable network, reconnecting…');
    expect(banner.textContent).toContain('Your audio is kept and sent as soon as the connection is back.');
    await visitOf('host', 2);
    await waitFor(() => expect(screen.queryByTestId('meeting-reconnecting')).toBeNull());
    // Every connection asked for its own ticket.
    expect(calls('/getMeeting').length).toBeGreaterThanOrEqual(2);
  });

  it('ends the meeting after confirmation and opens the record it became', async () => {
    scenario.meeting = detail({ status: 'paused', durationMs: 30_000 });
    signIn();
    const router = renderAt('/meeting?id=55');
    const host = await visitOf('host');
    host.socket.on('message', (data: Buffer, isBinary) => {
      if (!isBinary && data.toString().includes('"action":"end"')) {
        say(host, { type: 'state', status: 'ended', durationMs: 30_000 });
      }
    });
    await waitFor(() => expect(screen.getByTestId('meeting-connection').textContent).toBe('Connected'));
    fireEvent.click(screen.getByTestId('meeting-end'));
    const confirm = await waitFor(() => {
      const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
      expect(dialog).not.toBeNull();
      return dialog!;
    });
    expect(confirm.textContent).toContain('End this meeting?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'End meeting' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/meetingDetail?id=55'));
    expect(host.texts).toContainEqual({ type: 'control', action: 'end' });
    expect(calls('/stopMeeting')).toHaveLength(0);
  });

  it('says the meeting has ended when the room ends it, with the way to its record', async () => {
    scenario.meeting = detail({ status: 'in_progress' });
    signIn();
    const router = renderAt('/meeting?id=55');
    const host = await visitOf('host');
    await screen.findByTestId('meeting-console');
    act(() => host.socket.close(CLOSE.ended, 'ended'));
    expect((await screen.findByTestId('meeting-ended')).textContent).toContain('The meeting has ended');
    fireEvent.click(screen.getByTestId('meeting-open-record'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/meetingDetail?id=55'));
  });

  it('opens the invitation and shows its link and QR code', async () => {
    await openConsole();
    fireEvent.click(await screen.findByTestId('meeting-open-invite'));
    const drawer = await screen.findByTestId('meeting-invite');
    expect(drawer.textContent).toContain('Open the invitation to get a link and a QR code to share.');
    fireEvent.click(within(drawer).getByTestId('meeting-invite-switch'));
    const link = (await within(drawer).findByTestId('meeting-invite-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/meetingShareIng?invite=${INVITE}`);
    expect(within(drawer).getByTestId('meeting-invite-qr').querySelector('svg')).toBeTruthy();
    expect(jsonOf(calls('/edit').at(-1)!)).toEqual({ id: 55, inviteOpen: true });
  });

  it('tells a plan without the invitation right why, and opens the invitation once the user has paid', async () => {
    scenario.edit = () => ({ status: 403, body: { code: 92505003, msg: 'No such benefit, please pay to buy.', data: null } });
    await openConsole();
    fireEvent.click(await screen.findByTestId('meeting-open-invite'));
    const drawer = await screen.findByTestId('meeting-invite');
    fireEvent.click(within(drawer).getByTestId('meeting-invite-switch'));
    const alert = await within(drawer).findByTestId('meeting-shortage');
    expect(alert.textContent).toContain('No such benefit, please pay to buy.');
    expect(alert.textContent).toContain('Once you have paid, the invitation opens by itself.');
    expect(within(drawer).getByTestId('meeting-invite-switch').getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId('pay-dialog')).toBeNull();

    fireEvent.click(within(alert).getByTestId('meeting-shortage-buy'));
    await screen.findByTestId('pay-dialog');
    scenario.edit = (body) => ok(detail({ inviteOpen: body.inviteOpen === true, inviteToken: INVITE }));
    pay.status = 'paid';
    const link = (await within(drawer).findByTestId('meeting-invite-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/meetingShareIng?invite=${INVITE}`);
    expect(calls('/edit').map(jsonOf)).toEqual([
      { id: 55, inviteOpen: true },
      { id: 55, inviteOpen: true },
    ]);
    expect(within(drawer).queryByTestId('meeting-shortage')).toBeNull();
  });

  it('tells a plan without projection why, and shows the screen code once the user has paid', async () => {
    scenario.screenCode = () => ({ status: 403, body: { code: 92505003, msg: 'Screen projection is an SVIP benefit.', data: null } });
    await openConsole();
    fireEvent.click(await screen.findByTestId('meeting-open-screen'));
    const alert = await screen.findByTestId('meeting-shortage');
    expect(alert.textContent).toContain('Screen projection is an SVIP benefit.');
    expect(alert.textContent).toContain('Once you have paid, the code appears by itself.');
    expect(screen.queryByTestId('meeting-screen-code')).toBeNull();

    fireEvent.click(within(alert).getByTestId('meeting-shortage-buy'));
    await screen.findByTestId('pay-dialog');
    scenario.screenCode = () => ok({ shortCode: CODE });
    pay.status = 'paid';
    expect((await screen.findByTestId('meeting-screen-code')).textContent).toBe(CODE);
    expect(calls('/createScreenCode')).toHaveLength(2);
  });

  it('shows a six-digit screen code large, with the projection and casting links', async () => {
    await openConsole();
    fireEvent.click(await screen.findByTestId('meeting-open-screen'));
    expect((await screen.findByTestId('meeting-screen-code')).textContent).toBe(CODE);
    expect((screen.getByTestId('meeting-projection-link') as HTMLInputElement).value).toBe(`${window.location.origin}/screenProjection?code=${CODE}`);
    expect((screen.getByTestId('meeting-cast-link') as HTMLInputElement).value).toBe(`${window.location.origin}/cast/${CODE}`);
    expect(jsonOf(calls('/createScreenCode')[0]!)).toEqual({ id: 55 });
  });
});

describe('/meetingShareIng', () => {
  it('follows the meeting as a participant: waiting, live lines with their own translation choice, paused, ended', async () => {
    renderAt(`/meetingShareIng?invite=${INVITE}`);
    const participant = await visitOf('participant');
    expect(calls('/joinRecord')[0]!.headers.authorization).toBeUndefined();
    expect((await screen.findByTestId('meeting-waiting')).textContent).toBe('Waiting for the host to start the meeting…');

    act(() => {
      say(participant, { type: 'state', status: 'in_progress', durationMs: 0 });
      say(participant, { type: 'final', line: line(0, 'Good morning.', { 'zh-CN': '早上好。' }) });
      say(participant, { type: 'partial', text: 'Let us', start: 6000, end: 7000 });
    });
    await waitFor(() => expect(screen.getAllByTestId('live-line').map((l) => l.textContent)).toEqual(['Anna00:03Good morning.早上好。']));
    expect(screen.queryByTestId('meeting-waiting')).toBeNull();
    expect(screen.getByTestId('live-partial').textContent).toContain('Let us');

    await pick('meeting-language', 'Original only');
    await waitFor(() => expect(participant.texts.at(-1)).toEqual({ type: 'language', language: null }));
    expect(screen.getAllByTestId('live-line')[0]!.textContent).toBe('Anna00:03Good morning.');

    act(() => say(participant, { type: 'state', status: 'paused', durationMs: 7000 }));
    expect((await screen.findByTestId('meeting-waiting')).textContent).toContain('The meeting is paused.');
    act(() => participant.socket.close(CLOSE.ended, 'ended'));
    expect((await screen.findByTestId('meeting-ended')).textContent).toContain('Thank you for joining.');
  });

  it('catches up a participant who joins late: the summary so far above the live lines, refreshed as the room sends it', async () => {
    scenario.meeting = detail({ status: 'in_progress', durationMs: 95_000 });
    room.lines = [line(0, 'Good morning.'), line(1, 'Anna will send the budget by Friday.')];
    const summary: LiveSummary = {
      method: 'llm',
      language: 'en-US',
      topics: [{ title: 'Spring launch', summary: 'Budget and venue.', start: 3000 }],
      decisions: [{ text: 'The launch is in Shanghai.', seq: 0, start: 3000 }],
      actionItems: [{ text: 'Send the budget', owner: 'Anna', due: '2026-06-05', seq: 1, start: 64_000 }],
      questions: [],
      throughSeq: 1,
      throughMs: 66_000,
      updatedAt: 1,
    };
    room.onVisit = (visit) => {
      say(visit, room.welcome(visit.role));
      say(visit, { type: 'summary', summary });
    };
    renderAt(`/meetingShareIng?invite=${INVITE}`);
    const panel = await screen.findByTestId('live-summary');
    await waitFor(() =>
      expect(within(panel).getByTestId('live-summary-actions').textContent).toBe('Action items01:04 Send the budgetOwner: AnnaDue 2026-06-05'),
    );
    expect(panel.textContent).toContain('Catch up');
    expect(panel.textContent).toContain('What was said before you joined.');
    expect(within(panel).getByTestId('live-summary-method').textContent).toBe('Written by AI');
    expect(within(panel).getByTestId('live-summary-decisions').textContent).toBe('Decisions00:03 The launch is in Shanghai.');
    // The summary comes first, then the live lines.
    const [first] = screen.getAllByTestId('live-line');
    expect(panel.compareDocumentPosition(first!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const participant = await visitOf('participant');
    act(() =>
      say(participant, {
        type: 'summary',
        summary: { ...summary, method: 'extractive', questions: [{ text: 'Who designs the posters?', seq: 2, start: 70_000 }] },
      }),
    );
    await waitFor(() => expect(within(panel).getByTestId('live-summary-method').textContent).toBe('Extractive: picked from what was said'));
    expect(within(panel).getByTestId('live-summary-questions').textContent).toContain('Who designs the posters?');
    // It folds away and back.
    fireEvent.click(within(panel).getByTestId('live-summary-toggle'));
    expect(within(panel).queryByTestId('live-summary-topics')).toBeNull();
    fireEvent.click(within(panel).getByTestId('live-summary-toggle'));
    expect(within(panel).getByTestId('live-summary-topics').textContent).toContain('Spring launch');
  });

  it('tells a participant the subtitles run behind, until the meeting pauses', async () => {
    renderAt(`/meetingShareIng?invite=${INVITE}`);
    const participant = await visitOf('participant');
    act(() => {
      say(participant, { type: 'state', status: 'in_progress', durationMs: 0 });
      say(participant, { type: 'lag', seconds: 5 });
    });
    expect((await screen.findByTestId('meeting-lag')).textContent).toBe('Subtitles delayed by 5 s');
    act(() => say(participant, { type: 'state', status: 'paused', durationMs: 7000 }));
    await waitFor(() => expect(screen.queryByTestId('meeting-lag')).toBeNull());
  });

  it('tells a participant recognition is reconnecting; a pause for want of an engine replaces it with its reason', async () => {
    renderAt(`/meetingShareIng?invite=${INVITE}`);
    const participant = await visitOf('participant');
    act(() => {
      say(participant, { type: 'state', status: 'in_progress', durationMs: 0 });
      say(participant, { type: 'recognition', status: 'reconnecting' });
    });
    expect((await screen.findByTestId('meeting-recognition-lost')).textContent).toBe(
      'Reconnecting to speech recognition…Subtitles come back shortly; what is said meanwhile appears in the transcript after the meeting.',
    );
    const reason = 'Live recognition is unavailable right now (no engine). The meeting is paused; resume to try again.';
    act(() => say(participant, { type: 'state', status: 'paused', durationMs: 130_000, reason: { code: Code.UNAVAILABLE, msg: reason } }));
    await waitFor(() => expect(screen.queryByTestId('meeting-recognition-lost')).toBeNull());
    expect(screen.getByTestId('meeting-problem').textContent).toBe(reason);
  });

  it('says why a translation language was refused, in the room’s words', async () => {
    renderAt(`/meetingShareIng?invite=${INVITE}`);
    const participant = await visitOf('participant');
    const msg = 'This meeting already uses 2 translation languages (es-ES, zh-CN), the most the host’s plan allows.';
    act(() => say(participant, { type: 'error', code: Code.NO_SUCH_BENEFIT, msg }));
    expect((await screen.findByTestId('meeting-problem')).textContent).toBe(msg);
  });

  it('says the link has expired for a closed invitation', async () => {
    renderAt('/meetingShareIng?invite=closedInvitation');
    const expired = await screen.findByTestId('meeting-link-expired');
    expect(expired.textContent).toContain('This link has expired');
    expect(expired.textContent).toContain('The invitation has been closed, or the meeting is over.');
    expect(room.visits).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  it('lets a scanned personal QR code, key and all, lead into the owner’s meeting', async () => {
    const router = renderAt(`/myQrCodeMiddlePage?userId=7&key=${QR_KEY}`);
    fireEvent.click(await screen.findByTestId('qr-landing-join'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/meetingShareIng?userId=7&key=${QR_KEY}`));
    await visitOf('participant');
    expect(Object.fromEntries(calls('/joinRecord')[0]!.url.searchParams)).toEqual({ userId: '7', key: QR_KEY });
  });

  it('knows no QR code made up from a user id alone, and asks nothing to join by one', async () => {
    renderAt('/myQrCodeMiddlePage?userId=7');
    expect((await screen.findByText('This QR code does not belong to any user.')).textContent).toBeTruthy();
    expect(screen.queryByTestId('qr-landing-join')).toBeNull();
    renderAt('/meetingShareIng?userId=7');
    expect(await screen.findAllByTestId('meeting-link-expired')).not.toHaveLength(0);
    expect(calls('/joinRecord')).toHaveLength(0);
    expect(toasts).toEqual([]);
  });
});

describe('screen projection', () => {
  it('says an unknown code was not found, and offers to enter another', async () => {
    const router = renderAt('/cast/123456');
    const missing = await screen.findByTestId('projection-not-found');
    expect(missing.textContent).toContain('Code not found');
    expect(missing.textContent).toContain('Check the six digits');
    fireEvent.click(screen.getByTestId('cast-enter-another'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cast'));
    expect(await screen.findByTestId('cast-entry')).toBeTruthy();
  });

  it('does not look up a code that is not six digits', async () => {
    renderAt('/screenProjection?code=12ab');
    expect(await screen.findByTestId('projection-not-found')).toBeTruthy();
    expect(calls('/getNetworkLink')).toHaveLength(0);
  });

  it('goes from the typed six digits to /cast/CODE and shows the meeting there', async () => {
    const router = renderAt('/cast');
    const cells = (await screen.findByTestId('cast-code')).querySelectorAll('input');
    expect(cells).toHaveLength(6);
    CODE.split('').forEach((digit, i) => {
      fireEvent.input(cells[i]!, { target: { value: digit } });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cast/${CODE}`));
    await visitOf('projection');
    expect(await screen.findByTestId('projection')).toBeTruthy();
  });

  it('shows what the host chose: the summary when it joins, the summary above the captions, then the captions alone', async () => {
    room.lines = [line(0, 'One.')];
    scenario.meeting = detail({ status: 'in_progress', durationMs: 70_000 });
    room.onVisit = (visit) => {
      // A screen opened after the host chose the summary reads the choice in its welcome.
      say(visit, { ...room.welcome(visit.role), screen: 'summary' } as ServerMessage);
      say(visit, {
        type: 'summary',
        summary: {
          method: 'llm',
          language: 'en-US',
          topics: [{ title: 'Spring launch', summary: 'Budget and venue.', start: 0 }],
          decisions: [],
          actionItems: [{ text: 'Send the budget', owner: 'Anna', due: null, seq: 0, start: 3000 }],
          questions: [],
          throughSeq: 0,
          throughMs: 5000,
          updatedAt: 1,
        },
      });
    };
    renderAt(`/screenProjection?code=${CODE}`);
    const projection = await visitOf('projection');
    const panel = await screen.findByTestId('live-summary');
    expect(panel.textContent).toContain('Spring launch');
    expect(panel.textContent).toContain('Owner: Anna');
    expect(screen.queryByTestId('projection-line')).toBeNull();
    // The screen itself offers no switch: the host decides for every screen.
    expect(screen.queryByTestId('projection-view')).toBeNull();

    act(() => say(projection, { type: 'screen', view: 'both' }));
    await waitFor(() => expect(screen.getAllByTestId('projection-line')).toHaveLength(1));
    const summary = screen.getByTestId('projection-summary');
    // Above the captions.
    expect(summary.compareDocumentPosition(screen.getByTestId('captions')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    act(() => say(projection, { type: 'screen', view: 'subtitles' }));
    await waitFor(() => expect(screen.queryByTestId('live-summary')).toBeNull());
    expect(screen.getAllByTestId('projection-line')).toHaveLength(1);
  });

  it('shows the last lines large in the chosen mode and size, and keeps both for the next time', async () => {
    room.lines = [line(0, 'One.', { 'zh-CN': '一。' }), line(1, 'Two.', { 'zh-CN': '二。' }), line(2, 'Three.', { 'zh-CN': '三。' })];
    scenario.meeting = detail({ status: 'in_progress' });
    renderAt(`/screenProjection?code=${CODE}`);
    const projection = await screen.findByTestId('projection');
    await visitOf('projection');
    // Bilingual by default: the last two lines, each with its translation.
    await waitFor(() => expect(screen.getAllByTestId('projection-line').map((l) => l.textContent)).toEqual(['Two.二。', 'Three.三。']));

    fireEvent.click(within(screen.getByTestId('projection-mode')).getByText('Translation'));
    fireEvent.click(within(screen.getByTestId('projection-size')).getByText('XL'));
    expect(projection.dataset.mode).toBe('translation');
    expect(projection.dataset.size).toBe('XL');
    // Two caption lines per language: the newest two translations.
    expect(screen.getAllByTestId('projection-line').map((l) => l.textContent)).toEqual(['二。', '三。']);
    expect(JSON.parse(localStorage.getItem(SCREEN_CASTING_STORAGE_KEY)!)).toEqual({ mode: 'translation', fontSize: 'XL' });

    // Another day, another page load on the same screen.
    cleanup();
    renderAt(`/cast/${CODE}`);
    const again = await screen.findByTestId('projection');
    expect(again.dataset.mode).toBe('translation');
    expect(again.dataset.size).toBe('XL');
  });

  it('shows a projected screen how far the subtitles run behind', async () => {
    scenario.meeting = detail({ status: 'in_progress' });
    // Said right after the welcome on every connection, so a reconnect on a busy machine still hears it.
    room.onVisit = (visit) => {
      defaultOnVisit(visit);
      say(visit, { type: 'lag', seconds: 4 });
    };
    renderAt(`/screenProjection?code=${CODE}`);
    expect((await screen.findByTestId('meeting-lag')).textContent).toBe('Subtitles delayed by 4 s');
  });

  it('shows a projected screen joining while recognition reconnects that subtitles come back shortly', async () => {
    scenario.meeting = detail({ status: 'in_progress' });
    // The room says so right after the welcome to a socket let in while it reconnects.
    room.onVisit = (visit) => {
      defaultOnVisit(visit);
      say(visit, { type: 'recognition', status: 'reconnecting' });
    };
    renderAt(`/screenProjection?code=${CODE}`);
    expect((await screen.findByTestId('meeting-recognition-lost')).textContent).toBe(
      'Reconnecting to speech recognition… Subtitles come back shortly; what is said meanwhile appears in the transcript after the meeting.',
    );
  });

  it('hides its controls after three seconds without the mouse moving', async () => {
    renderAt(`/cast/${CODE}`);
    const projection = await screen.findByTestId('projection');
    expect(projection.className).not.toContain('projection-calm');
    await waitFor(() => expect(projection.className).toContain('projection-calm'));
    fireEvent.mouseMove(projection);
    expect(projection.className).not.toContain('projection-calm');
  });

  it('says the link has expired when the code’s meeting is over', async () => {
    scenario.meeting = detail({ status: 'in_progress' });
    renderAt(`/cast/${CODE}`);
    const projection = await visitOf('projection');
    await screen.findByTestId('projection');
    act(() => projection.socket.close(CLOSE.expired, 'expired'));
    expect((await screen.findByTestId('meeting-link-expired')).textContent).toContain('its meeting has ended');
  });
  it('tells a screen that another one took over, when several at once are not allowed', async () => {
    renderAt(`/cast/${CODE}`);
    const projection = await visitOf('projection');
    await screen.findByTestId('projection');
    act(() => projection.socket.close(CLOSE.forbidden, 'another screen took over'));
    const note = await screen.findByTestId('projection-taken-over');
    expect(note.textContent).toContain('Another screen is showing this meeting now');
    expect(note.textContent).toContain('Show here again');

    // The meeting ends: the screen learns it by itself and no longer offers to show it again.
    const asked = calls('/getNetworkLink').length;
    scenario.meeting = { ...scenario.meeting, status: 'ended' };
    await waitFor(() => expect(calls('/getNetworkLink').length).toBeGreaterThan(asked), { timeout: 12_000 });
    await screen.findByTestId('meeting-ended');
    expect(screen.queryByTestId('projection-taken-over')).toBeNull();
    expect(screen.queryByText('Show here again')).toBeNull();
  });
});

describe('live parts on their own', () => {
  const renderWithApp = (ui: React.ReactNode) =>
    render(
      <>
        <FeedbackOutlet />
        <MemoryRouter>{ui}</MemoryRouter>
      </>,
    );

  it('banners: no sound, a room problem in its own words, a shortage with a way to pay', () => {
    renderWithApp(
      <MeetingBanners
        mic={null}
        onRetryMic={() => {}}
        silent
        connection="open"
        problem={{ code: 92505001, msg: 'Package quota used up.' }}
        lagSeconds={0}
        recognitionLost={false}
      />,
    );
    expect(screen.getByTestId('meeting-no-sound').textContent).toContain('No sound detected');
    expect(screen.getByTestId('meeting-shortage').textContent).toContain('Package quota used up.');
    expect(screen.getByTestId('meeting-shortage').textContent).toContain('Buy a package or recharge, then carry on with the meeting.');
    fireEvent.click(screen.getByTestId('meeting-shortage-buy'));
    expect(usePayDialog.getState().isOpen).toBe(true);
    expect(screen.queryByTestId('meeting-reconnecting')).toBeNull();
    expect(screen.queryByTestId('meeting-recognition-lost')).toBeNull();
  });

  it('banners: an unavailable microphone, retried on request; another problem without a way to pay', () => {
    const retry = vi.fn();
    renderWithApp(
      <MeetingBanners
        mic="unavailable"
        onRetryMic={retry}
        silent={false}
        connection="open"
        problem={{ code: 503, msg: 'Recognition is unavailable.' }}
        lagSeconds={0}
        recognitionLost={false}
      />,
    );
    expect(screen.getByTestId('meeting-mic-problem').textContent).toContain('No microphone available');
    fireEvent.click(screen.getByTestId('meeting-mic-retry'));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByTestId('meeting-problem').textContent).toBe('Recognition is unavailable.');
    expect(screen.queryByTestId('meeting-shortage-buy')).toBeNull();
  });

  it('subtitles: a placeholder before anything is said, then speaker, time, text and translation', () => {
    const { rerender } = renderWithApp(<LiveSubtitles lines={[]} partial={null} language="zh-CN" placeholder="Nothing yet" />);
    expect(screen.getByTestId('live-subtitles').textContent).toBe('Nothing yet');
    rerender(
      <>
        <FeedbackOutlet />
        <MemoryRouter>
          <LiveSubtitles
            lines={[line(0, 'Hello.', { 'zh-CN': '你好。' }), line(62, 'Bye.', {}, '')]}
            partial={{ text: 'And', start: 3_790_000, end: 3_791_000 }}
            language="zh-CN"
            placeholder="Nothing yet"
          />
        </MemoryRouter>
      </>,
    );
    expect(screen.getAllByTestId('live-line').map((l) => l.textContent)).toEqual(['Anna00:03Hello.你好。', '1:03:05Bye.']);
    expect(screen.getByTestId('live-partial').textContent).toBe('1:03:10And');
  });
});
