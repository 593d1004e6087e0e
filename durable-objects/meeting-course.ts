import type { TranscriptSegment } from '../contracts/engine';
import { CLOSE, type LiveLine, type MeetingStatus, type MeetingSummary, type ServerMessage, type SocketRole } from '../contracts/meeting';
import type { RecordStatus } from '../contracts/record-vocabulary';
import { translate, type MessageKey, type MessageParams } from '../worker/lib/i18n';
import { screenCodes } from '../worker/services/meetings';
import { emitWebhookEvent } from '../worker/services/webhooks/deliveries';
import { MeetingRecorder } from './meeting-audio';
import type { MeetingBilling } from './meeting-billing';
import { recogniseGap } from './meeting-completion';
import type { LiveSummaries } from './live-summary';
import type { MeetingFinals } from './meeting-finals';
import type { MetaStore, TimerName } from './meeting-meta';
import { screenChoices } from './meeting-screen-choices';
import type { LiveRecognition } from './meeting-recognition';
import type { RoomSockets } from './meeting-sockets';
import { mirrorStatus, queueMinutes, setMainTranslation } from './meeting-status';
import { END_WAIT } from './meeting-stream';
import type { RoomTimers } from './meeting-timers';
import type { LiveTranslation } from './meeting-translation';

/**
 * A meeting's course, from the first frame to the finished record. While it runs: each frame of the host's
 * audio is recorded, recognised and paid for; each final is stored and translated; a socket let in is
 * welcomed with the meeting, its recent lines and its languages. Each change of status (meeting-status.ts) is
 * stored, mirrored to D1 and told to every socket, with a reason in each socket's language when the room (not
 * the host) made it. A pause lets live recognition finish in the background. The end stops recognition and
 * settles the bill, closes the recording, waits a bounded while for translations, then finishes the record:
 * at once, or — when the live recogniser left gaps — on the `complete` timer, recognising them from the stored
 * audio first (retried a few times; the record reads `finishing` meanwhile). Ending again repairs whatever an
 * abnormal close left undone.
 */

/** Finishing the transcript is retried this often, then the meeting ends with the lines it has. */
const COMPLETE_RETRY_MS = 30_000;
const COMPLETE_TRIES = 5;

export type Reason = { code: number; key: MessageKey; params?: MessageParams };

export interface CourseParts {
  sockets: RoomSockets;
  timers: RoomTimers<TimerName>;
  finals: MeetingFinals;
  translation: LiveTranslation;
  recognition: LiveRecognition;
  billing: MeetingBilling;
  liveSummary: LiveSummaries;
}

export class MeetingCourse {
  private completeTries = 0;
  private recording: MeetingRecorder | undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly env: Env,
    private readonly room: MetaStore,
    private readonly parts: CourseParts,
  ) {}

  /** The meeting's audio as it is kept for the record (created once the room knows its meeting). */
  private recorder() {
    const meta = this.room.meta;
    this.recording ??= new MeetingRecorder(this.sql, this.env.MEDIA, meta.id, meta.recording, () => this.room.save());
    return this.recording;
  }

  /** A frame of the host's audio while the meeting is in progress: recorded, recognised, paid for. */
  hear(frame: ArrayBuffer) {
    this.recorder().add(frame);
    this.parts.recognition.hear(frame);
    this.parts.billing.heard();
  }

  /** Stores a final; a live one is translated into every language wanted with the flush it schedules. */
  async addFinal(segment: TranscriptSegment, live: boolean): Promise<LiveLine> {
    return this.parts.finals.add(segment, live);
  }

  /** What a socket let in is told first: the meeting, its recent lines and the languages it can be read in. */
  async welcome(role: SocketRole): Promise<ServerMessage> {
    const { id, name, status, mode, sourceLanguage, targetLanguages, durationMs, createdAt } = this.room.meta;
    const meeting: MeetingSummary = { id, name, status, mode, sourceLanguage, targetLanguages, durationMs: Math.round(durationMs), createdAt };
    return {
      type: 'welcome',
      role,
      meeting,
      lines: this.parts.finals.lines.recent(),
      languages: await this.parts.translation.targets(),
      ...screenChoices(this.room.meta),
    };
  }

  stateMessage(reason?: { code: number; msg: string }): ServerMessage {
    const { status, durationMs } = this.room.meta;
    return { type: 'state', status, durationMs: Math.round(durationMs), ...(reason ? { reason } : {}) };
  }

  /** The room's state, told to every socket; the record may read `finishing` while an ended meeting's transcript is completed. */
  async setStatus(status: MeetingStatus, reason?: Reason, recordStatus: RecordStatus = status) {
    const meta = this.room.meta;
    meta.status = status;
    await this.room.save();
    await mirrorStatus(this.env, meta.id, status, meta.durationMs, recordStatus);
    this.parts.sockets.each(({ locale }) => this.stateMessage(reason && { code: reason.code, msg: translate(locale, reason.key, reason.params) }));
  }

  async pause(reason?: Reason) {
    if (this.room.meta.status !== 'in_progress') return;
    this.parts.recognition.pause();
    await this.setStatus('paused', reason);
  }

  async end() {
    const { room, parts } = this;
    const meta = room.meta;
    if (meta.status !== 'ended') {
      meta.status = 'ended';
      await room.save();
      await parts.recognition.end();
      await parts.billing.settle();
      await emitWebhookEvent(this.env, meta.userId, 'meeting.ended', { recordId: meta.id, durationMs: meta.durationMs });
    }
    // Everything below is safe to repeat: a stop after an abnormal close repairs what was left undone.
    await this.recorder().finish();
    // A translation that hangs must not hold the end up: one stored later goes to D1 on the flush timer.
    await parts.translation.settle(END_WAIT.maxMs);
    if (meta.gaps?.length) {
      // The record reads `finishing` until the rest is recognised from the stored audio (see complete()).
      await parts.finals.flushAll();
      await this.setStatus('ended', undefined, 'finishing');
      await parts.timers.set('complete', Date.now());
    } else {
      await this.finishRecord();
    }
    await screenCodes(this.env).release(meta.id);
    parts.sockets.closeAll(CLOSE.ended, 'meeting ended');
    await parts.timers.clear('hostGrace');
  }

  /**
   * The `complete` timer: recognises what the live recogniser left out from the meeting's stored audio, as a
   * file piece is recognised, adds those lines (translated like the rest), then finishes the record.
   */
  async complete() {
    const { room, parts } = this;
    const meta = room.meta;
    try {
      for (let gap = meta.gaps?.[0]; gap; gap = meta.gaps?.[0]) {
        const segments = await recogniseGap(this.env, meta.id, gap, meta.sourceLanguage, meta.vocabulary?.hotwords ?? []);
        const lines: LiveLine[] = [];
        for (const segment of segments) lines.push(await this.addFinal(segment, false));
        meta.gaps = meta.gaps?.slice(1);
        await room.save();
        const languages = new Set([...meta.targetLanguages, ...parts.finals.lines.translatedInto()]);
        await Promise.all([...languages].map((language) => parts.translation.translate(language, lines)));
      }
    } catch (err) {
      console.error('meeting transcript not finished; retrying', meta.id, String(err));
      if (++this.completeTries < COMPLETE_TRIES) return parts.timers.set('complete', Date.now() + COMPLETE_RETRY_MS);
      meta.gaps = [];
    }
    await this.finishRecord();
  }

  /** The lines in order and stored, the minutes' translation set, the record ended and its minutes queued. */
  private async finishRecord() {
    const meta = this.room.meta;
    const { lines } = this.parts.finals;
    lines.settle(meta.durationMs);
    await this.parts.finals.flushAll();
    await setMainTranslation(this.env, meta.id, lines.mainTranslation(meta.targetLanguages));
    await this.setStatus('ended');
    // The running summary, brought up to the last line, is the minutes shown at once while the full run works.
    const first = await this.parts.liveSummary.minutes(meta.name).catch((err) => void console.error('live minutes not made', meta.id, String(err)));
    await queueMinutes(this.env, meta.id, meta.userId, first ?? undefined);
  }
}
