import { useState } from 'react';
import type { MeetingAccess, MeetingStatus, MeetingSummary } from '../../../contracts/meeting';
import { useMeetingSocket } from './use-meeting-socket';
import type { MeetingSocket } from './use-meeting-socket';

export interface ViewerSession {
  socket: MeetingSocket;
  /** The translation this screen follows (null: the source only); the socket asks the room for it. */
  language: string | null;
  setLanguage: (language: string | null) => void;
  /** The room's word once it has spoken, the loaded meeting's until then. */
  status: MeetingStatus;
  name: string;
}

/**
 * One screen's live session in a meeting room — the host's console, a participant's view, a projected
 * screen: the room's socket for as long as the screen is shown, following the translation picked here (the
 * meeting's first target language to begin with), and the meeting's status and name as the room last told.
 */
export function useViewerSession(meeting: MeetingSummary, access: () => Promise<MeetingAccess>): ViewerSession {
  const [language, setLanguage] = useState<string | null>(meeting.targetLanguages[0] ?? null);
  const socket = useMeetingSocket({ access, enabled: true, language });
  return { socket, language, setLanguage, status: socket.status ?? meeting.status, name: socket.meeting?.name ?? meeting.name };
}
