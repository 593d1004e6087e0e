import { renderHook } from '@testing-library/react';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import type { WebSocket as RoomSocket } from 'ws';
import { API_BASE } from '../../contracts/constants';
import { CLOSE, HEARTBEAT, readAudioFrame } from '../../contracts/meeting';
import type { LiveLine, MeetingAccess, ServerMessage } from '../../contracts/meeting';
import { MAX_BUFFERED_FRAMES, MeetingConnection, socketUrl } from '../../web/features/meeting/meeting-connection';
import type { MeetingConnectionOptions } from '../../web/features/meeting/meeting-connection';
import { useMeetingSocket } from '../../web/features/meeting/use-meeting-socket';
import { RequestError, http } from '../../web/lib/request';

/** One socket as the room saw it: the ticket it came with and what the browser sent, in order. */
interface Visit {
  ticket: string | null;
  path: string;
  socket: RoomSocket;
  texts: unknown[];
  frames: number[];
  /** The number each message carried, in the order they arrived. */
  numbers: (number | undefined)[];
  closed: Promise<number>;
}

/**
 * A real WebSocket server on 127.0.0.1 standing in for the MeetingRoom: it records every connection and
 * welcomes it at once unless a test takes over with `onVisit`.
 */
async function startRoom() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const visits: Visit[] = [];
  const room = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    visits,
    onVisit: (visit: Visit) => say(visit, welcome()),
    /** Stops answering keep-alives, like a link that died without a close. */
    silent: false,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
  server.on('connection', (socket, request) => {
    const url = new URL(request.url ?? '/', 'http://room');
    const visit: Visit = {
      ticket: url.searchParams.get('ticket'),
      path: url.pathname,
      socket,
      texts: [],
      frames: [],
      numbers: [],
      closed: new Promise((resolve) => socket.once('close', (code) => resolve(code))),
    };
    socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        const audio = readAudioFrame(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
        visit.numbers.push(audio?.n);
        visit.frames.push(new DataView(audio!.pcm).getUint32(0, true));
      }
      // The keep-alive is answered as the room's auto-response does, unless a test plays a dead link.
      else if (data.toString() === HEARTBEAT.ping) {
        if (!room.silent) socket.send(HEARTBEAT.pong);
      } else {
        const { n, ...message } = JSON.parse(data.toString()) as { n?: number };
        visit.numbers.push(n);
        visit.texts.push(message);
      }
    });
    visits.push(visit);
    room.onVisit(visit);
  });
  return room;
}

function say(visit: Visit, message: ServerMessage | string) {
  visit.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
}

function line(seq: number, text: string): LiveLine {
  return { seq, start: seq * 1000, end: seq * 1000 + 900, text, speaker: 'Speaker 1', translations: {} };
}

function welcome(lines: LiveLine[] = []): ServerMessage {
  const meeting = {
    id: 5,
    name: 'Weekly sync',
    status: 'in_progress' as const,
    mode: 'interpret' as const,
    sourceLanguage: 'en',
    targetLanguages: ['zh'],
    durationMs: 0,
    createdAt: 0,
  };
  return { type: 'welcome', role: 'host', meeting, lines, languages: ['zh'] };
}

/** An audio frame whose first four bytes say which one it is. */
function frame(n: number): ArrayBuffer {
  const buffer = new ArrayBuffer(3200);
  new DataView(buffer).setUint32(0, n, true);
  return buffer;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const FAST = { minReconnectionDelay: 10, maxReconnectionDelay: 50, connectionTimeout: 2000 };

let room: Awaited<ReturnType<typeof startRoom>>;
let connection: MeetingConnection | null = null;
/** The tickets access() handed out, one per call. */
let tickets: string[];

// The socket goes where the request layer's calls go: here, the test room (as useApiServer does for HTTP).
beforeEach(async () => {
  room = await startRoom();
  http.defaults.baseURL = `${room.origin}${API_BASE}`;
  tickets = [];
});

afterEach(async () => {
  connection?.close();
  connection = null;
  http.defaults.baseURL = API_BASE;
  await room.close();
});

function access(): Promise<MeetingAccess> {
  const ticket = `ticket-${tickets.length + 1}`;
  tickets.push(ticket);
  const { meeting } = welcome() as Extract<ServerMessage, { type: 'welcome' }>;
  return Promise.resolve({ meeting, socket: { role: 'host', path: '/speech/meeting/socket', ticket } });
}

function connect(options: Partial<MeetingConnectionOptions> = {}): MeetingConnection {
  connection = new MeetingConnection({ access, timing: FAST, ...options });
  return connection;
}

/** Waits until the room has had `count` sockets, and returns the last. */
async function visit(count: number): Promise<Visit> {
  await vi.waitFor(() => expect(room.visits).toHaveLength(count));
  return room.visits[count - 1]!;
}

/** Lets reconnect timers (10–50 ms here) run several times over. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('socket URL', () => {
  const socket = { role: 'host' as const, path: '/speech/meeting/socket', ticket: 'a b+c' };

  it('follows the page: ws on http, wss on https, same host, under the API base, with the ticket', () => {
    expect(socketUrl(socket, API_BASE, 'http://localhost:5173/meeting?id=1')).toBe('ws://localhost:5173/prod-api/speech/meeting/socket?ticket=a+b%2Bc');
    expect(socketUrl(socket, API_BASE, 'https://tingyi.example/meetingShareIng?invite=x')).toBe(
      'wss://tingyi.example/prod-api/speech/meeting/socket?ticket=a+b%2Bc',
    );
  });

  it('goes to another API origin when the request layer does', () => {
    expect(socketUrl(socket, 'https://api.example/prod-api/', 'http://localhost:5173/meeting')).toBe(
      'wss://api.example/prod-api/speech/meeting/socket?ticket=a+b%2Bc',
    );
  });
});

describe('meeting connection against a real socket server', () => {
  it('connects with the ticket from access() and shows what the room says', async () => {
    const link = connect({ language: 'zh' });
    expect(link.getState().connection).toBe('connecting');
    room.onVisit = (v) => say(v, welcome([line(0, 'Hello.')]));
    const first = await visit(1);
    expect(first).toMatchObject({ ticket: 'ticket-1', path: '/prod-api/speech/meeting/socket' });

    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    expect(link.getState()).toMatchObject({ role: 'host', status: 'in_progress', closedReason: null });
    // The chosen language goes to the room as soon as it is in.
    await vi.waitFor(() => expect(first.texts).toEqual([{ type: 'language', language: 'zh' }]));

    say(first, { type: 'partial', text: 'Let us', start: 1000, end: 1400 });
    await vi.waitFor(() => expect(link.getState().partial?.text).toBe('Let us'));
    say(first, 'not json');
    say(first, JSON.stringify({ type: 'final', line: { seq: 'x' } }));
    say(first, { type: 'final', line: line(1, 'Let us begin.') });
    await vi.waitFor(() => expect(link.getState().lines.map((l) => l.text)).toEqual(['Hello.', 'Let us begin.']));
    expect(link.getState().partial).toBeNull();
  });

  it('sends audio and commands in the order given', async () => {
    const link = connect();
    const socket = await visit(1);
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    link.control('start');
    for (const n of range(0, 5)) link.sendAudio(frame(n));
    link.control('pause');
    await vi.waitFor(() => expect(socket.texts).toHaveLength(2));
    expect(socket.texts).toEqual([
      { type: 'control', action: 'start' },
      { type: 'control', action: 'pause' },
    ]);
    expect(socket.frames).toEqual(range(0, 5));
    // Numbered in the order sent, so the room can restore it.
    expect(socket.numbers).toEqual(range(0, 7));
  });

  it('reconnects after a drop with a fresh ticket and delivers the audio recorded meanwhile, in order', async () => {
    const link = connect({ language: 'zh' });
    const first = await visit(1);
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    for (const n of range(0, 10)) link.sendAudio(frame(n));
    await vi.waitFor(() => expect(first.frames).toEqual(range(0, 10)));

    // The next room answers only when the test says so, so the frames below are surely sent while away.
    let release: () => void = () => {};
    room.onVisit = (v) => {
      release = () => say(v, welcome());
    };
    first.socket.terminate();
    await vi.waitFor(() => expect(link.getState().connection).toBe('reconnecting'));
    for (const n of range(10, 40)) link.sendAudio(frame(n));
    link.control('pause');

    const second = await visit(2);
    expect(second.ticket).toBe('ticket-2');
    expect(link.getState().connection).toBe('reconnecting');
    expect(second.frames).toEqual([]);
    release();
    await vi.waitFor(() => expect(second.frames).toEqual(range(10, 40)));
    expect(link.getState().connection).toBe('open');
    // The new socket is told the language again before anything else, then the command kept while away.
    await vi.waitFor(() => expect(second.texts).toHaveLength(2));
    expect(second.texts).toEqual([
      { type: 'language', language: 'zh' },
      { type: 'control', action: 'pause' },
    ]);
    // Each socket numbers from 0: the language, the frames kept while away, the command.
    expect(second.numbers).toEqual(range(0, 32));
  });

  it('keeps only the latest 60 s of audio when away longer than that', async () => {
    let release: () => void = () => {};
    room.onVisit = (v) => {
      release = () => say(v, welcome());
    };
    const link = connect();
    const socket = await visit(1);
    const total = MAX_BUFFERED_FRAMES + 5;
    for (const n of range(0, total)) link.sendAudio(frame(n));
    release();
    await vi.waitFor(() => expect(socket.frames).toHaveLength(MAX_BUFFERED_FRAMES));
    expect(socket.frames).toEqual(range(5, total));
    expect(link.getState().connection).toBe('open');
  });

  it('stops for good when the room says the link expired', async () => {
    const link = connect();
    const socket = await visit(1);
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    socket.socket.close(CLOSE.expired, 'expired');
    await vi.waitFor(() => expect(link.getState()).toMatchObject({ connection: 'closed', closedReason: 'expired' }));
    link.sendAudio(frame(1));
    await settle();
    expect(room.visits).toHaveLength(1);
    expect(tickets).toHaveLength(1);
  });

  it.each([
    [CLOSE.ended, 'ended'],
    [CLOSE.forbidden, 'forbidden'],
  ] as const)('stops for good on close code %i (%s)', async (code, reason) => {
    const link = connect();
    const socket = await visit(1);
    socket.socket.close(code);
    await vi.waitFor(() => expect(link.getState()).toMatchObject({ connection: 'closed', closedReason: reason }));
    await settle();
    expect(room.visits).toHaveLength(1);
  });

  it.each([
    [410, 'expired'],
    [403, 'forbidden'],
  ] as const)('stops when access() answers %i (%s), without opening a socket', async (code, reason) => {
    const refused = vi.fn(() => Promise.reject(new RequestError('No longer available', 'business', code)));
    const link = connect({ access: refused });
    await vi.waitFor(() => expect(link.getState()).toMatchObject({ connection: 'closed', closedReason: reason }));
    await settle();
    expect(refused).toHaveBeenCalledTimes(1);
    expect(room.visits).toHaveLength(0);
  });

  it('answers keep-alives and replaces a link that went silent without a close', async () => {
    const link = connect({ heartbeat: { everyMs: 40, deadAfterMs: 200 } });
    await visit(1);
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    await settle();
    // Pongs keep a quiet but living link.
    expect(room.visits).toHaveLength(1);
    room.silent = true;
    await visit(2);
    room.silent = false;
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    expect(tickets).toEqual(['ticket-1', 'ticket-2']);
  });

  it('keeps trying while access() fails for network reasons', async () => {
    let failures = 2;
    const flaky = vi.fn(() => (failures-- > 0 ? Promise.reject(new RequestError('Network Error', 'network', null)) : access()));
    const link = connect({ access: flaky });
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    expect(flaky).toHaveBeenCalledTimes(3);
    expect(room.visits.map((v) => v.ticket)).toEqual(['ticket-1']);
  });

  it('tries once more with a fresh ticket when one is refused, then gives up', async () => {
    room.onVisit = (v) => (v.ticket === 'ticket-1' ? v.socket.close(CLOSE.badTicket) : say(v, welcome()));
    const link = connect();
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    expect(room.visits.map((v) => v.ticket)).toEqual(['ticket-1', 'ticket-2']);

    room.onVisit = (v) => v.socket.close(CLOSE.badTicket);
    room.visits[1]!.socket.terminate();
    await vi.waitFor(() => expect(link.getState()).toMatchObject({ connection: 'closed', closedReason: 'badTicket' }));
    // After the drop: one refused ticket, one more try, then no more.
    expect(room.visits.map((v) => v.ticket)).toEqual(['ticket-1', 'ticket-2', 'ticket-3', 'ticket-4']);
    await settle();
    expect(room.visits).toHaveLength(4);
  });

  it('replaces a living link at once on reconnect(), with a fresh ticket, and not once closed', async () => {
    const link = connect();
    const first = await visit(1);
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    link.reconnect();
    expect(link.getState().connection).toBe('reconnecting');
    await expect(first.closed).resolves.toBeGreaterThan(0);
    await visit(2);
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    expect(tickets).toEqual(['ticket-1', 'ticket-2']);
    link.close();
    link.reconnect();
    await settle();
    expect(room.visits).toHaveLength(2);
    expect(link.getState().connection).toBe('closed');
  });

  it('leaves the room on close() and does not come back', async () => {
    const link = connect();
    const socket = await visit(1);
    await vi.waitFor(() => expect(link.getState().connection).toBe('open'));
    link.close();
    expect(link.getState()).toMatchObject({ connection: 'closed', closedReason: null });
    await expect(socket.closed).resolves.toBe(1000);
    await settle();
    expect(room.visits).toHaveLength(1);
  });
});

describe('useMeetingSocket', () => {
  it('connects while enabled, sends the language it is given, and leaves on unmount', async () => {
    const { result, rerender, unmount } = renderHook(
      ({ enabled, language }: { enabled: boolean; language: string | null }) => useMeetingSocket({ access, enabled, language }),
      { initialProps: { enabled: false, language: 'zh' } },
    );
    expect(result.current.connection).toBe('closed');
    expect(room.visits).toHaveLength(0);

    rerender({ enabled: true, language: 'zh' });
    const socket = await visit(1);
    await vi.waitFor(() => expect(result.current.connection).toBe('open'));
    expect(result.current.meeting?.name).toBe('Weekly sync');

    rerender({ enabled: true, language: 'fr' });
    await vi.waitFor(() =>
      expect(socket.texts).toEqual([
        { type: 'language', language: 'zh' },
        { type: 'language', language: 'fr' },
      ]),
    );
    result.current.sendAudio(frame(7));
    await vi.waitFor(() => expect(socket.frames).toEqual([7]));

    unmount();
    await expect(socket.closed).resolves.toBe(1000);
  });
});
