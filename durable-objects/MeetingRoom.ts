import { DurableObject } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import type { StreamServerMessage, TranscriptSegment } from '../contracts/engine';
import { Code } from '../contracts/errors';
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
import { providers, type LiveStream } from '../worker/services/providers';
import { charge, check, permissions } from '../worker/services/rights';
import { hasTranscript, queueSummary } from '../worker/services/summary';
import { queueSender } from '../worker/services/transcription/submit';
import { InOrder } from './in-order';
import { MeetingRecorder, type RecordingState } from './meeting-audio';

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
 * - queue the meeting's AI minutes once it has ended and its lines are stored;
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
}

type TimerName = 'flush' | 'hostGrace';

interface Attachment {
  role: SocketRole;
  locale: Locale;
  /** The translation language this viewer wants, if any. */
  language: string | null;
}

/** A connection to the live recogniser; times it reports are offset by the audio heard before it opened. */
interface StreamSession {
  offsetMs: number;
  live?: LiveStream;
  /** Settles once the connection is open (with it) or has failed (without). */
  opened: Promise<LiveStream | undefined>;
  /** Frames that arrived while the connection was being opened. */
  queued: ArrayBuffer[];
  /** The recogniser's messages, handled one after another in the order they came (a final's line, translations and all). */
  handled: Promise<void>;
  /** When the recogniser last said anything: ending waits while it is still talking. */
  heardAt: number;
  isClosed: boolean;
  closed: Promise<void>;
  markClosed(): void;
}

const FLUSH_DELAY_MS = 2000;
const FLUSH_RETRY_MS = 5000;
const FLUSH_BATCH = 50;
/** Bytes per millisecond of 16 kHz mono PCM16. */
const BYTES_PER_MS = (MEETING.sampleRate * 2) / 1000;
/**
 * Ending waits for the recogniser's last finals and its close. It may be behind (audio arrives faster than
 * real time after a reconnect, or the machine is busy), so the wait lasts while it keeps talking (partials
 * while it decodes, and the engine's `working` every 2 s after the end), up to a hard bound.
 */
const END_QUIET_MS = 15_000;
const END_MAX_WAIT_MS = 60_000;
const PAIRS_TTL_MS = 60_000;
/** Messages that may wait for one sent before them: as many frames as a client buffers through a drop (60 s). */
const MAX_PARKED = (60 * 1000) / MEETING.frameMs;

/** WebSocket close code for a client that broke the protocol. */
const POLICY_VIOLATION = 1008;

type AudioFrame = NonNullable<ReturnType<typeof readAudioFrame>>;

const toMs = (offset: number, seconds: number) => Math.round(offset + seconds * 1000);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class MeetingRoom extends DurableObject<Env> {
  private meta: RoomMeta | undefined;
  private stream: StreamSession | undefined;
  private recorderOf: MeetingRecorder | undefined;
  /** Each socket's message order; a socket opened here starts at 0, one found after eviction where it goes on. */
  private orders = new WeakMap<WebSocket, InOrder<ClientMessage | AudioFrame>>();
  private pairs: { at: number; list: Promise<{ from: string; to: string }[]> } | undefined;
  /** Charges run one after another so a minute is never checked before the previous one is written. */
  private charging: Promise<void> = Promise.resolve();
  private maskers = new Map<string, (text: string) => string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT.ping, HEARTBEAT.pong));
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS finals (
        seq INTEGER PRIMARY KEY, start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL, text TEXT NOT NULL,
        speaker TEXT NOT NULL DEFAULT '', translations TEXT NOT NULL DEFAULT '{}',
        version INTEGER NOT NULL DEFAULT 1, flushed_version INTEGER NOT NULL DEFAULT 0)`);
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
    const pending = this.ctx.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM finals WHERE version > flushed_version').one().n;
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
    void this.endStream();
    await this.setStatus('paused', reason);
  }

  private async end() {
    const meta = this.requireMeta();
    if (meta.status !== 'ended') {
      meta.status = 'ended';
      await this.save();
      await this.endStream();
      await this.charging;
      await this.chargeRest();
    }
    // Everything below is safe to repeat: a stop after an abnormal close repairs what was left undone.
    await this.recorder().finish();
    await this.flushAll();
    await this.setStatus('ended');
    await this.queueMinutes();
    await screenCodes(this.env).release(meta.id);
    for (const ws of this.ctx.getWebSockets()) this.closeSocket(ws, CLOSE.ended, 'meeting ended');
    await this.clearTimer('hostGrace');
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

  private async setStatus(status: MeetingStatus, reason?: { code: number; key: MessageKey; params?: MessageParams }) {
    const meta = this.requireMeta();
    meta.status = status;
    await this.save();
    const db = database(this.env.DB);
    const now = Date.now();
    const meeting = eq(meetings.recordId, meta.id);
    await db.batch([
      db
        .update(records)
        .set({ status, durationMs: Math.round(meta.durationMs), updatedAt: now })
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
    if (session.live) session.live.send(frame);
    else session.queued.push(frame);
    this.recorder().add(frame);
    meta.durationMs += frame.byteLength / BYTES_PER_MS;
    if (Math.floor(meta.durationMs / 60_000) > meta.chargedMinutes) {
      this.charging = this.charging.then(() => this.chargeMinutes()).catch((err) => console.error('meeting charge failed', meta.id, String(err)));
    }
  }

  private openStream(): StreamSession {
    const meta = this.requireMeta();
    let markClosed!: () => void;
    const closed = new Promise<void>((resolve) => (markClosed = resolve));
    const session: StreamSession = {
      offsetMs: meta.durationMs,
      queued: [],
      handled: Promise.resolve(),
      heardAt: Date.now(),
      isClosed: false,
      closed,
      markClosed: () => {
        session.isClosed = true;
        markClosed();
      },
      opened: Promise.resolve(undefined),
    };
    this.stream = session;
    session.opened = providers(this.env)
      .stream.open(meta.sourceLanguage, { embeddings: true, hotwords: meta.vocabulary?.hotwords ?? [] })
      .then((live) => {
        live.onMessage((m) => {
          session.heardAt = Date.now();
          session.handled = session.handled
            .then(() => this.recognised(session, m))
            .catch((err) => console.error('meeting recognition failed', meta.id, String(err)));
        });
        session.live = live;
        for (const frame of session.queued.splice(0)) live.send(frame);
        return live;
      })
      .catch((err: Error) => {
        void this.streamFailed(session, err.message);
        return undefined;
      });
    return session;
  }

  /**
   * Tells the recogniser the audio is over (after everything sent before, including frames queued while it
   * was connecting), waits until it has delivered its last finals and closed (see END_QUIET_MS), and until
   * those finals are stored, broadcast and translated.
   */
  private async endStream() {
    const session = this.stream;
    if (!session) return;
    this.stream = undefined;
    const started = Date.now();
    const live = await Promise.race([session.opened, sleep(END_MAX_WAIT_MS).then(() => undefined)]);
    if (live) {
      live.end();
      session.heardAt = Date.now();
      while (!session.isClosed) {
        const left = Math.min(END_QUIET_MS - (Date.now() - session.heardAt), END_MAX_WAIT_MS - (Date.now() - started));
        if (left <= 0) {
          console.error('meeting recogniser did not close in time', this.requireMeta().id);
          break;
        }
        await Promise.race([session.closed, sleep(left)]);
      }
      live.close();
    }
    session.markClosed();
    await session.handled;
  }

  private async streamFailed(session: StreamSession, detail: string) {
    session.markClosed();
    if (this.stream !== session) return;
    this.stream = undefined;
    await this.pause({ code: Code.UNAVAILABLE, key: 'recogniserUnavailable', params: { detail } });
  }

  private async recognised(session: StreamSession, m: StreamServerMessage) {
    if (m.type === 'partial') {
      if (m.text.trim())
        this.broadcast({ type: 'partial', text: this.mask()(m.text), start: toMs(session.offsetMs, m.start), end: toMs(session.offsetMs, m.end) });
    } else if (m.type === 'final') {
      if (m.text.trim()) await this.addFinal(session, m);
    } else if (m.type === 'error') {
      await this.streamFailed(session, m.message);
    } else if (m.type === 'closed') {
      session.markClosed();
      if (this.stream === session) this.stream = undefined;
    }
  }

  private async addFinal(session: StreamSession, segment: TranscriptSegment) {
    const meta = this.requireMeta();
    let label = segment.speaker;
    if (!label && segment.embedding) {
      const assigned = assignSpeaker(meta.speakers ?? emptySpeakers, segment.embedding, { seconds: segment.end - segment.start });
      label = assigned.label;
      meta.speakers = assigned.state;
    }
    const speaker = label ? translate(meta.locale, 'speakerName', { n: label }) : '';
    const line: LiveLine = {
      seq: meta.nextSeq++,
      start: toMs(session.offsetMs, segment.start),
      end: toMs(session.offsetMs, segment.end),
      text: this.mask()(segment.text.trim()),
      speaker,
      translations: {},
    };
    this.ctx.storage.sql.exec(
      'INSERT INTO finals (seq, start_ms, end_ms, text, speaker) VALUES (?, ?, ?, ?, ?)',
      line.seq,
      line.start,
      line.end,
      line.text,
      line.speaker,
    );
    await this.save();
    this.broadcast({ type: 'final', line });
    await this.scheduleFlush();
    await Promise.all((await this.wantedLanguages()).map((language) => this.translateLines(language, [line])));
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
    const lines = this.recentLines().filter((l) => l.translations[language] === undefined);
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
      // Read and write in one synchronous step, so translations into two languages never overwrite each other.
      const row = this.ctx.storage.sql.exec<{ translations: string }>('SELECT translations FROM finals WHERE seq = ?', line.seq).toArray()[0];
      if (!row) return;
      const translations = { ...(JSON.parse(row.translations) as Record<string, string>), [language]: text };
      this.ctx.storage.sql.exec('UPDATE finals SET translations = ?, version = version + 1 WHERE seq = ?', JSON.stringify(translations), line.seq);
      this.broadcast({ type: 'translation', seq: line.seq, language, text });
    });
    await this.scheduleFlush();
  }

  private recentLines(): LiveLine[] {
    return this.ctx.storage.sql
      .exec<{ seq: number; start_ms: number; end_ms: number; text: string; speaker: string; translations: string }>(
        'SELECT seq, start_ms, end_ms, text, speaker, translations FROM finals ORDER BY seq DESC LIMIT ?',
        MEETING.recentLines,
      )
      .toArray()
      .reverse()
      .map((r) => ({
        seq: r.seq,
        start: r.start_ms,
        end: r.end_ms,
        text: r.text,
        speaker: r.speaker,
        translations: JSON.parse(r.translations) as Record<string, string>,
      }));
  }

  // ------------------------------------------------------------------------------------------------------
  // Persistence

  private async scheduleFlush() {
    if (!this.requireMeta().timers.flush) await this.setTimer('flush', Date.now() + FLUSH_DELAY_MS);
  }

  /** Writes changed lines to D1, oldest first; a line counts as written only for the version D1 received. */
  private async flush(limit = FLUSH_BATCH) {
    const meta = this.requireMeta();
    const rows = this.ctx.storage.sql
      .exec<{ seq: number; start_ms: number; end_ms: number; text: string; speaker: string; translations: string; version: number }>(
        'SELECT seq, start_ms, end_ms, text, speaker, translations, version FROM finals WHERE version > flushed_version ORDER BY seq LIMIT ?',
        limit,
      )
      .toArray();
    if (!rows.length) return 0;
    const d1 = this.env.DB;
    await d1.batch([
      ...rows.map((r) =>
        d1
          .prepare(
            `INSERT INTO segments (record_id, seq, start_ms, end_ms, text, translations, speaker)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM records WHERE id = ?1)
             ON CONFLICT (record_id, seq) DO UPDATE SET start_ms = excluded.start_ms, end_ms = excluded.end_ms,
               text = excluded.text, translations = excluded.translations, speaker = excluded.speaker`,
          )
          .bind(meta.id, r.seq, r.start_ms, r.end_ms, r.text, r.translations, r.speaker),
      ),
      d1.prepare('UPDATE records SET duration_ms = ?2, updated_at = ?3 WHERE id = ?1').bind(meta.id, Math.round(meta.durationMs), Date.now()),
    ]);
    for (const r of rows) this.ctx.storage.sql.exec('UPDATE finals SET flushed_version = ? WHERE seq = ?', r.version, r.seq);
    return rows.length;
  }

  private async flushAll() {
    while ((await this.flush()) > 0);
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
    return { type: 'welcome', role: me.role, meeting: this.summary(), lines: this.recentLines(), languages: await this.availableTargets() };
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
