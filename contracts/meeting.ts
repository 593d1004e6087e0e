/**
 * Live meetings (spec §1 meetings, §2 /meeting, /meetingShareIng, /screenProjection, /cast, §4 meeting
 * states, §7 the real-time socket). The socket frames, parsed on every message in the room and in the
 * browser, are checked with valibot; the HTTP calls' zod schemas live in meeting-calls.ts, out of the browser.
 */
import * as v from 'valibot';
import { liveSummary } from './live-summary';
import { MEETING_MODES } from './meeting-modes';
import type { MeetingMode } from './meeting-modes';
import type { STATUSES_BY_TYPE } from './record-vocabulary';

export { MEETING_MODES };
export type { MeetingMode };

/**
 * The room's states, as its sockets and the meeting pages know them. A record reads `finishing` between
 * `ended` and its last lines (see STATUSES_BY_TYPE); to anyone on the meeting it has simply ended.
 */
export const MEETING_STATUSES = ['not_started', 'in_progress', 'paused', 'ended'] as const satisfies readonly (typeof STATUSES_BY_TYPE.meeting)[number][];
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** Who is on a socket: the owner's console (audio and control), an invited participant, a projected screen. */
export const SOCKET_ROLES = ['host', 'participant', 'projection'] as const;
export type SocketRole = (typeof SOCKET_ROLES)[number];

export { MEETING } from './meeting-limits';

/**
 * How screens show live captions, chosen by the host: `roll-up`, new words pushing two lines up as they come,
 * or `pop-on`, one committed cue at a time.
 */
export const CAPTION_STYLES = ['roll-up', 'pop-on'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];
export const DEFAULT_CAPTION_STYLE: CaptionStyle = 'roll-up';

/**
 * What projected screens show, chosen by the host: the live captions, the meeting's running summary, or
 * `both`, the summary above two lines of captions (a room reads where the talk stands and what is said now).
 */
export const SCREEN_VIEWS = ['subtitles', 'summary', 'both'] as const;
export type ScreenView = (typeof SCREEN_VIEWS)[number];
export const DEFAULT_SCREEN_VIEW: ScreenView = 'subtitles';

/**
 * Keep-alive: a client sends the text `ping` now and then and the room answers `pong` without waking up
 * (Durable Object auto-response), so a connection that died without a close is noticed and replaced.
 */
export const HEARTBEAT = { ping: 'ping', pong: 'pong', everyMs: 10_000, deadAfterMs: 25_000 } as const;

/** Close codes the room ends a socket with; a client does not reconnect after these. */
export const CLOSE = {
  ended: 4000,
  badTicket: 4401,
  forbidden: 4403,
  expired: 4410,
} as const;

/** Whether the room's live recogniser is answering, or lost and being reconnected (the `recognition` message). */
export const RECOGNITION_STATUSES = ['live', 'reconnecting'] as const;
export type RecognitionStatus = (typeof RECOGNITION_STATUSES)[number];

/** What anyone on the meeting sees of it. */
export interface MeetingSummary {
  id: number;
  name: string;
  status: MeetingStatus;
  mode: MeetingMode;
  sourceLanguage: string;
  targetLanguages: string[];
  /** Milliseconds of audio heard so far. */
  durationMs: number;
  createdAt: number;
}

/** What the owner sees of their meeting besides. */
export interface MeetingDetail extends MeetingSummary {
  inviteOpen: boolean;
  /** Set once the owner opened an invitation; the link is /meetingShareIng?invite=TOKEN. */
  inviteToken: string | null;
  screenCode: string | null;
  folderId: number;
}

/** How to reach the meeting's room: the socket path and a short-lived ticket for its query string. */
export interface SocketAccess {
  role: SocketRole;
  path: string;
  ticket: string;
}

export interface MeetingAccess<M extends MeetingSummary = MeetingSummary> {
  meeting: M;
  socket: SocketAccess;
}

// ---------------------------------------------------------------------------------------------------------
// The real-time socket: GET {API_BASE}/speech/meeting/socket?ticket=… upgraded to a WebSocket.
// Host → room: binary frames of audio (MEETING.frameMs of PCM16) and `control` messages. Every role may send
// `language` to choose the translation it receives. Room → clients: the messages below; times are ms from
// the start of the meeting's audio.

//
// Every message a client sends carries its number on that socket, counted from 0 when the socket opens: under
// load the runtime hands a room a burst of messages out of order (measured: most frames of a meeting's audio
// sent at once, and a control message overtaking the frames sent before it), and the room puts them back in
// order. An audio frame carries it as a 4-byte little-endian prefix before the PCM16, a text message as `n`.
// A text message without `n` (a viewer that only picks a language) is handled as it comes.

const lang = v.pipe(v.string(), v.minLength(2), v.maxLength(16));
const messageNumber = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffff_ffff)));

export const clientMessage = v.variant('type', [
  v.object({ type: v.literal('control'), action: v.picklist(['start', 'pause', 'resume', 'end']), n: messageNumber }),
  v.object({ type: v.literal('language'), language: v.nullable(lang), n: messageNumber }),
  /** Host only: how every screen shows the captions. */
  v.object({ type: v.literal('captions'), style: v.picklist(CAPTION_STYLES), n: messageNumber }),
  /** Host only: what every projected screen shows. */
  v.object({ type: v.literal('screen'), view: v.picklist(SCREEN_VIEWS), n: messageNumber }),
]);
export type ClientMessage = v.InferOutput<typeof clientMessage>;
export type ControlAction = Extract<ClientMessage, { type: 'control' }>['action'];

const AUDIO_NUMBER_BYTES = 4;

/** A numbered audio frame as the host sends it. */
export function audioFrame(n: number, pcm: ArrayBuffer): ArrayBuffer {
  const frame = new Uint8Array(AUDIO_NUMBER_BYTES + pcm.byteLength);
  new DataView(frame.buffer).setUint32(0, n, true);
  frame.set(new Uint8Array(pcm), AUDIO_NUMBER_BYTES);
  return frame.buffer;
}

/** The number and PCM16 of an audio frame, or null when it is too short or holds half a sample. */
export function readAudioFrame(data: ArrayBuffer): { n: number; pcm: ArrayBuffer } | null {
  if (data.byteLength < AUDIO_NUMBER_BYTES || (data.byteLength - AUDIO_NUMBER_BYTES) % 2) return null;
  return { n: new DataView(data).getUint32(0, true), pcm: data.slice(AUDIO_NUMBER_BYTES) };
}

const ms = v.pipe(v.number(), v.minValue(0));
const liveLine = v.object({
  seq: v.pipe(v.number(), v.integer(), v.minValue(0)),
  start: ms,
  end: ms,
  text: v.string(),
  speaker: v.string(),
  /** Language code → translation of this line, for the languages someone asked for. */
  translations: v.record(v.string(), v.string()),
});
export type LiveLine = v.InferOutput<typeof liveLine>;

const summary = v.object({
  id: v.number(),
  name: v.string(),
  status: v.picklist(MEETING_STATUSES),
  mode: v.picklist(MEETING_MODES),
  sourceLanguage: v.string(),
  targetLanguages: v.array(v.string()),
  durationMs: v.number(),
  createdAt: v.number(),
});

/** A business error on the socket: the same codes and localized `msg` as the HTTP envelope. */
const problem = v.object({ code: v.number(), msg: v.string() });
export type SocketProblem = v.InferOutput<typeof problem>;

export const serverMessage = v.variant('type', [
  v.object({
    type: v.literal('welcome'),
    role: v.picklist(SOCKET_ROLES),
    meeting: summary,
    lines: v.array(liveLine),
    /** Translation languages this deployment can produce from the meeting's source language. */
    languages: v.array(v.string()),
    /** The host's caption style; rooms that predate it leave it out (roll-up). */
    captions: v.optional(v.picklist(CAPTION_STYLES)),
    /** What the host has projected screens show; rooms that predate it leave it out (subtitles). */
    screen: v.optional(v.picklist(SCREEN_VIEWS)),
  }),
  /** The host chose another caption style. */
  v.object({ type: v.literal('captions'), style: v.picklist(CAPTION_STYLES) }),
  /** The host chose what projected screens show. */
  v.object({ type: v.literal('screen'), view: v.picklist(SCREEN_VIEWS) }),
  v.object({ type: v.literal('state'), status: v.picklist(MEETING_STATUSES), durationMs: v.number(), reason: v.optional(problem) }),
  /** `stable`: the start of `text` that is settled and stays as shown until the line's final (absent: none is). */
  v.object({ type: v.literal('partial'), text: v.string(), stable: v.optional(v.string()), start: ms, end: ms }),
  v.object({ type: v.literal('final'), line: liveLine }),
  v.object({ type: v.literal('translation'), seq: v.number(), language: v.string(), text: v.string() }),
  /**
   * The translation of the settled start (its first `words` words) of the line being heard, the one whose
   * partials carry this `start`: shown under it until the line's final and its own translation replace it.
   */
  v.object({ type: v.literal('partialTranslation'), start: ms, language: v.string(), text: v.string(), words: v.number() }),
  v.object({ type: v.literal('viewers'), participants: v.number(), projections: v.number() }),
  v.object({ type: v.literal('error'), ...problem.entries }),
  /**
   * Live recognition runs `seconds` behind the speech (sent once it passes MEETING.lagShowSeconds and as it
   * changes); 0 once it has caught up. Clients that predate it ignore it like any unknown message.
   */
  v.object({ type: v.literal('lag'), seconds: v.pipe(v.number(), v.minValue(0)) }),
  /**
   * Live recognition lost its engine and the room is reconnecting with back-off (`reconnecting`), or it answers
   * again (`live`). Sent as it changes, and to a socket let in while reconnecting. The meeting goes on meanwhile:
   * what is said is recorded and recognised from the recording when the meeting ends. If no engine answers
   * within the bound the room pauses with the reason (`state`), which ends the notice too.
   */
  v.object({ type: v.literal('recognition'), status: v.picklist(RECOGNITION_STATUSES) }),
  /**
   * The meeting's running summary so far (contracts/live-summary.ts), in this socket's language: sent when it
   * is refreshed (after each LIVE_SUMMARY_EVERY_MS or more of new speech, never without), to a socket just let
   * in (a late joiner's catch-up, right after `welcome`), and again when a socket chooses a language.
   */
  v.object({ type: v.literal('summary'), summary: liveSummary }),
]);
export type ServerMessage = v.InferOutput<typeof serverMessage>;

/** Parses one text frame, or null when it is not JSON of the expected shape. */
export function parseFrame<T extends v.GenericSchema>(schema: T, data: string): v.InferOutput<T> | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const result = v.safeParse(schema, json);
  return result.success ? result.output : null;
}
