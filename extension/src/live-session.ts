import ReconnectingWebSocket from 'partysocket/ws';
import { API } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import { CLOSE, HEARTBEAT, audioFrame, parseFrame, serverMessage } from '../../contracts/meeting';
import type { ClientMessage, MeetingAccess } from '../../contracts/meeting';
import { initialLiveState, reduceLive } from '../../web/features/meeting/live-transcript';
import type { LiveState } from '../../web/features/meeting/live-transcript';
import { type Target, call } from './tingyi';

/**
 * The extension's link to its meeting room, as the meeting console's (web/features/meeting/meeting-connection):
 * a reconnecting socket with a fresh host ticket on every connect, audio held while the network is away and
 * sent in order after the room's welcome, each message numbered on its socket (contracts/meeting.ts).
 */

/** 60 s of 100 ms frames survive a drop. */
const MAX_BUFFERED_FRAMES = 600;
const ROOM_CLOSES: number[] = [CLOSE.ended, CLOSE.expired, CLOSE.forbidden];

/** A message before its number: numbers are given as it goes out on a socket. */
type Outgoing = ArrayBuffer | { type: 'control'; action: 'start' | 'end' } | { type: 'language'; language: string };

export interface SessionUpdate {
  live: LiveState;
  phase: 'connecting' | 'live' | 'reconnecting' | 'ended';
}

export class LiveSession {
  private readonly socket: ReconnectingWebSocket;
  private live: LiveState = initialLiveState;
  private phase: SessionUpdate['phase'] = 'connecting';
  private welcomed = false;
  private sent = 0;
  private readonly outbox: Outgoing[] = [];
  private startSent = false;
  private lastHeard = Date.now();
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly target: Target,
    private readonly meetingId: number,
    private readonly language: string | null,
    private readonly onUpdate: (update: SessionUpdate) => void,
  ) {
    this.socket = new ReconnectingWebSocket(() => this.nextUrl(), undefined, {
      minReconnectionDelay: 1000,
      maxReconnectionDelay: 10_000,
      shouldReconnectOnClose: (event) => {
        if (!ROOM_CLOSES.includes(event.code)) return true;
        this.finish();
        return false;
      },
    });
    this.socket.binaryType = 'arraybuffer';
    this.socket.addEventListener('message', (event) => this.receive(event.data));
    this.socket.addEventListener('close', () => {
      this.welcomed = false;
      if (this.phase === 'live') this.update('reconnecting');
    });
    this.heartbeat = setInterval(() => {
      if (!this.welcomed) return;
      if (Date.now() - this.lastHeard > HEARTBEAT.deadAfterMs) {
        this.welcomed = false;
        this.socket.reconnect();
      } else this.socket.send(HEARTBEAT.ping);
    }, HEARTBEAT.everyMs);
  }

  sendAudio(pcm: ArrayBuffer): void {
    if (this.phase === 'ended') return;
    if (this.welcomed) {
      this.transmit(pcm);
      return;
    }
    if (this.outbox.length >= MAX_BUFFERED_FRAMES)
      this.outbox.splice(
        this.outbox.findIndex((item) => item instanceof ArrayBuffer),
        1,
      );
    this.outbox.push(pcm);
  }

  /** Ends the meeting: the room finishes the record and closes the socket with CLOSE.ended. */
  end(): void {
    const message = { type: 'control', action: 'end' } as const;
    if (this.welcomed) this.transmit(message);
    else this.outbox.push(message);
  }

  private async nextUrl(): Promise<string> {
    const access = await call<MeetingAccess>(this.target, API.meetings.getMeeting, { query: { id: this.meetingId } });
    const url = new URL(`${this.target.origin}${API_BASE}${access.socket.path}`);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('ticket', access.socket.ticket);
    return url.toString();
  }

  private receive(data: unknown): void {
    this.lastHeard = Date.now();
    if (typeof data !== 'string') return;
    const message = parseFrame(serverMessage, data);
    if (!message || this.phase === 'ended') return;
    this.live = reduceLive(this.live, message);
    if (message.type === 'state' && message.status === 'ended') {
      this.finish();
      return;
    }
    if (message.type !== 'welcome') {
      this.update(this.phase);
      return;
    }
    this.welcomed = true;
    this.sent = 0;
    this.update('live');
    if (this.language) this.transmit({ type: 'language', language: this.language });
    if (!this.startSent && message.meeting.status === 'not_started') this.transmit({ type: 'control', action: 'start' });
    this.startSent = true;
    for (const item of this.outbox.splice(0)) this.transmit(item);
  }

  private transmit(item: Outgoing): void {
    const n = this.sent++;
    this.socket.send(item instanceof ArrayBuffer ? audioFrame(n, item) : JSON.stringify({ ...item, n } satisfies ClientMessage));
  }

  private finish(): void {
    if (this.phase === 'ended') return;
    clearInterval(this.heartbeat);
    this.welcomed = false;
    this.outbox.length = 0;
    this.update('ended');
    this.socket.close();
  }

  private update(phase: SessionUpdate['phase']): void {
    this.phase = phase;
    this.onUpdate({ live: this.live, phase });
  }
}
