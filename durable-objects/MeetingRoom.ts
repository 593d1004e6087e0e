import { DurableObject } from 'cloudflare:workers';
import { Code } from '../contracts/errors';
import type { Locale } from '../contracts/locale';
import {
  CLOSE,
  HEARTBEAT,
  MEETING,
  clientMessage,
  parseFrame,
  readAudioFrame,
  type ClientMessage,
  type MeetingSummary,
  type SocketRole,
} from '../contracts/meeting';
import type { AppliedVocabulary } from '../contracts/vocabulary';
import { InOrder } from './in-order';
import { LiveSummaries } from './live-summary';
import { MeetingBilling } from './meeting-billing';
import { MeetingCourse } from './meeting-course';
import { MeetingFinals } from './meeting-finals';
import { StoredMeta, newMeta, type MeetingAllowance, type TimerName } from './meeting-meta';
import { LiveRecognition } from './meeting-recognition';
import { applyScreenChoice, isScreenChoice } from './meeting-screen-choices';
import { RoomSockets, type Attachment } from './meeting-sockets';
import { transition } from './meeting-status';
import { END_WAIT, type EndWait } from './meeting-stream';
import { RoomTimers } from './meeting-timers';
import { LiveTranslation } from './meeting-translation';

/**
 * MeetingRoom — one per live meeting (named `meeting:ID`), the conductor of its parts. Its duties:
 * - accept the meeting's WebSockets (hibernation API; meeting-sockets.ts) with the role the ticket gave them:
 *   the host sends audio and control, participants and projected screens only listen and choose a
 *   translation language; each socket's messages are handled in the order they were sent (in-order.ts);
 * - take the host's controls through the meeting's states (not started → in progress ⇄ paused → ended;
 *   meeting-status.ts), its course from first frame to finished record running in meeting-course.ts;
 * - hand the host's audio to the recording (meeting-audio.ts), live recognition (meeting-recognition.ts) and
 *   billing (meeting-billing.ts, which may pause the meeting with the 925… code);
 * - turn each final into a stored, masked, broadcast line (meeting-finals.ts, flushed to D1 in batches) and
 *   translate it into every language wanted, under the owner's cap (meeting-translation.ts);
 * - once it has ended, finish the transcript from the stored audio where the recogniser fell short
 *   (meeting-completion.ts; the record reads `finishing` meanwhile), then queue the meeting's AI minutes;
 * - keep the meeting's running summary, sent to every socket in its language and to late joiners, and hand it
 *   on as the first minutes (live-summary.ts);
 * - run its timers (flushing lines, the host's grace period, finishing) on the one alarm (meeting-timers.ts).
 * Everything it needs after hibernation or eviction is in storage (meeting-meta.ts) or on the sockets' attachments.
 */

/** Past this delay live recognition skips ahead to the current audio (see LagGauge.hopeless). */
const MAX_LAG_MS = 30_000;
/** Messages that may wait for one sent before them: as many frames as a client buffers through a drop (60 s). */
const MAX_PARKED = (60 * 1000) / MEETING.frameMs;
/** WebSocket close code for a client that broke the protocol. */
const POLICY_VIOLATION = 1008;

type AudioFrame = NonNullable<ReturnType<typeof readAudioFrame>>;

export class MeetingRoom extends DurableObject<Env> {
  /** How long ending waits for the live recogniser, and how far behind it may run (fields so tests can shorten them). */
  endWait: EndWait = END_WAIT;
  maxLagMs = MAX_LAG_MS;
  private readonly store = new StoredMeta(this.ctx.storage);
  private readonly sockets = new RoomSockets(this.ctx);
  private readonly timers = new RoomTimers<TimerName>(
    this.ctx.storage,
    () => this.store.meta.timers,
    () => this.store.save(),
  );
  private readonly finals = new MeetingFinals(this.ctx.storage.sql, this.env, this.store, this.timers, (msg) => this.sockets.broadcast(msg));
  private readonly translation = new LiveTranslation(this.env, this.store, this.finals, () => this.sockets.picks());
  private readonly liveSummary = new LiveSummaries(this.ctx.storage, this.env, this.store, {
    languages: () => this.sockets.all().map((ws) => this.sockets.attachment(ws).language),
    each: (message) => {
      for (const ws of this.sockets.all()) {
        const msg = message(this.sockets.attachment(ws));
        if (msg) this.sockets.send(ws, msg);
      }
    },
  });
  private readonly billing = new MeetingBilling(this.env, this.store, (err) => this.course.pause(err));
  private readonly recognition = new LiveRecognition(this.env, this.store, this, {
    broadcast: (msg) => this.sockets.broadcast(msg),
    mask: (text) => this.finals.mask()(text),
    final: (segment) => this.course.addFinal(segment, true),
    settled: (start, stable) => this.translation.translateSettled(start, stable),
    failed: (detail) => this.course.pause({ code: Code.UNAVAILABLE, key: 'recogniserUnavailable', params: { detail } }),
  });
  private readonly course: MeetingCourse = new MeetingCourse(this.ctx.storage.sql, this.env, this.store, {
    sockets: this.sockets,
    timers: this.timers,
    finals: this.finals,
    translation: this.translation,
    recognition: this.recognition,
    billing: this.billing,
    liveSummary: this.liveSummary,
  });
  /** Each socket's message order; a socket opened here starts at 0, one found after eviction where it goes on. */
  private orders = new WeakMap<WebSocket, InOrder<ClientMessage | AudioFrame>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT.ping, HEARTBEAT.pong));
    ctx.blockConcurrencyWhile(() => this.store.load());
    this.finals.onFlush(() => void this.liveSummary.flushed());
  }

  // Calls from the Worker

  /** Sets the room up for a new meeting; a second call changes nothing. */
  async init(summary: MeetingSummary, userId: number, locale: Locale, vocabulary?: AppliedVocabulary, allowance?: MeetingAllowance) {
    if (!this.store.ready) await this.store.create(newMeta(summary, userId, locale, vocabulary, allowance));
  }

  /** The owner renamed the meeting or opened / closed the invitation; closing it sends participants away. */
  async configure(change: { name: string; inviteOpen: boolean }) {
    Object.assign(this.store.meta, change);
    await this.store.save();
    if (!change.inviteOpen) {
      for (const ws of this.sockets.open('participant')) this.sockets.close(ws, CLOSE.expired, 'invitation closed');
      this.sockets.broadcastViewers();
    }
  }

  async stop() {
    await this.course.end();
  }

  /** What the room holds, for tests and diagnostics. */
  async snapshot() {
    const { status, durationMs, nextSeq, timers } = this.store.meta;
    const roles = this.sockets.all().map((ws) => this.sockets.attachment(ws).role);
    return { status, durationMs, nextSeq, pending: this.finals.lines.unwritten(), timers: { ...timers }, roles };
  }

  // Sockets

  /** A socket the Worker let in: the ticket's claims arrive as x-room-* headers. */
  override async fetch(request: Request) {
    const meta = this.store.meta;
    const role = request.headers.get('x-room-role') as SocketRole;
    const locale = (request.headers.get('x-room-locale') ?? 'en-US') as Locale;
    const { 0: client, 1: server } = new WebSocketPair();
    const attachment: Attachment = { role, locale, language: null };
    this.sockets.accept(server, attachment);
    this.inOrder(server, 0);
    if (meta.status === 'ended') {
      this.sockets.send(server, this.course.stateMessage());
      this.sockets.close(server, CLOSE.ended, 'meeting ended');
    } else if (role === 'participant' && !meta.inviteOpen) {
      this.sockets.close(server, CLOSE.expired, 'invitation closed');
    } else {
      if (role === 'projection' && request.headers.get('x-room-multi-screen') !== 'true') {
        // One screen at a time without the multi-screen right: the newest screen takes over.
        for (const old of this.sockets.open('projection', server)) {
          this.sockets.refuse(old, Code.NO_SUCH_BENEFIT, 'screenReplaced');
          this.sockets.close(old, CLOSE.forbidden, 'another screen took over');
        }
      }
      if (role === 'host') await this.timers.clear('hostGrace');
      this.sockets.send(server, await this.course.welcome(role));
      // Catch-up: one let in after the meeting began reads the summary so far, then the live lines.
      const summary = await this.liveSummary.messageFor(null);
      if (summary) this.sockets.send(server, summary);
      const lag = this.recognition.lag;
      if (lag) this.sockets.send(server, { type: 'lag', seconds: lag });
      if (this.recognition.reconnecting) this.sockets.send(server, { type: 'recognition', status: 'reconnecting' });
      this.sockets.broadcastViewers();
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    const msg = typeof message === 'string' ? parseFrame(clientMessage, message) : readAudioFrame(message);
    if (!msg) return this.sockets.refuse(ws, Code.BAD_REQUEST, 'badRequest', { detail: 'unknown message' });
    if (msg.n === undefined) return this.handleMessage(ws, msg);
    const handled = this.inOrder(ws).take(msg.n, msg);
    if (handled) return handled;
    // A gap that never fills: the client reconnects and numbers afresh.
    this.sockets.close(ws, POLICY_VIOLATION, 'messages out of step');
  }

  /** Each socket's messages in the order they were sent (see InOrder). */
  private inOrder(ws: WebSocket, next?: number) {
    let order = this.orders.get(ws);
    if (!order) {
      order = new InOrder<ClientMessage | AudioFrame>((msg) => this.handleMessage(ws, msg), next, MAX_PARKED);
      this.orders.set(ws, order);
    }
    return order;
  }

  private async handleMessage(ws: WebSocket, msg: ClientMessage | AudioFrame) {
    const me = this.sockets.attachment(ws);
    if ('pcm' in msg) {
      if (me.role !== 'host') return this.sockets.refuse(ws, Code.FORBIDDEN, 'hostOnly');
      // Messages come in the order they were sent, so audio outside a running meeting was sent while paused
      // or after a refused start: nobody meant it to be heard.
      if (this.store.meta.status === 'in_progress') this.course.hear(msg.pcm);
      return;
    }
    if (msg.type === 'language') {
      const refusal = msg.language ? await this.translation.refusal(msg.language, this.sockets.picks(ws)) : null;
      if (refusal) return this.sockets.refuse(ws, refusal.code, refusal.key, refusal.params);
      this.sockets.choose(ws, msg.language);
      const summary = await this.liveSummary.messageFor(msg.language);
      if (summary) this.sockets.send(ws, summary);
      if (msg.language) await this.translation.backfill(msg.language);
      return;
    }
    if (me.role !== 'host') return this.sockets.refuse(ws, Code.FORBIDDEN, 'hostOnly');
    if (isScreenChoice(msg)) {
      const told = applyScreenChoice(this.store.meta, msg);
      await this.store.save();
      return this.sockets.broadcast(told);
    }
    const next = transition(this.store.meta.status, msg.action);
    if (next === 'already') return this.sockets.send(ws, this.course.stateMessage());
    if (next === 'refused') return this.sockets.refuse(ws, Code.CONFLICT, 'meetingNotLive', { status: this.store.meta.status });
    if (next === 'ended') return this.course.end();
    if (next === 'paused') return this.course.pause();
    const refusal = await this.billing.refusalToStart();
    if (refusal) return this.sockets.refuse(ws, refusal.code, refusal.key, refusal.params);
    await this.course.setStatus('in_progress');
  }

  override async webSocketClose(ws: WebSocket, code: number) {
    // A client that vanished (1005/1006) gets a normal close back, as the runtime expects an answer.
    this.sockets.close(ws, code === 1005 || code === 1006 ? 1000 : code, '');
    await this.left(ws);
  }

  override async webSocketError(ws: WebSocket) {
    await this.left(ws);
  }

  private async left(ws: WebSocket) {
    if (!this.store.ready) return;
    if (this.sockets.attachment(ws).role === 'host' && this.store.meta.status === 'in_progress' && this.sockets.open('host', ws).length === 0) {
      const grace = Number(this.env.MEETING_HOST_GRACE_SECONDS) || MEETING.hostGraceSeconds;
      await this.timers.set('hostGrace', Date.now() + grace * 1000);
    }
    this.sockets.broadcastViewers(ws);
  }

  // The one alarm

  override async alarm() {
    if (!this.store.ready) return;
    for (const name of await this.timers.takeDue()) {
      if (name === 'flush') await this.finals.flushDue();
      else if (name === 'hostGrace' && this.sockets.open('host').length === 0) await this.course.pause({ code: Code.OK, key: 'hostAway' });
      else if (name === 'complete') await this.course.complete();
    }
    await this.timers.arm();
  }
}
