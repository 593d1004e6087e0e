import { ENGINE_PATHS, type EngineJobStatus, type EngineJobStep } from '../../contracts/engine';
import { JobWaiting } from './jobs';
import { ProviderError, type ProviderEnv, providers } from './providers';
import type { EngineClient } from './providers/engine';

/**
 * A queue stage's view of an engine-side job (contracts/engine.ts): look up the job by its id; start it when
 * the engine does not know it (never started, or lost in an engine restart, when it starts again and resumes
 * from what it stored); hand back its result when done. While it runs the stage waits (JobWaiting: the message
 * comes back later), so no consumer holds a request open for longer than a status call. A failure is the
 * engine's own error, so a refusal of the media ends the job and anything else is retried. The job's state
 * lives in one engine's memory, so every call about it goes to the instance its id picks. `onRunning` is told the
 * step a running job reported, on each look, before the stage waits again.
 */
export async function engineJob<R>(
  env: ProviderEnv,
  startPath: string,
  id: string,
  input: () => Promise<object>,
  pollSeconds: number,
  onRunning?: (progress: EngineJobStep) => Promise<void>,
): Promise<R> {
  const { engine } = providers(env, { engineKey: id });
  const status = (await known(engine, id)) ?? (await engine.postJson<EngineJobStatus>(startPath, { id, ...(await input()) }));
  switch (status.state) {
    case 'done':
      return status.result as R;
    case 'running':
      if (status.progress && onRunning) await onRunning(status.progress);
      throw new JobWaiting(pollSeconds, `engine job ${id} is running`);
    case 'failed':
      throw new ProviderError(status.error.message, status.error.status, status.error.code);
  }
}

async function known(engine: EngineClient, id: string): Promise<EngineJobStatus | undefined> {
  try {
    return await engine.call<EngineJobStatus>(`${ENGINE_PATHS.jobs}/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err instanceof ProviderError && err.status === 404) return undefined;
    throw err;
  }
}
