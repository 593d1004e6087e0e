/**
 * Hands over one socket's messages in the order the client numbered them (see contracts/meeting.ts), each
 * after the one before it has been handled. Under load the runtime delivers a burst of WebSocket messages out
 * of order; a message that comes early waits here for the ones before it. A repeated number is dropped.
 */
export class InOrder<T> {
  private parked = new Map<number, T>();
  private chain: Promise<void> = Promise.resolve();

  /**
   * @param next the number expected first: 0 for a socket that has just opened; unknown for a socket the room
   *   finds after it was evicted, which then goes on from the first number it sees.
   * @param maxParked how many early messages may wait; past that the socket is out of step for good.
   */
  constructor(
    private readonly handle: (item: T) => Promise<void> | void,
    private next: number | undefined,
    private readonly maxParked: number,
  ) {}

  /** Settles once this message and every one before it are handled; false when too many wait (see maxParked). */
  take(n: number, item: T): Promise<void> | false {
    this.next ??= n;
    if (n < this.next || this.parked.has(n)) return this.chain;
    if (this.parked.size >= this.maxParked) return false;
    this.parked.set(n, item);
    for (let ready = this.parked.get(this.next); ready !== undefined; ready = this.parked.get(this.next)) {
      this.parked.delete(this.next);
      this.next++;
      const message = ready;
      // One failed message is logged and does not hold up the ones after it.
      this.chain = this.chain.then(() => this.handle(message)).catch((err: unknown) => console.error('socket message failed', String(err)));
    }
    return this.chain;
  }
}
