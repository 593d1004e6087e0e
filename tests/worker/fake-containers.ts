/**
 * A fake of the ENGINE Container binding (Cloudflare's container platform is unreachable here), following what
 * @cloudflare/containers documents and does (its Container.containerFetch): an instance starts on its first
 * request and answers once its port is ready, after a start delay; when the port is not ready within the
 * start timeout the request gets a 500 ("Failed to start container"); a start past the account's instance
 * limit gets a 429; an evicted instance loses its memory (later calls about its jobs answer 404); SIGTERM
 * gives the engine a grace period, during which it answers new work with 503 `draining`, then stops it.
 * Behind the port is a small engine: health (200, or 503 `draining` after SIGTERM, with its streams and running
 * jobs, as engine/server.ts answers it), engine-side jobs (extract/render) and live streams, each refused
 * with 429 `busy` past the instance's capacity, as the engine does.
 */
import { ENGINE_PATHS } from '../../contracts/engine';

export interface FakeContainerOptions {
  /** The platform's max_instances: running instances past it are refused with 429. */
  maxInstances: number;
  startDelayMs?: number;
  /** The Container's start timeout (portReadyTimeoutMS). */
  startTimeoutMs?: number;
  graceMs?: number;
  /** What the engine behind each instance takes at once before answering 429 busy. */
  streams?: number;
  files?: number;
}

type State = 'stopped' | 'starting' | 'running' | 'draining';

interface FakeInstance {
  state: State;
  readyAt: number;
  jobs: Map<string, 'running' | 'done'>;
  sockets: Set<WebSocket>;
  /** Start delay of this instance when it differs from the fake's (a slow start). */
  startDelayMs?: number;
}

const engineError = (status: number, code: string, message: string) => Response.json({ error: { code, message } }, { status });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function fakeContainers(options: FakeContainerOptions) {
  const { maxInstances, startDelayMs = 5, startTimeoutMs = 2_000, graceMs = 50, streams = 8, files = 4 } = options;
  const instances = new Map<string, FakeInstance>();
  /** Every request that reached an engine: which instance, which path. */
  const served: { instance: string; path: string }[] = [];

  const instance = (name: string) => {
    const found: FakeInstance = instances.get(name) ?? { state: 'stopped', readyAt: 0, jobs: new Map(), sockets: new Set() };
    instances.set(name, found);
    return found;
  };
  const running = () => [...instances.values()].filter((i) => i.state !== 'stopped').length;
  const stop = (i: FakeInstance) => {
    i.state = 'stopped';
    i.jobs.clear();
    for (const socket of i.sockets) socket.close(1012, 'instance stopped');
    i.sockets.clear();
  };

  async function fetchAt(name: string, request: Request): Promise<Response> {
    const i = instance(name);
    if (i.state === 'stopped') {
      if (running() >= maxInstances) return new Response('There is no Container instance available at this time (max_instances reached).', { status: 429 });
      i.state = 'starting';
      i.readyAt = Date.now() + (i.startDelayMs ?? startDelayMs);
    }
    if (i.state === 'starting') {
      const left = i.readyAt - Date.now();
      if (left > startTimeoutMs) {
        await wait(startTimeoutMs);
        return new Response('Failed to start container: the container did not start listening in time', { status: 500 });
      }
      await wait(Math.max(0, left));
      if (i.state === 'starting') i.state = 'running';
    }
    const path = new URL(request.url).pathname;
    served.push({ instance: name, path });
    if (path === ENGINE_PATHS.health) {
      const draining = i.state === 'draining';
      const running = [...i.jobs.values()].filter((s) => s === 'running').length;
      return Response.json({ status: draining ? 'draining' : 'ok', draining, streams: i.sockets.size, jobs: running }, { status: draining ? 503 : 200 });
    }
    if (request.method === 'GET' && path.startsWith(`${ENGINE_PATHS.jobs}/`)) {
      const id = decodeURIComponent(path.slice(ENGINE_PATHS.jobs.length + 1));
      const state = i.jobs.get(id);
      if (!state) return engineError(404, 'not_found', `no job ${id}`);
      return Response.json(state === 'done' ? { id, state, result: { instance: name } } : { id, state });
    }
    if (i.state === 'draining') return engineError(503, 'draining', 'the engine is shutting down; send new work elsewhere');
    if (request.method === 'POST' && path.startsWith(`${ENGINE_PATHS.jobs}/`)) {
      const { id } = (await request.json()) as { id: string };
      if (!i.jobs.has(id)) {
        if ([...i.jobs.values()].filter((s) => s === 'running').length >= files) return engineError(429, 'busy', `all ${files} job slots are in use`);
        i.jobs.set(id, 'running');
      }
      return Response.json({ id, state: i.jobs.get(id) });
    }
    if (path === ENGINE_PATHS.stream) {
      if (i.sockets.size >= streams) return engineError(429, 'busy', `all ${streams} live streams are in use`);
      const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
      server.accept();
      i.sockets.add(server);
      server.addEventListener('close', () => {
        i.sockets.delete(server);
        server.close();
      });
      return new Response(null, { status: 101, webSocket: client });
    }
    return Response.json({ ok: true });
  }

  const binding = {
    idFromName: (name: string) => ({ name, toString: () => name }) as unknown as DurableObjectId,
    get: (id: DurableObjectId) => ({
      fetch: (input: string, init?: RequestInit) => fetchAt((id as unknown as { name: string }).name, new Request(input, init)),
    }),
  };

  return {
    binding,
    served,
    /** Instances the platform is running (started, draining or not). */
    runningInstances: () => [...instances.entries()].filter(([, i]) => i.state !== 'stopped').map(([name]) => name),
    /** The engine finished a job (its next status call answers done). */
    finish(name: string, id: string) {
      instance(name).jobs.set(id, 'done');
    },
    /** The platform moved or recycled the instance: it stops, and its memory is gone. */
    evict(name: string) {
      stop(instance(name));
    },
    /** A rollout: SIGTERM, then the instance stops after the grace period. */
    sigterm(name: string) {
      const i = instance(name);
      i.state = 'draining';
      setTimeout(() => stop(i), graceMs);
    },
    /** Work the engine holds that no placement put there (it counts in the engine's health answer). */
    holdJob(name: string, id: string) {
      instance(name).jobs.set(id, 'running');
    },
    /** This instance takes `ms` to listen the next time it starts. */
    slowStart(name: string, ms: number) {
      instance(name).startDelayMs = ms;
    },
  };
}
