/**
 * A Durable Object has one alarm; a room needs several timers (flushing lines, the host's grace period,
 * finishing the transcript). Each named timer's due time is kept in the room's stored state, and the alarm
 * is always set to the earliest of them, or deleted when none is pending. When the alarm fires, the room
 * takes the timers that are due (they are cleared before they run, so one that sets itself again is kept)
 * and re-arms the alarm afterwards.
 */

export type Timers<N extends string> = Partial<Record<N, number>>;

export class RoomTimers<N extends string> {
  constructor(
    private readonly storage: DurableObjectStorage,
    /** The stored timers, read each time (the room's state is replaced when it reloads). */
    private readonly timers: () => Timers<N>,
    private readonly save: () => Promise<void>,
  ) {}

  pending(name: N) {
    return this.timers()[name] !== undefined;
  }

  async set(name: N, at: number) {
    this.timers()[name] = at;
    await this.save();
    await this.arm();
  }

  async clear(name: N) {
    const timers = this.timers();
    if (timers[name] === undefined) return;
    delete timers[name];
    await this.save();
    await this.arm();
  }

  /** Removes and returns the timers due by `now`, in the order they were set. */
  async takeDue(now = Date.now()): Promise<N[]> {
    const timers = this.timers();
    const due = (Object.entries(timers) as [N, number][]).filter(([, at]) => at <= now).map(([name]) => name);
    for (const name of due) delete timers[name];
    await this.save();
    return due;
  }

  /** Sets the alarm to the earliest pending timer. */
  async arm() {
    const times = Object.values(this.timers()) as number[];
    if (times.length) await this.storage.setAlarm(Math.min(...times));
    else await this.storage.deleteAlarm();
  }
}
