import type { Locale } from '../contracts/locale';
import type { CaptionStyle, MeetingSummary, ScreenView } from '../contracts/meeting';
import type { AppliedVocabulary } from '../contracts/vocabulary';
import { emptySpeakers, type SpeakerTrackerState } from '../worker/lib/speaker-tracker';
import type { RecordingState } from './meeting-audio';
import type { Gap } from './meeting-stream';
import type { Timers } from './meeting-timers';

/**
 * What a meeting room keeps in its storage under `meta`, so that everything survives hibernation and
 * eviction: the meeting as the Worker described it, its owner, and the state of each of the room's parts
 * (charging, line numbers, timers, recording, voices, gaps). Each part reads and changes its own fields.
 */

export type TimerName = 'flush' | 'hostGrace' | 'complete';

export interface RoomMeta extends MeetingSummary {
  userId: number;
  /** The owner's interface language when the meeting was created: speaker names are written in it. */
  locale: Locale;
  inviteOpen: boolean;
  /** The allowance its minutes are charged to; absent in rooms made before the plugin ran meetings. */
  allowance?: MeetingAllowance;
  /** Whole minutes of audio already charged. */
  chargedMinutes: number;
  nextSeq: number;
  /** The host's caption style, once they chose one. */
  captions?: CaptionStyle;
  /** What the host has projected screens show, once they chose (meeting-screen-choices.ts). */
  screen?: ScreenView;
  timers: Timers<TimerName>;
  recording: RecordingState;
  /** Voices heard so far, so each final gets a speaker label (engine recognition gives embeddings, not labels). */
  speakers: SpeakerTrackerState;
  /** The vocabulary libraries chosen at creation; absent in rooms made before they existed. */
  vocabulary?: AppliedVocabulary;
  /** Audio the live recogniser did not deliver lines for, recognised from the stored audio once the meeting ends. */
  gaps?: Gap[];
}

/** Real-time interpreting for meetings; real-time subtitles for the browser plugin's tab sessions. */
export type MeetingAllowance = 'realtime' | 'subtitles';

export const newMeta = (
  summary: MeetingSummary,
  userId: number,
  locale: Locale,
  vocabulary?: AppliedVocabulary,
  allowance: MeetingAllowance = 'realtime',
): RoomMeta => ({
  ...summary,
  userId,
  locale,
  allowance,
  ...(vocabulary ? { vocabulary } : {}),
  inviteOpen: false,
  chargedMinutes: 0,
  nextSeq: 0,
  timers: {},
  recording: { uploadId: null, parts: [] },
  speakers: emptySpeakers,
});

/** How the room's parts reach its state: the current meta, and a way to store it. */
export interface MetaStore {
  readonly meta: RoomMeta;
  save(): Promise<void>;
}

/** The room's meta in its storage, loaded when the room wakes (before any event reaches it). */
export class StoredMeta implements MetaStore {
  private stored: RoomMeta | undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  async load() {
    this.stored = await this.storage.get<RoomMeta>('meta');
  }

  /** Whether the Worker has set the room up (see MeetingRoom.init). */
  get ready() {
    return this.stored !== undefined;
  }

  get meta(): RoomMeta {
    if (!this.stored) throw new Error('meeting room used before init');
    return this.stored;
  }

  async create(meta: RoomMeta) {
    this.stored = meta;
    await this.save();
  }

  async save() {
    await this.storage.put('meta', this.stored);
  }
}
