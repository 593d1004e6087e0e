import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import type { MeetingSummary } from '../../contracts/meeting';
import type { AppliedVocabulary } from '../../contracts/vocabulary';
import { newMeta, type MetaStore, type RoomMeta } from '../../durable-objects/meeting-meta';

/**
 * For tests of one part of the meeting room through its own interface: a room's state as the room keeps it,
 * and a real Durable Object's storage (SQLite, the alarm) to run the part in. The room object itself is
 * never set up, so nothing but the part under test touches that storage.
 */

let rooms = 0;

/** A meeting's room state with `saves` counting how often a part stored it. */
export function roomState(change: Partial<RoomMeta> = {}, vocabulary?: AppliedVocabulary): MetaStore & { saves: number } {
  const summary: MeetingSummary = {
    // Far above any record the other tests create, so work refs like `meeting:ID:N` are this test's own.
    id: 2_000_000_000 + Math.floor(Math.random() * 100_000_000),
    name: 'Part test',
    status: 'in_progress',
    mode: 'interpret',
    sourceLanguage: 'en-US',
    targetLanguages: [],
    durationMs: 0,
    createdAt: Date.now(),
  };
  const meta = { ...newMeta(summary, 0, 'en-US', vocabulary), ...change };
  const state = {
    meta,
    saves: 0,
    async save() {
      state.saves++;
    },
  };
  return state;
}

/** Runs `fn` with the storage of a fresh Durable Object of the room's class. */
export function inRoomStorage<T>(fn: (state: DurableObjectState) => Promise<T>) {
  const stub = env.MEETING_ROOM.get(env.MEETING_ROOM.idFromName(`part-test:${Date.now()}:${++rooms}`));
  return runInDurableObject(stub, (_room, state) => fn(state));
}
