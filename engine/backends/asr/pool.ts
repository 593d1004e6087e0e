/**
 * A fixed set of persistent decoders with a bounded waiting line. Work beyond decoders + queue is refused at
 * once (429 with Retry-After) rather than piling up: callers (the Worker's queue consumers) retry later,
 * which keeps latency predictable and memory flat under overload.
 */
import { EngineHttpError } from '../../http';

export interface Decoder {
  readonly alive: boolean;
  readonly ready: Promise<void>;
  close(): void;
}

interface Waiter<D> {
  resolve: (decoder: D) => void;
  reject: (err: Error) => void;
}

export class DecoderPool<D extends Decoder> {
  private idle: D[] = [];
  private all: D[] = [];
  private waiting: Waiter<D>[] = [];
  /** Moving average of how long a job holds a decoder, to tell refused callers when to come back. */
  private avgJobMs = 5_000;

  constructor(
    private readonly size: number,
    private readonly maxQueue: number,
    private readonly create: () => D,
  ) {
    for (let i = 0; i < size; i++) this.add();
  }

  private add() {
    const d = this.create();
    this.all.push(d);
    this.idle.push(d);
  }

  /** Resolves once every decoder has loaded its model; rejects if one fails (e.g. backend not installed). */
  async ready(): Promise<void> {
    await Promise.all(this.all.map((d) => d.ready));
  }

  get stats() {
    return { size: this.size, busy: this.size - this.idle.length, queued: this.waiting.length, maxQueue: this.maxQueue };
  }

  /** True when a new job would be refused; lets a route answer 429 before reading a large upload. */
  get full() {
    return this.idle.length === 0 && this.waiting.length >= this.maxQueue;
  }

  retryAfterSeconds() {
    const jobsAhead = this.waiting.length + this.size;
    return Math.max(1, Math.ceil((jobsAhead * this.avgJobMs) / this.size / 1000));
  }

  busyError() {
    return new EngineHttpError(429, 'busy', 'all decoders are busy and the queue is full; retry later', {
      'retry-after': String(this.retryAfterSeconds()),
    });
  }

  private acquire(): Promise<D> {
    const d = this.idle.pop();
    if (d) return Promise.resolve(d);
    if (this.waiting.length >= this.maxQueue) return Promise.reject(this.busyError());
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(d: D) {
    let decoder = d;
    if (!decoder.alive) {
      // A crashed decoder is replaced so the pool keeps its size.
      this.all = this.all.filter((x) => x !== d);
      decoder = this.create();
      this.all.push(decoder);
    }
    const next = this.waiting.shift();
    if (next) next.resolve(decoder);
    else this.idle.push(decoder);
  }

  /**
   * Runs `job` with a decoder. The time limit covers the job only, not the wait. On timeout the caller gets
   * 504 at once; the decoder is returned to the pool when its current utterance finishes.
   */
  async run<T>(job: (decoder: D, signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
    const decoder = await this.acquire();
    const controller = new AbortController();
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new EngineHttpError(504, 'timeout', `recognition took longer than ${timeoutMs} ms`));
      }, timeoutMs);
    });
    const work = job(decoder, controller.signal);
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
      controller.abort();
      // Hand the decoder back only once the job has really stopped using it.
      work
        .catch(() => {})
        .finally(() => {
          this.avgJobMs = 0.8 * this.avgJobMs + 0.2 * (Date.now() - started);
          this.release(decoder);
        });
    }
  }

  close() {
    for (const w of this.waiting.splice(0)) w.reject(new Error('engine shutting down'));
    for (const d of this.all) d.close();
  }
}
