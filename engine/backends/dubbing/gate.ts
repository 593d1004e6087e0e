/**
 * Bounded concurrency with a bounded waiting line, like the ASR decoder pool: work beyond slots + queue is
 * refused at once with 429 and Retry-After, so an overloaded engine answers quickly instead of piling up.
 */
import { EngineHttpError } from '../../http';

export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Moving average of one job's time, to tell refused callers when to come back. */
  private avgJobMs = 5_000;

  constructor(
    private readonly slots: number,
    private readonly maxQueue: number,
    private readonly what: string,
  ) {}

  get full() {
    return this.active >= this.slots && this.waiting.length >= this.maxQueue;
  }

  busyError() {
    const seconds = Math.max(1, Math.ceil(((this.waiting.length + this.slots) * this.avgJobMs) / this.slots / 1000));
    return new EngineHttpError(429, 'busy', `all ${this.slots} ${this.what} slots are busy and the queue is full; retry later`, {
      'retry-after': String(seconds),
    });
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.slots) this.active++;
    else if (this.full) throw this.busyError();
    // A finishing job hands its slot straight to the first waiter, so `active` stays counted.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const started = Date.now();
    try {
      return await job();
    } finally {
      this.avgJobMs = 0.8 * this.avgJobMs + 0.2 * (Date.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
