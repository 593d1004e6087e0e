import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CaptionStyle, ControlAction, MeetingAccess, ScreenView } from '../../../contracts/meeting';
import { initialLiveState } from './live-transcript';
import { MeetingConnection } from './meeting-connection';
import type { ConnectionState } from './meeting-connection';

export type { ClosedReason, Connection } from './meeting-connection';

export interface MeetingSocket extends ConnectionState {
  sendAudio(frame: ArrayBuffer): void;
  control(action: ControlAction): void;
  setLanguage(language: string | null): void;
  /** Host only: how every screen shows the captions. */
  chooseCaptions(style: CaptionStyle): void;
  /** Host only: what every projected screen shows. */
  chooseScreen(view: ScreenView): void;
  /** A fresh socket now (see MeetingConnection.reconnect). */
  reconnect(): void;
}

const IDLE: ConnectionState = { ...initialLiveState, connection: 'closed', closedReason: null };
const CONNECTING: ConnectionState = { ...IDLE, connection: 'connecting' };
const noSubscription = () => () => {};

/**
 * A page's live link to a meeting room, for as long as `enabled` (see MeetingConnection). access() is called
 * on every (re)connect for a fresh ticket; a 410 from it ends the link with closedReason 'expired'. A
 * `language` given here is sent whenever it changes; setLanguage() does the same imperatively.
 */
export function useMeetingSocket(opts: { access: () => Promise<MeetingAccess>; enabled: boolean; language?: string | null }): MeetingSocket {
  const { enabled, language } = opts;
  // The latest access and language are read at connect time: a re-rendered page does not reconnect.
  const accessRef = useRef(opts.access);
  accessRef.current = opts.access;
  const languageRef = useRef(language);
  languageRef.current = language;

  const [connection, setConnection] = useState<MeetingConnection | null>(null);
  // The senders read the connection from here so they stay the same functions for the page's whole life.
  const connectionRef = useRef<MeetingConnection | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const next = new MeetingConnection({ access: () => accessRef.current(), language: languageRef.current });
    connectionRef.current = next;
    setConnection(next);
    return () => {
      next.close();
      connectionRef.current = null;
      setConnection(null);
    };
  }, [enabled]);

  useEffect(() => {
    if (connection && language !== undefined) connection.setLanguage(language);
  }, [connection, language]);

  const state = useSyncExternalStore(connection?.subscribe ?? noSubscription, connection?.getState ?? (() => (enabled ? CONNECTING : IDLE)));

  const sendAudio = useCallback((frame: ArrayBuffer) => connectionRef.current?.sendAudio(frame), []);
  const control = useCallback((action: ControlAction) => connectionRef.current?.control(action), []);
  const setLanguage = useCallback((next: string | null) => connectionRef.current?.setLanguage(next), []);
  const reconnect = useCallback(() => connectionRef.current?.reconnect(), []);
  const chooseCaptions = useCallback((style: CaptionStyle) => connectionRef.current?.captions(style), []);
  const chooseScreen = useCallback((view: ScreenView) => connectionRef.current?.screen(view), []);

  return useMemo(
    () => ({ ...state, sendAudio, control, setLanguage, chooseCaptions, chooseScreen, reconnect }),
    [state, sendAudio, control, setLanguage, chooseCaptions, chooseScreen, reconnect],
  );
}
