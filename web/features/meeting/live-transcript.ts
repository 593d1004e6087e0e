import type { LiveSummary } from '../../../contracts/live-summary';
import {
  type CaptionStyle,
  DEFAULT_CAPTION_STYLE,
  DEFAULT_SCREEN_VIEW,
  type LiveLine,
  type MeetingStatus,
  type MeetingSummary,
  type ServerMessage,
  type SocketProblem,
  type ScreenView,
  type SocketRole,
} from '../../../contracts/meeting';

/** What a meeting's socket has said so far, as the subtitles and the console show it. */
export interface LiveState {
  meeting: MeetingSummary | null;
  role: SocketRole | null;
  status: MeetingStatus | null;
  durationMs: number;
  /** Finals, sorted by seq, one per seq. */
  lines: LiveLine[];
  /**
   * The utterance being heard, replaced in place until its final arrives; `stable` its settled start, and
   * `translations` (by language) the translation of that settled start so far.
   */
  partial: { text: string; stable?: string; start: number; end: number; translations?: Record<string, string> } | null;
  /** How the host wants screens to show captions. */
  captions: CaptionStyle;
  /** What the host has projected screens show. */
  screen: ScreenView;
  viewers: { participants: number; projections: number };
  /** Translation languages the room can produce. */
  languages: string[];
  /** The last business error, or why the meeting stopped or paused. */
  problem: SocketProblem | null;
  /** Seconds the subtitles run behind the speech, as the room announces it; 0 when they keep up. */
  lagSeconds: number;
  /** The room's live recogniser is lost and being reconnected (the meeting goes on, recorded). */
  recognitionLost: boolean;
  /** The meeting's running summary in this viewer's language, once the room has made one. */
  summary: LiveSummary | null;
}

export const initialLiveState: LiveState = {
  meeting: null,
  role: null,
  status: null,
  durationMs: 0,
  lines: [],
  partial: null,
  captions: DEFAULT_CAPTION_STYLE,
  screen: DEFAULT_SCREEN_VIEW,
  viewers: { participants: 0, projections: 0 },
  languages: [],
  problem: null,
  lagSeconds: 0,
  recognitionLost: false,
  summary: null,
};

export function reduceLive(state: LiveState, msg: ServerMessage): LiveState {
  switch (msg.type) {
    case 'welcome': {
      // A reconnect's welcome carries only the recent lines: older ones already shown stay. Lines of another
      // meeting never mix in.
      const same = state.meeting?.id === msg.meeting.id;
      const kept = same ? state.lines : [];
      return {
        ...state,
        meeting: msg.meeting,
        role: msg.role,
        status: msg.meeting.status,
        durationMs: msg.meeting.durationMs,
        lines: mergeLines(kept, msg.lines),
        partial: null,
        languages: msg.languages,
        captions: msg.captions ?? DEFAULT_CAPTION_STYLE,
        screen: msg.screen ?? DEFAULT_SCREEN_VIEW,
        lagSeconds: 0,
        // A room still reconnecting says so right after its welcome.
        recognitionLost: false,
        summary: same ? state.summary : null,
      };
    }
    case 'partial': {
      // The same line heard further keeps the translation of its settled words; a new line starts without.
      const translations = state.partial?.start === msg.start ? state.partial.translations : undefined;
      return {
        ...state,
        partial: { text: msg.text, ...(msg.stable ? { stable: msg.stable } : {}), start: msg.start, end: msg.end, ...(translations ? { translations } : {}) },
      };
    }
    case 'partialTranslation': {
      const partial = state.partial;
      // A translation of a line already committed (or not yet heard here) has nothing to stand under.
      if (partial?.start !== msg.start) return state;
      return { ...state, partial: { ...partial, translations: { ...partial.translations, [msg.language]: msg.text } } };
    }
    case 'captions':
      return { ...state, captions: msg.style };
    case 'screen':
      return { ...state, screen: msg.view };
    case 'final':
      return { ...state, lines: mergeLines(state.lines, [msg.line]), partial: null };
    case 'translation': {
      const index = state.lines.findIndex((line) => line.seq === msg.seq);
      const line = state.lines[index];
      if (!line) return state;
      const lines = state.lines.slice();
      lines[index] = { ...line, translations: { ...line.translations, [msg.language]: msg.text } };
      return { ...state, lines };
    }
    case 'state':
      return {
        ...state,
        status: msg.status,
        durationMs: msg.durationMs,
        meeting: state.meeting && { ...state.meeting, status: msg.status, durationMs: msg.durationMs },
        problem: msg.reason ?? null,
        // Only a running meeting's subtitles can lag; the room says so again if they still do.
        lagSeconds: msg.status === 'in_progress' ? state.lagSeconds : 0,
        // A pause (the host's, or the room's when reconnecting gave up: its reason shows instead) or the end stops reconnecting.
        recognitionLost: msg.status === 'in_progress' && state.recognitionLost,
      };
    case 'viewers':
      return { ...state, viewers: { participants: msg.participants, projections: msg.projections } };
    case 'error':
      return { ...state, problem: { code: msg.code, msg: msg.msg } };
    case 'lag':
      return { ...state, lagSeconds: msg.seconds };
    case 'recognition':
      return { ...state, recognitionLost: msg.status === 'reconnecting' };
    case 'summary':
      return { ...state, summary: msg.summary };
  }
}

/** Lines by seq, an incoming line replacing a kept one of the same seq (a resent final never duplicates). */
function mergeLines(kept: LiveLine[], incoming: LiveLine[]): LiveLine[] {
  const last = kept.at(-1);
  // The usual case, one new final after the last: no re-sorting of a long meeting on every line.
  const [only] = incoming;
  if (incoming.length === 1 && only && (!last || only.seq > last.seq)) return [...kept, only];
  const bySeq = new Map(kept.map((line) => [line.seq, line]));
  for (const line of incoming) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
