import { type CaptionStyle, type ClientMessage, DEFAULT_CAPTION_STYLE, DEFAULT_SCREEN_VIEW, type ScreenView, type ServerMessage } from '../contracts/meeting';
import type { RoomMeta } from './meeting-meta';

/**
 * The host's choices for what every screen shows: the caption style and the projection's view (subtitles,
 * summary or both). Kept in the room's meta, so a screen let in later reads them in its welcome, and told to
 * every socket when the host changes one.
 */

export type ScreenChoice = Extract<ClientMessage, { type: 'captions' | 'screen' }>;

export const isScreenChoice = (msg: ClientMessage): msg is ScreenChoice => msg.type === 'captions' || msg.type === 'screen';

/** Records the host's choice in `meta` (the caller saves it) and answers the message that tells the screens. */
export function applyScreenChoice(meta: RoomMeta, msg: ScreenChoice): ServerMessage {
  if (msg.type === 'captions') {
    meta.captions = msg.style;
    return { type: 'captions', style: msg.style };
  }
  meta.screen = msg.view;
  return { type: 'screen', view: msg.view };
}

/** The choices as a welcome carries them; a room that predates a choice has its default. */
export function screenChoices(meta: RoomMeta): { captions: CaptionStyle; screen: ScreenView } {
  return { captions: meta.captions ?? DEFAULT_CAPTION_STYLE, screen: meta.screen ?? DEFAULT_SCREEN_VIEW };
}
