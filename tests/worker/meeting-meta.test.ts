import { describe, expect, it } from 'vitest';
import { StoredMeta } from '../../durable-objects/meeting-meta';
import { inRoomStorage, roomState } from './room-parts';

/** The room's state in its storage (durable-objects/meeting-meta.ts): what a room woken from hibernation finds. */

describe('stored room state', () => {
  it('is refused before the room is set up, and found again as it was last saved by a room that wakes', async () => {
    await inRoomStorage(async (state) => {
      const store = new StoredMeta(state.storage);
      await store.load();
      expect(store.ready).toBe(false);
      expect(() => store.meta).toThrow(/before init/);

      const { meta } = roomState({ durationMs: 1234 });
      await store.create(meta);
      store.meta.nextSeq = 7;
      store.meta.timers.flush = 42;
      await store.save();

      const woken = new StoredMeta(state.storage);
      await woken.load();
      expect(woken.ready).toBe(true);
      expect(woken.meta).toEqual({ ...meta, nextSeq: 7, timers: { flush: 42 } });
    });
  });
});
