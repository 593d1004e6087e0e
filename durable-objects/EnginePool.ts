import { DurableObject } from 'cloudflare:workers';
import {
  type ContainerNamespace,
  ENGINE_SLEEP_AFTER_MS,
  HEALTH_EVERY_MS,
  type HealthReading,
  type InstanceTrouble,
  type InstanceView,
  type Placement,
  type PlaceRequest,
  type PoolApi,
  placeWork,
  readHealth,
  STANDARD_3,
} from '../worker/services/providers/engine-placement';

/**
 * EnginePool — one instance (named `engine-pool`, POOL_NAME), the coordinator of the engine Container pool.
 * Its duties: know each engine instance's live streams and file jobs (from the work it placed, and what the
 * engine's health reports) and health (from the refusals the Worker reports: busy, draining, failed to start,
 * and from reading `/v1/health` of every instance holding work every HEALTH_EVERY_MS); place new work on the least-loaded
 * ready instance, starting another, up to ENGINE_MAX_INSTANCES, before refusing (placeWork); record which
 * instance each keyed piece of work (a file job's id, `meeting-ID`) went to, so every later call with that key
 * goes there and a change of the maximum moves nothing running; release the record's load when the work ends
 * and forget records left stale (an isolate that died before it could say the work ended).
 */
export class EnginePool extends DurableObject<Env> implements PoolApi {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS instances (
      name TEXT PRIMARY KEY, last_used INTEGER NOT NULL, unready_until INTEGER NOT NULL DEFAULT 0, trouble TEXT)`);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS placements (
      key TEXT PRIMARY KEY, instance TEXT NOT NULL, kind TEXT NOT NULL, active INTEGER NOT NULL, expires_at INTEGER NOT NULL)`);
    // What each instance's last health answer said it holds (the engine's own count, which includes work this
    // pool does not know of: a record it forgot, a caller that bypassed it).
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS health (
      name TEXT PRIMARY KEY, streams INTEGER NOT NULL, files INTEGER NOT NULL, checked_at INTEGER NOT NULL)`);
  }

  async place(request: PlaceRequest): Promise<Placement> {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    const exclude = new Set(request.exclude ?? []);
    if (request.key !== undefined) {
      const held = sql.exec<{ instance: string }>('SELECT instance FROM placements WHERE key = ?', request.key).toArray()[0];
      if (held && !exclude.has(held.instance)) {
        sql.exec('UPDATE placements SET active = 1, expires_at = ? WHERE key = ?', now + ACTIVE_MS[request.kind], request.key);
        this.touch(held.instance, now);
        await this.expireLater();
        return { instance: held.instance, starts: false };
      }
    }
    const placed = placeWork(this.view(now), request.kind, request.maxInstances, STANDARD_3, exclude);
    if ('refused' in placed) return placed;
    this.touch(placed.instance, now);
    if (request.key !== undefined && request.kind !== 'call') {
      sql.exec(
        'INSERT OR REPLACE INTO placements (key, instance, kind, active, expires_at) VALUES (?, ?, ?, 1, ?)',
        request.key,
        placed.instance,
        request.kind,
        now + ACTIVE_MS[request.kind],
      );
      await this.expireLater();
    }
    return placed;
  }

  async report(instance: string, outcome: InstanceTrouble): Promise<void> {
    this.ctx.storage.sql.exec(
      `INSERT INTO instances (name, last_used, unready_until, trouble) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT(name) DO UPDATE SET unready_until = ?3, trouble = ?4`,
      instance,
      Date.now(),
      Date.now() + UNREADY_MS[outcome],
      outcome,
    );
  }

  async release(key: string): Promise<void> {
    this.ctx.storage.sql.exec('UPDATE placements SET active = 0, expires_at = ? WHERE key = ?', Date.now() + ENGINE_SLEEP_AFTER_MS, key);
    await this.expireLater();
  }

  /** What each instance holds now, for a look at the pool (and the tests). */
  async instances(): Promise<InstanceView[]> {
    return this.view(Date.now());
  }

  async alarm() {
    this.ctx.storage.sql.exec('DELETE FROM placements WHERE expires_at <= ?', Date.now());
    // With ENGINE_URL the Worker calls that engine directly and this pool's instances are not the Container's.
    if (this.env.ENGINE && !this.env.ENGINE_URL?.trim()) await this.checkHealth(this.env.ENGINE);
    await this.expireLater();
  }

  /**
   * Reads `/v1/health` of every instance holding work, at once, and places by what it says: a draining or
   * unreachable instance gets no new work until an answer says it is ready again. Idle instances are not asked:
   * a request is activity to the Container, so asking would keep them from ever sleeping (or wake a stopped one);
   * a refusal from one of them still reaches the pool through the Worker's report.
   */
  async checkHealth(containers: ContainerNamespace<DurableObjectId>): Promise<void> {
    const now = Date.now();
    const holding = this.view(now).filter((i) => i.streams + i.files > 0);
    const readings = await Promise.all(holding.map(async (i) => [i.name, await readHealth(containers.get(containers.idFromName(i.name)))] as const));
    for (const [name, reading] of readings) this.recordHealth(name, reading, Date.now());
  }

  private recordHealth(name: string, reading: HealthReading, now: number) {
    const sql = this.ctx.storage.sql;
    if (reading.state === 'unreachable') {
      sql.exec('DELETE FROM health WHERE name = ?', name);
    } else {
      sql.exec('INSERT OR REPLACE INTO health (name, streams, files, checked_at) VALUES (?, ?, ?, ?)', name, reading.streams, reading.files, now);
    }
    if (reading.state === 'ready') {
      // Back in service; a recent 429 still holds (health does not say the engine has a free slot).
      sql.exec(`UPDATE instances SET unready_until = 0, trouble = NULL WHERE name = ? AND trouble IS NOT 'busy'`, name);
      return;
    }
    const trouble: InstanceTrouble = reading.state === 'draining' ? 'draining' : 'failed';
    sql.exec('UPDATE instances SET unready_until = ?, trouble = ? WHERE name = ?', now + UNREADY_MS[trouble], trouble, name);
  }

  private touch(instance: string, now: number) {
    this.ctx.storage.sql.exec('INSERT INTO instances (name, last_used) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET last_used = ?2', instance, now);
  }

  private view(now: number): InstanceView[] {
    const rows = this.ctx.storage.sql
      .exec<{
        name: string;
        last_used: number;
        unready_until: number;
        streams: number;
        files: number;
        reported_streams: number | null;
        reported_files: number | null;
      }>(
        `SELECT i.name, i.last_used, i.unready_until,
           COUNT(CASE WHEN p.kind = 'stream' AND p.active = 1 AND p.expires_at > ?1 THEN 1 END) AS streams,
           COUNT(CASE WHEN p.kind = 'file' AND p.active = 1 AND p.expires_at > ?1 THEN 1 END) AS files,
           h.streams AS reported_streams, h.files AS reported_files
         FROM instances i LEFT JOIN placements p ON p.instance = i.name
           LEFT JOIN health h ON h.name = i.name AND h.checked_at > ?2
         GROUP BY i.name`,
        now,
        now - 2 * HEALTH_EVERY_MS,
      )
      .toArray();
    return rows.map((r) => ({
      name: r.name,
      // The larger of what the pool placed and what the engine last said it holds (within two health rounds).
      streams: Math.max(r.streams, r.reported_streams ?? 0),
      files: Math.max(r.files, r.reported_files ?? 0),
      // The Container sleeps sleepAfter after its last request; work it holds keeps it running.
      awake: r.streams + r.files > 0 || now - r.last_used < ENGINE_SLEEP_AFTER_MS,
      ready: r.unready_until <= now,
    }));
  }

  /**
   * The alarm at the next record's expiry, so stale records leave without anyone asking, and within
   * HEALTH_EVERY_MS while any instance holds work, for its health read; none when the pool holds nothing.
   */
  private async expireLater() {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    const expiry = sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM placements').toArray()[0]?.at ?? null;
    const working = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM placements WHERE active = 1 AND expires_at > ?', now).toArray()[0]?.n ?? 0;
    const health = working > 0 ? now + HEALTH_EVERY_MS : null;
    const next = expiry === null ? health : health === null ? expiry : Math.min(expiry, health);
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }
}

/**
 * How long a record counts as running without a call about it: a file job is asked about every few seconds
 * while it runs, so an hour without a call means its caller is gone; a live stream makes no calls once open,
 * and its socket's close releases it, so this only bounds one whose close was never seen.
 */
const ACTIVE_MS: Record<PlaceRequest['kind'], number> = { file: 60 * 60_000, stream: 12 * 60 * 60_000, call: 0 };

/** How long an instance gets no new work after a refusal: a full engine frees a slot within seconds; a draining one is gone within its grace period and starts fresh on the next call after it. */
const UNREADY_MS: Record<InstanceTrouble, number> = { busy: 15_000, failed: 30_000, draining: 60_000 };
