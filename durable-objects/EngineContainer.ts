import { Container } from '@cloudflare/containers';
import { ENGINE_PORT } from '../contracts/engine-port';
import { ENGINE_SLEEP_AFTER_MS } from '../worker/services/providers/engine-placement';

type StartArgs = Parameters<Container<Env>['startAndWaitForPorts']>;

/**
 * How long a request waits for a cold instance to listen before the Container answers 500. The engine loads
 * every model before it listens (engine/main.ts): about 10 s measured; the library's default of 20 s leaves a
 * cold start on a busy host or a fresh image pull failing its first request, so 60 s. The platform's own
 * step (getting an instance to run in) keeps the library's 8 s (`instanceGetTimeoutMS`).
 */
export const ENGINE_START_TIMEOUT_MS = 60_000;

/**
 * EngineContainer — one engine instance (engine/Dockerfile) as a Cloudflare Container, reached through the
 * ENGINE binding by worker/services/providers/engine.ts, on the instance the EnginePool coordinator chose.
 * The platform starts it on the first request and stops it once no request or socket has been open for
 * `sleepAfter`; a live meeting's socket counts as open for as long as the meeting streams.
 */
export class EngineContainer extends Container<Env> {
  defaultPort = ENGINE_PORT;
  // Long enough that a file job's next stage (a queue message a few seconds later) finds the engine warm: a
  // cold start loads every model again (about 10 s).
  sleepAfter = ENGINE_SLEEP_AFTER_MS / 1000;
  // Every engine setting the Worker holds (ENGINE_SECRET, and any optional ENGINE_OPENAI_* or ENGINE_CF_* the
  // operator set as Worker secrets), so the image carries no secret and one place configures both sides.
  envVars = engineSettings(this.env);

  // The library's fetch starts the container with no timeout of ours; every start passes through here.
  override startAndWaitForPorts(...args: StartArgs): Promise<void> {
    const [portsOrArgs, cancellation, startOptions] = args;
    if (portsOrArgs !== undefined && typeof portsOrArgs === 'object' && !Array.isArray(portsOrArgs)) {
      return super.startAndWaitForPorts({ ...portsOrArgs, cancellationOptions: withStartTimeout(portsOrArgs.cancellationOptions) });
    }
    return super.startAndWaitForPorts(portsOrArgs, withStartTimeout(cancellation), startOptions);
  }
}

function withStartTimeout<T extends { portReadyTimeoutMS?: number }>(options: T | undefined): T {
  return { ...options, portReadyTimeoutMS: options?.portReadyTimeoutMS ?? ENGINE_START_TIMEOUT_MS } as T;
}

/** Settings only the Worker reads: how it reaches the engine, not how the engine runs. */
const WORKER_ONLY = new Set(['ENGINE_URL', 'ENGINE_MAX_INSTANCES']);

function engineSettings(env: Env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('ENGINE_') && !WORKER_ONLY.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}
