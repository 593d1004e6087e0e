import { Container } from '@cloudflare/containers';
import { ENGINE_PORT } from '../contracts/engine-port';

/**
 * EngineContainer — one engine instance (engine/Dockerfile) as a Cloudflare Container, reached through the
 * ENGINE binding by worker/services/providers/engine.ts. The platform starts it on the first request and
 * stops it once no request or socket has been open for `sleepAfter`; a live meeting's socket counts as open
 * for as long as the meeting streams.
 */
export class EngineContainer extends Container<Env> {
  defaultPort = ENGINE_PORT;
  // Long enough that a file job's next stage (a queue message a few seconds later) finds the engine warm: a
  // cold start loads every model again (about 10 s).
  sleepAfter = '10m';
  // Every engine setting the Worker holds (ENGINE_SECRET, and any optional ENGINE_OPENAI_* or ENGINE_CF_* the
  // operator set as Worker secrets), so the image carries no secret and one place configures both sides.
  envVars = engineSettings(this.env);
}

/** Settings only the Worker reads: how it reaches the engine, not how the engine runs. */
const WORKER_ONLY = new Set(['ENGINE_URL', 'ENGINE_INSTANCES']);

function engineSettings(env: Env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('ENGINE_') && !WORKER_ONLY.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}
