import ReconnectingWebSocket from 'partysocket/ws';
import type { CloseEvent, Options } from 'partysocket/ws';
import { Code } from '../../../contracts/errors';
import { CLOSE, HEARTBEAT, audioFrame, parseFrame, serverMessage } from '../../../contracts/meeting';
import type { CaptionStyle, ClientMessage, ControlAction, MeetingAccess, ScreenView, SocketAccess } from '../../../contracts/meeting';
import { http, isRequestError } from '../../lib/request';
import { initialLiveState, reduceLive } from './live-transcript';
import type { LiveState } from './live-transcript';

/**
 * One browser's link to a meeting room (spec §7 real-time socket, §8 unstable network): a reconnecting socket
 * that asks for a fresh ticket on every connect, keeps audio and commands while the network is away and sends
 * them, in order, once the room has welcomed it back. Each message is numbered on its socket so the room can
 * restore the order a burst may lose on the way (see contracts/meeting.ts).
 */

/** 'open' once the room has sent its welcome; 'reconnecting' after a drop of a link that had been open. */
export type Connection = 'connecting' | 'open' | 'reconnecting' | 'closed';
export type ClosedReason = 'ended' | 'expired' | 'forbidden' | 'badTicket' | null;

export interface ConnectionState extends LiveState {
  connection: Connection;
  closedReason: ClosedReason;
}

export type ReconnectTiming = Pick<
  Options,
  'minReconnectionDelay' | 'maxReconnectionDelay' | 'reconnectionDelayGrowFactor' | 'connectionTimeout' | 'minUptime'
>;

export interface MeetingConnectionOptions {
  /** Called on every (re)connect for a fresh ticket; a 410 from it means the link expired, a 403 no access. */
  access: () => Promise<MeetingAccess>;
  language?: string | null;
  /** Tests shorten the waits between attempts and the keep-alive. */
  timing?: ReconnectTiming;
  heartbeat?: { everyMs: number; deadAfterMs: number };
}

/** 60 s of 100 ms frames: a drop shorter than that loses no audio; a longer one loses the oldest. */
export const MAX_BUFFERED_FRAMES = 600;

/** A dropped socket retries after 1 s, backing off to 10 s. */
const TIMING: ReconnectTiming = { minReconnectionDelay: 1000, maxReconnectionDelay: 10_000 };

const CLOSED_BY_ROOM: Record<number, Exclude<ClosedReason, null>> = {
  [CLOSE.ended]: 'ended',
  [CLOSE.expired]: 'expired',
  [CLOSE.forbidden]: 'forbidden',
  [CLOSE.badTicket]: 'badTicket',
};

/**
 * `ws(s)://<page host><API_BASE><path>?ticket=…`. The socket goes wherever the request layer sends its calls:
 * in the app that is API_BASE on the page's own origin, so ws or wss follows the page's protocol.
 */
export function socketUrl(socket: SocketAccess, apiBase: string, pageUrl: string): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}${socket.path}`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', socket.ticket);
  return url.toString();
}

export class MeetingConnection {
  private readonly socket: ReconnectingWebSocket;
  private readonly listeners = new Set<() => void>();
  private state: ConnectionState = { ...initialLiveState, connection: 'connecting', closedReason: null };
  /** Messages waiting for the room: sent only after a welcome, so none reaches a socket about to be refused. */
  private readonly outbox: Outgoing[] = [];
  /** Messages sent on the current socket: the next one's number. */
  private sent = 0;
  private bufferedFrames = 0;
  private welcomed = false;
  private everOpen = false;
  /** A ticket may lapse between fetching it and connecting: one refusal earns one more try with a fresh one. */
  private retriedBadTicket = false;
  private language: string | null;
  /** When the room was last heard from; a silent link is replaced (see HEARTBEAT). */
  private lastHeard = Date.now();
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(private readonly options: MeetingConnectionOptions) {
    this.language = options.language ?? null;
    this.socket = new ReconnectingWebSocket(() => this.nextUrl(), undefined, {
      ...TIMING,
      ...options.timing,
      shouldReconnectOnClose: (event) => this.shouldReconnect(event),
    });
    this.socket.binaryType = 'arraybuffer';
    this.socket.addEventListener('message', (event) => this.receive(event.data));
    this.socket.addEventListener('close', () => this.dropped());
    const { everyMs, deadAfterMs } = options.heartbeat ?? HEARTBEAT;
    this.heartbeat = setInterval(() => this.keepAlive(deadAfterMs), everyMs);
  }

  private keepAlive(deadAfterMs: number): void {
    if (!this.welcomed) return;
    if (Date.now() - this.lastHeard > deadAfterMs) {
      this.welcomed = false;
      this.update({ connection: 'reconnecting' });
      this.socket.reconnect();
      return;
    }
    if (this.socket.readyState === ReconnectingWebSocket.OPEN) this.socket.send(HEARTBEAT.ping);
  }

  getState = (): ConnectionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  sendAudio(frame: ArrayBuffer): void {
    if (this.send(frame) || this.state.connection === 'closed') return;
    if (this.bufferedFrames === MAX_BUFFERED_FRAMES) {
      this.outbox.splice(this.outbox.findIndex(isAudio), 1);
      this.bufferedFrames--;
    }
    this.outbox.push(frame);
    this.bufferedFrames++;
  }

  control(action: ControlAction): void {
    this.sendOrKeep({ type: 'control', action });
  }

  /** The host's caption style for every screen: sent now, or once the socket is back. */
  captions(style: CaptionStyle): void {
    this.sendOrKeep({ type: 'captions', style });
  }

  /** What the host has every projected screen show: sent now, or once the socket is back. */
  screen(view: ScreenView): void {
    this.sendOrKeep({ type: 'screen', view });
  }

  private sendOrKeep(message: Outgoing): void {
    if (!this.send(message) && this.state.connection !== 'closed') this.outbox.push(message);
  }

  /** Sent now when connected, and again after every reconnect (a new socket starts without one). */
  setLanguage(language: string | null): void {
    this.language = language;
    this.send({ type: 'language', language });
  }

  /**
   * Replaces the socket now: when the network comes back, the old one may have died without a word, and the
   * keep-alive or the back-off would find that out only seconds later.
   */
  reconnect(): void {
    if (this.state.connection === 'closed') return;
    this.dropped();
    this.socket.reconnect();
  }

  /** Leaves the room for good. */
  close(): void {
    this.finish(null);
  }

  /**
   * Sends at once when the room has welcomed this socket and it is still open. Otherwise the caller keeps the
   * message: partysocket's own queue would flush it before the welcome, into a socket that may yet be refused.
   */
  private send(item: Outgoing): boolean {
    if (!this.welcomed || this.socket.readyState !== ReconnectingWebSocket.OPEN) return false;
    this.transmit(item);
    return true;
  }

  private transmit(item: Outgoing): void {
    const n = this.sent++;
    this.socket.send(isAudio(item) ? audioFrame(n, item) : JSON.stringify({ ...item, n } satisfies ClientMessage));
  }

  private async nextUrl(): Promise<string> {
    // partysocket asks for the URL even when closed before its first attempt (React's strict mode does that).
    if (this.state.connection === 'closed') throw new Error('meeting connection closed');
    try {
      const access = await this.options.access();
      return socketUrl(access.socket, http.defaults.baseURL, window.location.href);
    } catch (error) {
      if (isRequestError(error, 'business') && error.code === Code.GONE) this.finish('expired');
      if (isRequestError(error, 'business') && error.code === Code.FORBIDDEN) this.finish('forbidden');
      // partysocket counts a failed provider as a failed attempt and tries again later, unless finished.
      throw error;
    }
  }

  private shouldReconnect(event: CloseEvent): boolean {
    const reason = CLOSED_BY_ROOM[event.code];
    if (!reason) return true;
    if (reason === 'badTicket' && !this.retriedBadTicket) {
      this.retriedBadTicket = true;
      return true;
    }
    this.finish(reason);
    return false;
  }

  private receive(data: unknown): void {
    this.lastHeard = Date.now();
    if (typeof data !== 'string') return;
    const message = parseFrame(serverMessage, data);
    if (!message || this.state.connection === 'closed') return;
    const live = reduceLive(this.state, message);
    if (message.type !== 'welcome') {
      this.update(live);
      return;
    }
    this.welcomed = true;
    this.everOpen = true;
    this.lastHeard = Date.now();
    this.retriedBadTicket = false;
    this.sent = 0;
    this.update({ ...live, connection: 'open' });
    if (this.language !== null) this.transmit({ type: 'language', language: this.language });
    for (const item of this.outbox.splice(0)) this.transmit(item);
    this.bufferedFrames = 0;
  }

  private dropped(): void {
    this.welcomed = false;
    if (this.state.connection === 'closed') return;
    this.update({ connection: this.everOpen ? 'reconnecting' : 'connecting' });
  }

  private finish(reason: ClosedReason): void {
    if (this.state.connection === 'closed') return;
    clearInterval(this.heartbeat);
    this.welcomed = false;
    this.outbox.length = 0;
    this.bufferedFrames = 0;
    this.update({ connection: 'closed', closedReason: reason });
    this.socket.close();
  }

  private update(next: Partial<ConnectionState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }
}

/** What waits in the outbox: an audio frame's PCM16, or a message, numbered only when it is sent. */
type Outgoing =
  | ArrayBuffer
  | Omit<Extract<ClientMessage, { type: 'control' }>, 'n'>
  | Omit<Extract<ClientMessage, { type: 'language' }>, 'n'>
  | Omit<Extract<ClientMessage, { type: 'captions' }>, 'n'>
  | Omit<Extract<ClientMessage, { type: 'screen' }>, 'n'>;

const isAudio = (item: Outgoing): item is ArrayBuffer => !('type' in item);
