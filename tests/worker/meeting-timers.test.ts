import { describe, expect, it } from 'vitest';
import { RoomTimers, type Timers } from '../../durable-objects/meeting-timers';
import { inRoomStorage } from './room-parts';

/** The room's timers on its one alarm (durable-objects/meeting-timers.ts), in a real Durable Object's storage. */

describe('room timers', () => {
  it('keep the one alarm at the earliest pending timer, and delete it when none is left', async () => {
    await inRoomStorage(async (state) => {
      const stored: Timers<'flush' | 'hostGrace' | 'complete'> = {};
      let saves = 0;
      const timers = new RoomTimers(
        state.storage,
        () => stored,
        async () => void saves++,
      );
      // An hour ahead, so the alarm never fires while the test looks at it.
      const t = Date.now() + 3_600_000;
      await timers.set('hostGrace', t + 3000);
      expect(await state.storage.getAlarm()).toBe(t + 3000);
      await timers.set('flush', t + 1000);
      expect(await state.storage.getAlarm()).toBe(t + 1000);
      expect(timers.pending('flush')).toBe(true);
      await timers.clear('flush');
      expect(await state.storage.getAlarm()).toBe(t + 3000);
      expect(timers.pending('flush')).toBe(false);
      // Clearing a timer that is not set stores nothing.
      const before = saves;
      await timers.clear('flush');
      expect(saves).toBe(before);

      await timers.set('complete', t + 2000);
      // When the alarm fires, only what is due is taken (and cleared, so it may set itself again).
      expect(await timers.takeDue(t + 2500)).toEqual(['complete']);
      expect(stored).toEqual({ hostGrace: t + 3000 });
      await timers.set('complete', t + 5000);
      await timers.arm();
      expect(await state.storage.getAlarm()).toBe(t + 3000);
      expect(await timers.takeDue(t + 6000)).toEqual(['hostGrace', 'complete']);
      await timers.arm();
      expect(await state.storage.getAlarm()).toBeNull();
    });
  });
});
