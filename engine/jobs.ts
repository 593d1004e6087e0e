/**
 * Engine-side jobs: file work longer than a queue consumer should wait for (extracting a long upload,
 * rendering a dub). The Worker starts a job under an id of its choosing and asks for its state on later,
 * delayed queue messages, so no consumer holds a request open while ffmpeg runs. Starting an id that is
 * already known answers its state instead of starting it twice (queue messages come at least once). A
 * finished job's result is kept a while for the Worker to collect; a failure is told once and then
 * forgotten, so the next start of that id (the queue's or the user's retry) runs the work again. Jobs live
 * in memory: after a restart an id is unknown, and the Worker starts it again, resuming from what it stored.
 */
import type { EngineJobStatus, EngineJobStep } from '../contracts/engine';
import type { Gate } from './backends/dubbing/gate';
import { EngineHttpError } from './http';

interface Entry {
  status: EngineJobStatus;
}

export class EngineJobs {
  private readonly jobs = new Map<string, Entry>();

  constructor(
    /** Jobs at once and waiting: past both, a start is refused with 429 and Retry-After. */
    private readonly gate: Gate,
    private readonly keepMs = 30 * 60_000,
  ) {}

  /** The job's state, or undefined for an id this engine does not know (never started, forgotten, or lost in a restart). */
  status(id: string): EngineJobStatus | undefined {
    const entry = this.jobs.get(id);
    if (entry?.status.state === 'failed') this.jobs.delete(id);
    return entry?.status;
  }

  /**
   * Starts `work` under `id` unless that id is known; answers the job's state either way. `work` may report its
   * step as it goes, which the job's state carries while it runs.
   */
  start(id: string, work: (report: (progress: EngineJobStep) => void) => Promise<unknown>): EngineJobStatus {
    const known = this.status(id);
    if (known) return known;
    if (this.gate.full) throw this.gate.busyError();
    const entry: Entry = { status: { id, state: 'running' } };
    this.jobs.set(id, entry);
    const forget = () => setTimeout(() => this.jobs.get(id) === entry && this.jobs.delete(id), this.keepMs).unref();
    const report = (progress: EngineJobStep) => {
      if (entry.status.state === 'running') entry.status = { id, state: 'running', progress };
    };
    this.gate
      .run(() => work(report))
      .then(
        (result) => {
          entry.status = { id, state: 'done', result };
          forget();
        },
        (err: unknown) => {
          const known = err instanceof EngineHttpError;
          if (!known) console.error(JSON.stringify({ level: 'error', job: id, error: String(err), stack: (err as Error)?.stack }));
          entry.status = {
            id,
            state: 'failed',
            error: known ? { status: err.status, code: err.code, message: err.message } : { status: 500, code: 'internal', message: String(err) },
          };
          forget();
        },
      );
    return entry.status;
  }

  get running() {
    return [...this.jobs.values()].filter((e) => e.status.state === 'running').length;
  }
}
