/**
 * Placement of engine work on the Container pool by load: the policy (`placeWork`, shared by the EnginePool
 * coordinator in durable-objects/EnginePool.ts and `npm run bench:placement`, so the bench measures the code
 * that runs) and the Worker's side of it (`placedFetch`: ask the coordinator, call the instance it names, try
 * another on a refusal that says "not here, not now", tell the coordinator when work ends).
 */
import { ENGINE_PATHS, type EngineError, EngineErrorCode, type EngineHealth } from '../../../contracts/engine';

/** What a piece of work costs an instance: a live stream, an engine-side file job, or a short call (no key). */
export type WorkKind = 'stream' | 'file' | 'call';

/**
 * What one instance takes at once. standard-3 (2 vCPU, 70 % of it planned, README's capacity table): 8 live
 * streams at 0.16 CPU-seconds per second of audio, or 4 file jobs of 0.35 CPU each at 0.25 CPU-seconds per
 * second of audio (5.6 audio-hours of file work per hour); streams and file work share the budget.
 */
export interface InstanceCapacity {
  streams: number;
  files: number;
}
export const STANDARD_3: InstanceCapacity = { streams: 8, files: 4 };

/** The coordinator's view of one instance. */
export interface InstanceView {
  /** `engine-N`, the Container binding's name for it. */
  name: string;
  streams: number;
  files: number;
  /** Running: it served a call within the Container's sleepAfter, or holds work. */
  awake: boolean;
  /** Not draining, not refusing (429), not failing to start: it may take new work. */
  ready: boolean;
}

export type Placement = { instance: string; starts: boolean } | { refused: string };

/**
 * An engine instance sleeps this long after its last request or socket (EngineContainer's sleepAfter): long
 * enough that a file job's next stage finds it warm. The coordinator counts an instance as running as long.
 */
export const ENGINE_SLEEP_AFTER_MS = 10 * 60_000;

export const instanceName = (index: number) => `engine-${index}`;

/** The share of an instance's budget its work takes (1 = full). */
export const load = (i: Pick<InstanceView, 'streams' | 'files'>, capacity: InstanceCapacity) => i.streams / capacity.streams + i.files / capacity.files;

const COST: Record<WorkKind, (c: InstanceCapacity) => number> = { stream: (c) => 1 / c.streams, file: (c) => 1 / c.files, call: () => 0 };

/**
 * Where new work goes: the least-loaded awake, ready instance with room for it; else another instance is
 * started (the lowest-numbered one not running, below `maxInstances`), so idle instances stay asleep until the
 * running ones are full; else it is refused. `exclude`: instances that just refused this work.
 */
export function placeWork(
  instances: readonly InstanceView[],
  kind: WorkKind,
  maxInstances: number,
  capacity: InstanceCapacity,
  exclude: ReadonlySet<string> = new Set(),
): Placement {
  const cost = COST[kind](capacity);
  let best: InstanceView | undefined;
  let bestLoad = Number.POSITIVE_INFINITY;
  for (const i of instances) {
    if (!i.awake || !i.ready || exclude.has(i.name)) continue;
    const l = load(i, capacity);
    // A hair of slack so eight eighths fit in one.
    if (l + cost <= 1 + 1e-9 && l < bestLoad) {
      best = i;
      bestLoad = l;
    }
  }
  if (best) return { instance: best.name, starts: false };
  const byName = new Map(instances.map((i) => [i.name, i]));
  for (let n = 0; n < maxInstances; n++) {
    const name = instanceName(n);
    const known = byName.get(name);
    if (exclude.has(name) || (known && (known.awake || !known.ready))) continue;
    return { instance: name, starts: true };
  }
  return { refused: `all ${maxInstances} engine instances are full or unavailable` };
}

/** The coordinator's RPC surface, as the Worker calls it (durable-objects/EnginePool.ts implements it). */
export interface PoolApi {
  place(request: PlaceRequest): Promise<Placement>;
  /** An instance refused work: busy (429), draining (SIGTERM), or its start failed (500 from the Container). */
  report(instance: string, outcome: InstanceTrouble): Promise<void>;
  /** The keyed work ended: its load is released; the record lingers a while so a late call still finds the instance. */
  release(key: string): Promise<void>;
}
export type InstanceTrouble = 'busy' | 'draining' | 'failed';

/** The origin engine calls name when they go through the Container binding (only the path reaches the engine). */
export const CONTAINER_ORIGIN = 'http://engine.container';

/**
 * How often the coordinator reads `/v1/health` of each instance holding work: often enough that a rollout's
 * SIGTERM (up to ENGINE_DRAIN_SECONDS of draining) or a dead instance stops getting new work within seconds of
 * it, rare enough to cost nothing beside the work (one small GET per instance).
 */
export const HEALTH_EVERY_MS = 15_000;
/** A health answer slower than this counts as unreachable: a live engine answers from memory at once. */
export const HEALTH_TIMEOUT_MS = 5_000;

/** What one health read says: ready with the load the engine reports, draining (with its load), or unreachable. */
export type HealthReading = { state: 'ready' | 'draining'; streams: number; files: number } | { state: 'unreachable' };

/**
 * Reads one instance's `/v1/health`: 200 ready, 503 `draining` (SIGTERM), anything else (the Container's 500 on
 * a failed start, a thrown fetch, no answer within HEALTH_TIMEOUT_MS) unreachable.
 */
export async function readHealth(container: { fetch(input: string, init?: RequestInit): Promise<Response> }): Promise<HealthReading> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), HEALTH_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([container.fetch(`${CONTAINER_ORIGIN}${ENGINE_PATHS.health}`), late]);
    if (!res || (res.status !== 200 && res.status !== 503)) return { state: 'unreachable' };
    const body = (await res.json().catch(() => null)) as Partial<EngineHealth> | null;
    if (!body || (res.status === 503 && !body.draining && body.status !== 'draining')) return { state: 'unreachable' };
    const draining = res.status === 503 || body.draining === true || body.status === 'draining';
    return { state: draining ? 'draining' : 'ready', streams: count(body.streams), files: count(body.jobs) };
  } catch {
    return { state: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
export interface PlaceRequest {
  key?: string;
  kind: WorkKind;
  maxInstances: number;
  exclude?: string[];
}

/** The one coordinator's name: every isolate reaches the same instance. */
export const POOL_NAME = 'engine-pool';

/** The bindings as this module uses them (`Id`: DurableObjectId in the Worker; the bench has no Workers types). */
export interface PoolNamespace<Id> {
  idFromName(name: string): Id;
  get(id: Id): unknown;
}
export interface ContainerNamespace<Id> {
  idFromName(name: string): Id;
  get(id: Id): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

/** `ENGINE_MAX_INSTANCES` (keep equal to wrangler.toml [[containers]] max_instances), at least 1. */
export const maxInstances = (setting: string | undefined) => Math.max(1, Math.floor(Number(setting)) || 1);

/** Instances tried for one call before its last refusal is the answer. */
const ATTEMPTS = 3;

/** How long an isolate reuses the coordinator's choice for calls without a key (translations, probes, pieces). */
const CALL_REUSE_MS = 5_000;
const lastCall = new WeakMap<object, { instance: string; at: number }>();

/**
 * The fetch of engine calls through the pool: with `key` (a file job's id, `meeting-ID`) the instance recorded
 * for it, placed by load on first use; without one, the least-loaded running instance.
 */
export function placedFetch<ContainerId, PoolId>(
  containers: ContainerNamespace<ContainerId>,
  poolNamespace: PoolNamespace<PoolId>,
  limit: number,
  key?: string,
): (input: string, init?: RequestInit) => Promise<Response> {
  const pool = () => poolNamespace.get(poolNamespace.idFromName(POOL_NAME)) as PoolApi;
  return async (input, init) => {
    const kind: WorkKind = key === undefined ? 'call' : new URL(input).pathname === ENGINE_PATHS.stream ? 'stream' : 'file';
    const replayable = init?.body === undefined || init.body === null || typeof init.body === 'string';
    const exclude: string[] = [];
    for (let attempt = 1; ; attempt++) {
      const placed = await choose(pool, poolNamespace, { key, kind, maxInstances: limit, exclude });
      if ('refused' in placed) return refusal(placed.refused);
      const res = await containers.get(containers.idFromName(placed.instance)).fetch(input, init);
      const trouble = await troubleOf(res);
      if (trouble) {
        await pool().report(placed.instance, trouble);
        if (lastCall.get(poolNamespace)?.instance === placed.instance) lastCall.delete(poolNamespace);
        if (replayable && attempt < ATTEMPTS) {
          exclude.push(placed.instance);
          continue;
        }
        return res;
      }
      if (key !== undefined) await releaseWhenDone(pool, key, kind, res);
      return res;
    }
  };
}

async function choose(pool: () => PoolApi, namespace: object, request: PlaceRequest): Promise<Placement> {
  if (request.kind !== 'call' || request.exclude?.length) return pool().place(request);
  const hit = lastCall.get(namespace);
  if (hit && Date.now() - hit.at < CALL_REUSE_MS) return { instance: hit.instance, starts: false };
  const placed = await pool().place(request);
  if ('instance' in placed) lastCall.set(namespace, { instance: placed.instance, at: Date.now() });
  return placed;
}

/**
 * Whether an answer means "this instance cannot take it now, another may": 429 (the engine full, or the
 * platform at its instance limit), 503 `draining` (the engine was sent SIGTERM), or the Container's own 500
 * when the engine did not start listening in time (plain text, not the engine's JSON error).
 */
async function troubleOf(res: Response): Promise<InstanceTrouble | undefined> {
  if (res.status === 429) return 'busy';
  if (res.status !== 503 && res.status !== 500) return undefined;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as EngineError | null;
  if (res.status === 503) return (body?.error?.code as string | undefined) === 'draining' ? 'draining' : undefined;
  return body?.error ? undefined : 'failed';
}

/** A stream's work ends when its socket closes; a file job's when the engine answers it is done or failed. */
async function releaseWhenDone(pool: () => PoolApi, key: string, kind: WorkKind, res: Response) {
  const socket = (res as Response & { webSocket?: WebSocket | null }).webSocket;
  if (kind === 'stream') {
    if (!socket) return pool().release(key);
    const release = () =>
      void pool()
        .release(key)
        .catch(() => undefined);
    socket.addEventListener('close', release);
    socket.addEventListener('error', release);
    return;
  }
  if (!res.ok || !res.headers.get('content-type')?.includes('json')) return;
  const status = (await res
    .clone()
    .json()
    .catch(() => null)) as { state?: string } | null;
  if (status?.state === 'done' || status?.state === 'failed') await pool().release(key);
}

/** The answer when every instance is full: the engine's own "busy", so callers wait and try again as for a full engine. */
function refusal(message: string): Response {
  const body: EngineError = { error: { code: EngineErrorCode.busy, message } };
  return Response.json(body, { status: 429, headers: { 'retry-after': '15' } });
}
