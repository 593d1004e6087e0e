import { DurableObject } from 'cloudflare:workers';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { StreamServerMessage, TranscriptSegment } from '../contracts/engine';
import { Code } from '../contracts/errors';
import type { RecordStatus } from '../contracts/record-vocabulary';
import type { Locale } from '../contracts/locale';
import { sensitiveMasker } from '../contracts/sensitive';
import type { AppliedVocabulary } from '../contracts/vocabulary';
import {
  CLOSE,
  HEARTBEAT,
  MEETING,
  clientMessage,
  parseFrame,
  readAudioFrame,
  type ClientMessage,
  type ControlAction,
  type LiveLine,
  type MeetingStatus,
  type MeetingSummary,
  type ServerMessage,
  type SocketProblem,
  type SocketRole,
} from '../contracts/meeting';
import { database } from '../worker/db/client';
import { meetings, records } from '../worker/db/schema';
import { ApiError } from '../worker/lib/errors';
import { assignSpeaker, emptySpeakers, type SpeakerTrackerState } from '../worker/lib/speaker-tracker';
import { translate, type MessageKey, type MessageParams } from '../worker/lib/i18n';
import { screenCodes } from '../worker/services/meetings';
import { providers } from '../worker/services/providers';
import { charge, check, permissions } from '../worker/services/rights';
import { hasTranscript, queueSummary } from '../worker/services/summary';
import { queueSender } from '../worker/services/jobs';
import { InOrder } from './in-order';
import { MeetingRecorder, type RecordingState } from './meeting-audio';
import { recogniseGap, withGap } from './meeting-completion';
import { MeetingLines } from './meeting-lines';
import { END_WAIT, RecogniserSession, type EndWait, type Gap } from './meeting-stream';

/**
 * MeetingRoom — one per live meeting (named `meeting:ID`). Its duties:
 * - accept the meeting's WebSockets (hibernation API) with the role the ticket gave them: the host sends
 *   audio and control, participants and projected screens only listen and choose a translation language;
 * - keep the meeting state (not started → in progress ⇄ paused → ended), mirrored to the record in D1;
 * - stream the host's audio to the live recogniser (with the meeting's proprietary words), broadcast partial
 *   and final lines, translate each final into every language a viewer asked for (with its terms), and mask
 *   its sensitive words in all of them before anything is sent or stored;
 * - store finals in its SQLite first (so a crash loses none), then in D1 in batches, each exactly once
 *   (lines are keyed by the meeting's own sequence number);
 * - charge each minute of audio against the owner's real-time allowance, pausing with the 925… code when
 *   it runs out;
 * - tell every screen when subtitles run behind (meeting-lag.ts), and shed partials then;
 * - once it has ended, finish the transcript from the stored audio where the recogniser fell short
 *   (meeting-completion.ts; the record reads `finishing` meanwhile), then queue the meeting's AI minutes;
 * - run its timers (flushing lines, the host's grace period) on the one alarm.
 * Everything it needs after hibernation or eviction is in storage or on the sockets' attachments.
 */

interface RoomMeta extends MeetingSummary {
  userId: number;
  /** The owner's interface language when the meeting was created: speaker names are written in it. */
  locale: Locale;
  inviteOpen: boolean;
  /** Whole minutes of audio already charged. */
  chargedMinutes: number;
  nextSeq: number;
  timers: Partial<Record<TimerName, number>>;
  recording: RecordingState;
  /** Voices heard so far, so each final gets a speaker label (engine recognition gives embeddings, not labels). */
  speakers: SpeakerTrackerState;
  /** The vocabulary libraries chosen at creation; absent in rooms made before they existed. */
  vocabulary?: AppliedVocabulary;
  /** Audio the live recogniser did not deliver lines for, recognised from the stored audio once the meeting ends. */
  gaps?: Gap[];
}

type TimerName = 'flush' | 'hostGrace' | 'complete';

interface Attachment {
  role: SocketRole;
  locale: Locale;
  /** The translation language this viewer wants, if any. */
  language: string | null;
}

const FLUSH_DELAY_MS = 2000;
const FLUSH_RETRY_MS = 5000;
/** Bytes per millisecond of 16 kHz mono PCM16. */
const BYTES_PER_MS = (MEETING.sampleRate * 2) / 1000;
/** Finishing the transcript is retried this often, then the meeting ends with the lines it has. */
const COMPLETE_RETRY_MS = 30_000;
const COMPLETE_TRIES = 5;
/** Past this delay live recognition skips ahead to the current audio (see LagGauge.hopeless). */
const MAX_LAG_MS = 30_000;
const PAIRS_TTL_MS = 60_000;
/** Messages that may wait for one sent before them: as many frames as a client buffers through a drop (60 s). */
const MAX_PARKED = (60 * 1000) / MEETING.frameMs;

/** WebSocket close code for a client that broke the protocol. */
const POLICY_VIOLATION = 1008;

type AudioFrame = NonNullable<ReturnType<typeof readAudioFrame>>;

const ms = (seconds: number) => Math.round(seconds * 1000);

export class MeetingRoom extends DurableObject<Env> {
  private meta: RoomMeta | undefined;
  private stream: RecogniserSession | undefined;
  private readonly lines: MeetingLines;
  /** Connections told to end (a pause) that may still deliver lines or leave a gap. */
  private draining = new Set<Promise<void>>();
  /** Translations of finals under way: they run beside recognition, and ending waits for them. */
  private translating = new Set<Promise<void>>();
  private completeTries = 0;
  /** How long ending waits for the live recogniser, and how far behind it may run (fields so tests can shorten them). */
  endWait: EndWait = END_WAIT;
  maxLagMs = MAX_LAG_MS;
  private recorderOf: MeetingRecorder | undefined;
  /** Each socket's message order; a socket opened here starts at 0, one found after eviction where it goes on. */
  private orders = new WeakMap<WebSocket, InOrder<ClientMessage | AudioFrame>>();
  private pairs: { at: number; list: Promise<{ from: string; to: string }[]> } | undefined;
  /** Charges run one after another so a minute is never checked before the previous one is written. */
  private charging: Promise<void> = Promise.resolve();
  private maskers = new Map<string, (text: string) => string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.lines = new MeetingLines(ctx.storage.sql);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT.ping, HEARTBEAT.pong));
    ctx.blockConcurrencyWhile(async () => {
      this.meta = await ctx.storage.get<RoomMeta>('meta');
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // Calls from the Worker

  /** Sets the room up for a new meeting; a second call changes nothing. */
  async init(summary: MeetingSummary, userId: number, locale: Locale, vocabulary?: AppliedVocabulary) {
    if (this.meta) return;
    this.meta = {
      ...summary,
      userId,
      locale,
      ...(vocabulary ? { vocabulary } : {}),
      inviteOpen: false,
      chargedMinutes: 0,
      nextSeq: 0,
      timers: {},
      recording: { uploadId: null, parts: [] },
      speakers: emptySpeakers,
    };
    await this.save();
  }

  /** The owner renamed the meeting or opened / closed the invitation; closing it sends participants away. */
  async configure(change: { name: string; inviteOpen: boolean }) {
    const meta = this.requireMeta();
    Object.assign(meta, change);
    await this.save();
    if (!change.inviteOpen) {
      for (const ws of this.sockets('participant')) this.closeSocket(ws, CLOSE.expired, 'invitation closed');
      this.broadcastViewers();
    }
  }

  async stop() {
    await this.end();
  }

  /** What the room holds, for tests and diagnostics. */
  async snapshot() {
    const meta = this.requireMeta();
    const pending = this.lines.unwritten();
    return {
      status: meta.status,
      durationMs: meta.durationMs,
      nextSeq: meta.nextSeq,
      pending,
      timers: { ...meta.timers },
      roles: this.ctx.getWebSockets().map((ws) => this.attachment(ws).role),
    };
  }

  // ------------------------------------------------------------------------------------------------------
  // Sockets

  /** A socket the Worker let in: the ticket's claims arrive as x-room-* headers. */
  override async fetch(request: Request) {
    const meta = this.requireMeta();
    const role = request.headers.get('x-room-role') as SocketRole;
    const locale = (request.headers.get('x-room-locale') ?? 'en-US') as Locale;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [role]);
    this.inOrder(server, 0);
    const attachment: Attachment = { role, locale, language: null };
    server.serializeAttachment(attachment);

    if (meta.status === 'ended') {
      this.send(server, this.stateMessage());
      this.closeSocket(server, CLOSE.ended, 'meeting ended');
    } else if (role === 'participant' && !meta.inviteOpen) {
      this.closeSocket(server, CLOSE.expired, 'invitation closed');
    } else {
      if (role === 'projection' && request.headers.get('x-room-multi-screen') !== 'true') {
        // One screen at a time without the multi-screen right: the newest screen takes over.
        for (const old of this.sockets('projection', server)) {
          this.send(old, { type: 'error', ...this.problem(old, Code.NO_SUCH_BENEFIT, 'screenReplaced') });
          this.closeSocket(old, CLOSE.forbidden, 'another screen took over');
        }
      }
      if (role === 'host') await this.clearTimer('hostGrace');
      this.send(server, await this.welcome(attachment));
      const lag = this.stream?.gauge.showing;
      if (lag) this.send(server, { type: 'lag', seconds: lag });
      this.broadcastViewers();
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    const msg = typeof message === 'string' ? parseFrame(clientMessage, message) : readAudioFrame(message);
    if (!msg) return this.send(ws, { type: 'error', ...this.problem(ws, Code.BAD_REQUEST, 'badRequest', { detail: 'unknown message' }) });
    if (msg.n === undefined) return this.handleMessage(ws, msg);
    const handled = this.inOrder(ws).take(msg.n, msg);
    if (handled) return handled;
    // A gap that never fills: the client reconnects and numbers afresh.
    this.closeSocket(ws, POLICY_VIOLATION, 'messages out of step');
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
    const meta = this.requireMeta();
    const me = this.attachment(ws);
    if ('pcm' in msg) {
      if (me.role !== 'host') return this.send(ws, { type: 'error', ...this.problem(ws, Code.FORBIDDEN, 'hostOnly') });
      // Messages come in the order they were sent, so audio outside a running meeting was sent while paused
      // or after a refused start: nobody meant it to be heard.
      if (meta.status === 'in_progress') this.hear(msg.pcm);
      return;
    }
    if (msg.type === 'language') {
      if (msg.language && !(await this.languageAllowed(ws, msg.language))) return;
      ws.serializeAttachment({ ...me, language: msg.language });
      if (msg.language) await this.backfill(msg.language);
      return;
    }
    if (me.role !== 'host') return this.send(ws, { type: 'error', ...this.problem(ws, Code.FORBIDDEN, 'hostOnly') });
    await this.control(ws, msg.action);
  }

  override async webSocketClose(ws: WebSocket, code: number) {
    // A client that vanished (1005/1006) gets a normal close back, as the runtime expects an answer.
    this.closeSocket(ws, code === 1005 || code === 1006 ? 1000 : code, '');
    await this.left(ws);
  }

  override async webSocketError(ws: WebSocket) {
    await this.left(ws);
  }

  private async left(ws: WebSocket) {
    const meta = this.meta;
    if (!meta) return;
    if (this.attachment(ws).role === 'host' && meta.status === 'in_progress' && this.sockets('host', ws).length === 0) {
      const grace = Number(this.env.MEETING_HOST_GRACE_SECONDS) || MEETING.hostGraceSeconds;
      await this.setTimer('hostGrace', Date.now() + grace * 1000);
    }
    this.broadcastViewers(ws);
  }

  // ------------------------------------------------------------------------------------------------------
  // State

  private async control(ws: WebSocket, action: ControlAction) {
    const meta = this.requireMeta();
    const from: Record<ControlAction, MeetingStatus[]> = {
      start: ['not_started'],
      pause: ['in_progress'],
      resume: ['paused'],
      end: ['not_started', 'in_progress', 'paused'],
    };
    const target: Record<ControlAction, MeetingStatus> = { start: 'in_progress', pause: 'paused', resume: 'in_progress', end: 'ended' };
    if (meta.status === target[action]) return this.send(ws, this.stateMessage());
    if (!from[action].includes(meta.status)) {
      return this.send(ws, { type: 'error', ...this.problem(ws, Code.CONFLICT, 'meetingNotLive', { status: meta.status }) });
    }
    if (action === 'end') return this.end();
    if (action === 'pause') return this.pause();
    try {
      await check(database(this.env.DB), meta.userId, 'realtime', 60);
    } catch (err) {
      if (err instanceof ApiError) return this.send(ws, { type: 'error', ...this.problem(ws, err.code, err.key, err.params) });
      throw err;
    }
    meta.status = 'in_progress';
    await this.setStatus('in_progress');
  }

  private async pause(reason?: { code: number; key: MessageKey; params?: MessageParams }) {
    const meta = this.requireMeta();
    if (meta.status !== 'in_progress') return;
    // The recogniser finishes what it was sent in the background; ending waits for it.
    const draining = this.endStream().finally(() => this.draining.delete(draining));
    this.draining.add(draining);
    await this.setStatus('paused', reason);
  }

  private async end() {
    const meta = this.requireMeta();
    if (meta.status !== 'ended') {
      meta.status = 'ended';
      await this.save();
      await this.endStream();
      await Promise.all(this.draining);
      await this.charging;
      await this.chargeRest();
    }
    // Everything below is safe to repeat: a stop after an abnormal close repairs what was left undone.
    await this.recorder().finish();
    // A translation that hangs must not hold the end up: one stored later goes to D1 on the flush timer.
    await Promise.race([Promise.all(this.translating), new Promise((resolve) => setTimeout(resolve, END_WAIT.maxMs))]);
    if (meta.gaps?.length) {
      // The record reads `finishing` until the rest is recognised from the stored audio (see complete()).
      await this.flushAll();
      await this.setStatus('ended', undefined, 'finishing');
      await this.setTimer('complete', Date.now());
    } else {
      await this.finishRecord();
    }
    await screenCodes(this.env).release(meta.id);
    for (const ws of this.ctx.getWebSockets()) this.closeSocket(ws, CLOSE.ended, 'meeting ended');
    await this.clearTimer('hostGrace');
  }

  /** The lines in order and stored, the minutes' translation set, the record ended and its minutes queued. */
  private async finishRecord() {
    const meta = this.requireMeta();
    this.lines.settle(meta.durationMs);
    await this.flushAll();
    const translationLanguage = this.lines.mainTranslation(meta.targetLanguages);
    // Once: an owner who later adds another translation keeps it through a repeated end (a repair).
    await database(this.env.DB)
      .update(records)
      .set({ translationLanguage })
      .where(and(eq(records.id, meta.id), isNull(records.translationLanguage)));
    await this.setStatus('ended');
    await this.queueMinutes();
  }

  /**
   * Recognises what the live recogniser left out from the meeting's stored audio, as a file piece is
   * recognised, adds those lines (translated like the rest), then finishes the record. Run by the alarm,
   * so it survives eviction; a failure is retried a few times before the record ends with what it has.
   */
  private async complete() {
    const meta = this.requireMeta();
    try {
      for (let gap = meta.gaps?.[0]; gap; gap = meta.gaps?.[0]) {
        const segments = await recogniseGap(this.env, meta.id, gap, meta.sourceLanguage, meta.vocabulary?.hotwords ?? []);
        const lines: LiveLine[] = [];
        for (const segment of segments) lines.push(await this.addFinal(segment, false));
        meta.gaps = meta.gaps?.slice(1);
        await this.save();
        const languages = new Set([...meta.targetLanguages, ...this.lines.translatedInto()]);
        await Promise.all([...languages].map((language) => this.translateLines(language, lines)));
      }
    } catch (err) {
      console.error('meeting transcript not finished; retrying', meta.id, String(err));
      if (++this.completeTries < COMPLETE_TRIES) return this.setTimer('complete', Date.now() + COMPLETE_RETRY_MS);
      meta.gaps = [];
    }
    await this.finishRecord();
  }

  /** Minutes are queued once per meeting: a repeated end (a repair) finds them already made or under way. */
  private async queueMinutes() {
    const meta = this.requireMeta();
    const db = database(this.env.DB);
    try {
      if (await hasTranscript(db, meta.id)) await queueSummary(db, queueSender(this.env.JOBS), { id: meta.id, userId: meta.userId }, { once: true });
    } catch (err) {
      // The meeting ends all the same; its owner can still ask for the minutes on the record page.
      console.error('meeting minutes not queued', meta.id, String(err));
    }
  }

  /** The room's state, told to every socket; the record may read `finishing` while an ended meeting's transcript is completed. */
  private async setStatus(status: MeetingStatus, reason?: { code: number; key: MessageKey; params?: MessageParams }, recordStatus: RecordStatus = status) {
    const meta = this.requireMeta();
    meta.status = status;
    await this.save();
    const db = database(this.env.DB);
    const now = Date.now();
    const meeting = eq(meetings.recordId, meta.id);
    await db.batch([
      db
        .update(records)
        .set({ status: recordStatus, durationMs: Math.round(meta.durationMs), updatedAt: now })
        .where(eq(records.id, meta.id)),
      ...(status === 'in_progress'
        ? [
            db
              .update(meetings)
              .set({ startedAt: sql`coalesce(${meetings.startedAt}, ${now})` })
              .where(meeting),
          ]
        : []),
      ...(status === 'ended' ? [db.update(meetings).set({ endedAt: now, screenCode: null, inviteOpen: false }).where(meeting)] : []),
    ]);
    for (const ws of this.ctx.getWebSockets()) {
      const { locale } = this.attachment(ws);
      this.send(ws, this.stateMessage(reason && { code: reason.code, msg: translate(locale, reason.key, reason.params) }));
    }
  }

  // ------------------------------------------------------------------------------------------------------
  // Audio and recognition

  private hear(frame: ArrayBuffer) {
    const meta = this.requireMeta();
    const session = this.stream ?? this.openStream();
    this.recorder().add(frame);
    meta.durationMs += frame.byteLength / BYTES_PER_MS;
    session.send(frame, Math.round(meta.durationMs));
    if (session.gauge.hopeless(this.maxLagMs)) this.skipAhead(session);
    else this.announceLag(session.gauge.change());
    if (Math.floor(meta.durationMs / 60_000) > meta.chargedMinutes) {
      this.charging = this.charging.then(() => this.chargeMinutes()).catch((err) => console.error('meeting charge failed', meta.id, String(err)));
    }
  }

  private openStream(): RecogniserSession {
    const meta = this.requireMeta();
    const session: RecogniserSession = new RecogniserSession(
      meta.durationMs,
      () => providers(this.env).stream.open(meta.sourceLanguage, { embeddings: true, hotwords: meta.vocabulary?.hotwords ?? [] }),
      (m) => this.recognised(session, m),
      (detail) => void this.streamFailed(session, detail),
    );
    this.stream = session;
    return session;
  }

  /** Ends the current connection to the recogniser (see RecogniserSession.finish); what it left out becomes a gap. */
  private async endStream() {
    const session = this.stream;
    if (!session) return;
    this.stream = undefined;
    this.announceLag(session.gauge.clear());
    const gap = await session.finish(this.endWait);
    if (gap) {
      console.error('meeting recogniser did not close in time; the rest is recognised from the audio', this.requireMeta().id, gap);
      await this.addGap(gap);
    }
  }

  /** Lets a hopelessly late connection go at once (what it had not recognised becomes a gap); the next frame opens a fresh one. */
  private skipAhead(session: RecogniserSession) {
    this.stream = undefined;
    this.announceLag(session.gauge.clear());
    const drained: Promise<void> = session
      .finish({ quietMs: 0, maxMs: 0 })
      .then((gap) => this.addGap(gap))
      .finally(() => this.draining.delete(drained));
    this.draining.add(drained);
  }

  private async addGap(gap: Gap | undefined) {
    const meta = this.requireMeta();
    if (!gap) return;
    meta.gaps = withGap(meta.gaps ?? [], gap);
    await this.save();
  }

  private async streamFailed(session: RecogniserSession, detail: string) {
    session.close();
    if (this.stream !== session) return;
    this.stream = undefined;
    this.announceLag(session.gauge.clear());
    await this.addGap(session.unheard());
    await this.pause({ code: Code.UNAVAILABLE, key: 'recogniserUnavailable', params: { detail } });
  }

  /** One message of the recogniser's, its times already on the meeting's clock. */
  private async recognised(session: RecogniserSession, m: StreamServerMessage) {
    if (this.stream === session) this.announceLag(session.gauge.change());
    if (m.type === 'partial') {
      // Behind the speech, or from a connection let go, a partial shows words long said: finals go first.
      if (m.text.trim() && this.stream === session && !session.gauge.behind)
        this.broadcast({ type: 'partial', text: this.mask()(m.text), start: ms(m.start), end: ms(m.end) });
    } else if (m.type === 'final') {
      if (m.text.trim()) await this.addFinal(m);
    } else if (m.type === 'error') {
      await this.streamFailed(session, m.message);
    } else if (m.type === 'closed') {
      session.close();
      if (this.stream === session) this.stream = undefined;
    }
  }

  private announceLag(seconds: number | undefined) {
    if (seconds !== undefined) this.broadcast({ type: 'lag', seconds });
  }

  /**
   * Stores, broadcasts and (beside recognition, so the next final never waits for it) translates a final
   * whose times are on the meeting's clock. Its span is kept after the line before it and inside the audio.
   */
  private async addFinal(segment: TranscriptSegment, live = true): Promise<LiveLine> {
    const meta = this.requireMeta();
    let label = segment.speaker;
    if (!label && segment.embedding) {
      const assigned = assignSpeaker(meta.speakers ?? emptySpeakers, segment.embedding, { seconds: segment.end - segment.start });
      label = assigned.label;
      meta.speakers = assigned.state;
    }
    const speaker = label ? translate(meta.locale, 'speakerName', { n: label }) : '';
    // Lines recognised after the meeting may fall anywhere in it: settle() orders them all at the end.
    const line = this.lines.add(
      { seq: meta.nextSeq++, start: ms(segment.start), end: ms(segment.end), text: this.mask()(segment.text.trim()), speaker, translations: {} },
      meta.durationMs,
      live,
    );
    await this.save();
    if (!live) return line;
    this.broadcast({ type: 'final', line });
    await this.scheduleFlush();
    const translating = this.wantedLanguages()
      .then((languages) => Promise.all(languages.map((language) => this.translateLines(language, [line]))))
      .then(() => undefined)
      .finally(() => this.translating.delete(translating));
    this.translating.add(translating);
    return line;
  }

  // ------------------------------------------------------------------------------------------------------
  // Translation

  private async availableTargets() {
    const meta = this.requireMeta();
    if (!this.pairs || Date.now() - this.pairs.at > PAIRS_TTL_MS) {
      const list = providers(this.env).translate.pairs();
      list.catch(() => (this.pairs = undefined));
      this.pairs = { at: Date.now(), list };
    }
    const pairs = await this.pairs.list.catch(() => []);
    return pairs.filter((p) => p.from === meta.sourceLanguage).map((p) => p.to);
  }

  /** The meeting's languages and every language a connected viewer chose, as far as they can be served. */
  private async wantedLanguages() {
    const meta = this.requireMeta();
    const wanted = new Set(meta.targetLanguages);
    for (const ws of this.ctx.getWebSockets()) {
      const { language } = this.attachment(ws);
      if (language) wanted.add(language);
    }
    const available = new Set(await this.availableTargets());
    return [...wanted].filter((l) => available.has(l));
  }

  /**
   * The owner's plan caps a meeting's translation languages (translateCount, spec §6): the host's picks and
   * every viewer's live pick together, the asking viewer's current pick not counted (they are switching
   * from it). A language someone already reads stays open to everyone; one more is refused to the asker.
   */
  private async languageAllowed(ws: WebSocket, language: string) {
    const meta = this.requireMeta();
    const inUse = new Set(meta.targetLanguages);
    for (const other of this.ctx.getWebSockets()) {
      const picked = other === ws ? null : this.attachment(other).language;
      if (picked) inUse.add(picked);
    }
    inUse.delete(meta.sourceLanguage);
    if (language === meta.sourceLanguage || inUse.has(language)) return true;
    const { translateCount } = await permissions(database(this.env.DB), meta.userId);
    if (inUse.size < translateCount) return true;
    this.send(ws, {
      type: 'error',
      ...this.problem(ws, Code.NO_SUCH_BENEFIT, 'meetingLanguagesFull', { count: translateCount, languages: [...inUse].join(', ') }),
    });
    return false;
  }

  /** A viewer chose a language: translate the recent lines that lack it, so their screen fills at once. */
  private async backfill(language: string) {
    if (!(await this.availableTargets()).includes(language)) return;
    const lines = this.lines.recent().filter((l) => l.translations[language] === undefined);
    if (lines.length) await this.translateLines(language, lines);
  }

  private async translateLines(language: string, lines: LiveLine[]) {
    const meta = this.requireMeta();
    let texts: string[];
    try {
      texts = await providers(this.env).translate.translate(
        meta.sourceLanguage,
        language,
        lines.map((l) => l.text),
        meta.vocabulary?.terms ?? [],
      );
    } catch (err) {
      console.error('meeting translation failed', meta.id, language, String(err));
      return;
    }
    const mask = this.mask(language);
    lines.forEach((line, i) => {
      const text = mask(texts[i] ?? '');
      if (this.lines.translate(line.seq, language, text)) this.broadcast({ type: 'translation', seq: line.seq, language, text });
    });
    await this.scheduleFlush();
  }

  // ------------------------------------------------------------------------------------------------------
  // Persistence

  private async scheduleFlush() {
    if (!this.requireMeta().timers.flush) await this.setTimer('flush', Date.now() + FLUSH_DELAY_MS);
  }

  private async flushAll() {
    const meta = this.requireMeta();
    while ((await this.lines.flush(this.env.DB, meta.id, meta.durationMs)) > 0);
  }

  // ------------------------------------------------------------------------------------------------------
  // Charging

  private async chargeMinutes() {
    const meta = this.requireMeta();
    const db = database(this.env.DB);
    while (Math.floor(meta.durationMs / 60_000) > meta.chargedMinutes) {
      await charge(this.env.DB, db, meta.userId, 'realtime', 60, `meeting:${meta.id}:${meta.chargedMinutes}`);
      meta.chargedMinutes++;
      await this.save();
    }
    if (meta.status !== 'in_progress') return;
    try {
      await check(db, meta.userId, 'realtime', 60);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      await this.pause({ code: err.code, key: err.key, params: err.params });
    }
  }

  /** The seconds after the last whole minute, charged once when the meeting ends. */
  private async chargeRest() {
    const meta = this.requireMeta();
    await this.chargeMinutes();
    const seconds = Math.ceil((meta.durationMs - meta.chargedMinutes * 60_000) / 1000);
    if (seconds > 0) await charge(this.env.DB, database(this.env.DB), meta.userId, 'realtime', seconds, `meeting:${meta.id}:rest`);
  }

  // ------------------------------------------------------------------------------------------------------
  // Timers: one alarm, set to the earliest pending timer.

  private async setTimer(name: TimerName, at: number) {
    this.requireMeta().timers[name] = at;
    await this.save();
    await this.armAlarm();
  }

  private async clearTimer(name: TimerName) {
    const meta = this.requireMeta();
    if (meta.timers[name] === undefined) return;
    delete meta.timers[name];
    await this.save();
    await this.armAlarm();
  }

  private async armAlarm() {
    const times = Object.values(this.requireMeta().timers);
    if (times.length) await this.ctx.storage.setAlarm(Math.min(...times));
    else await this.ctx.storage.deleteAlarm();
  }

  override async alarm() {
    const meta = this.meta;
    if (!meta) return;
    const now = Date.now();
    const due = (Object.entries(meta.timers) as [TimerName, number][]).filter(([, at]) => at <= now).map(([name]) => name);
    for (const name of due) delete meta.timers[name];
    await this.save();
    for (const name of due) {
      if (name === 'flush') {
        try {
          await this.flushAll();
        } catch (err) {
          console.error('meeting flush failed; retrying', meta.id, String(err));
          meta.timers.flush = Date.now() + FLUSH_RETRY_MS;
          await this.save();
        }
      } else if (name === 'hostGrace' && this.sockets('host').length === 0) {
        await this.pause({ code: Code.OK, key: 'hostAway' });
      } else if (name === 'complete') {
        await this.complete();
      }
    }
    await this.armAlarm();
  }

  // ------------------------------------------------------------------------------------------------------
  // Helpers

  private recorder() {
    const meta = this.requireMeta();
    this.recorderOf ??= new MeetingRecorder(this.ctx.storage.sql, this.env.MEDIA, meta.id, meta.recording, () => this.save());
    return this.recorderOf;
  }

  /** The meeting's sensitive-word masker for a language (the source language by default), built once each. */
  private mask(language?: string) {
    const meta = this.requireMeta();
    const key = language ?? meta.sourceLanguage;
    let masker = this.maskers.get(key);
    if (!masker) {
      masker = sensitiveMasker(meta.vocabulary?.sensitive ?? [], key);
      this.maskers.set(key, masker);
    }
    return masker;
  }

  private requireMeta(): RoomMeta {
    if (!this.meta) throw new Error('meeting room used before init');
    return this.meta;
  }

  private async save() {
    await this.ctx.storage.put('meta', this.meta);
  }

  private attachment(ws: WebSocket): Attachment {
    return ws.deserializeAttachment() as Attachment;
  }

  /** Open sockets of a role, leaving out one that is closing. */
  private sockets(role: SocketRole, except?: WebSocket) {
    return this.ctx.getWebSockets(role).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  private problem(ws: WebSocket, code: number, key: MessageKey, params?: MessageParams): SocketProblem {
    return { code, msg: translate(this.attachment(ws).locale, key, params) };
  }

  private summary(): MeetingSummary {
    const m = this.requireMeta();
    return {
      id: m.id,
      name: m.name,
      status: m.status,
      mode: m.mode,
      sourceLanguage: m.sourceLanguage,
      targetLanguages: m.targetLanguages,
      durationMs: Math.round(m.durationMs),
      createdAt: m.createdAt,
    };
  }

  private stateMessage(reason?: SocketProblem): ServerMessage {
    const meta = this.requireMeta();
    return { type: 'state', status: meta.status, durationMs: Math.round(meta.durationMs), ...(reason ? { reason } : {}) };
  }

  private async welcome(me: Attachment): Promise<ServerMessage> {
    return { type: 'welcome', role: me.role, meeting: this.summary(), lines: this.lines.recent(), languages: await this.availableTargets() };
  }

  private send(ws: WebSocket, msg: ServerMessage) {
    try {
      ws.send(JSON.stringify(msg));
    } catch {
      // The socket closed meanwhile; its close handler tidies up.
    }
  }

  private broadcast(msg: ServerMessage) {
    const data = JSON.stringify(msg);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(data);
      } catch {
        // As in send().
      }
    }
  }

  private broadcastViewers(except?: WebSocket) {
    this.broadcast({ type: 'viewers', participants: this.sockets('participant', except).length, projections: this.sockets('projection', except).length });
  }

  private closeSocket(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }
}
