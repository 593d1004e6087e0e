import type { LiveLine, MeetingStatus, SocketProblem } from '../../contracts/meeting';

/**
 * The messages between the extension's parts: the popup and side panel ask the service worker to start or
 * stop; the offscreen document (which holds the tab's audio) reports what the live session says; the service
 * worker passes the subtitles on to the tab's content script. The web app's hand-off page sends the token.
 */

/** What the panels and the overlay show of a running session. */
export interface LiveView {
  tabId: number;
  meetingId: number;
  title: string;
  status: MeetingStatus | null;
  /** The newest final lines, oldest first. */
  lines: LiveLine[];
  partial: string | null;
  /** The translation shown, or null for the source only. */
  language: string | null;
  problem: SocketProblem | null;
  /** 'live' while the socket is open, 'reconnecting' after a drop, 'ended' once the record is saved. */
  phase: 'connecting' | 'live' | 'reconnecting' | 'ended';
}

/** What the overlay draws: the line being heard (or the last one) and its translation. */
export interface OverlayText {
  source: string;
  translation: string;
}

export type PanelRequest = { type: 'start'; tabId: number } | { type: 'stop' } | { type: 'signIn' } | { type: 'signOut' };

export type StartAnswer = { ok: true } | { ok: false; reason: 'signIn' | 'pay' | 'failed'; message?: string };

/** Service worker → offscreen document. */
export type OffscreenRequest =
  | {
      type: 'capture';
      target: 'offscreen';
      streamId: string;
      meetingId: number;
      tabId: number;
      title: string;
      origin: string;
      token: string;
      language: string | null;
    }
  | { type: 'end'; target: 'offscreen' };

/** Offscreen document → service worker and panels. */
export type OffscreenReport = { type: 'live'; view: LiveView } | { type: 'captureFailed'; message: string };

/** Service worker → content script. */
export type OverlayMessage = { type: 'overlay'; text: OverlayText | null };

/** The web app's hand-off page → service worker (chrome.runtime.sendMessage with the extension's id). */
export interface SignInHandOff {
  type: 'tingyi-sign-in';
  token: string;
}

/** What the overlay shows of a view: the partial line while one is heard, else the newest final. */
export function overlayText(view: LiveView): OverlayText | null {
  const last = view.lines[view.lines.length - 1];
  if (view.partial) return { source: view.partial, translation: '' };
  if (!last) return null;
  return { source: last.text, translation: view.language ? (last.translations[view.language] ?? '') : '' };
}
