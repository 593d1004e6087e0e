import { DurableObject } from 'cloudflare:workers';
import {
  ENGINE_SLEEP_AFTER_MS,
  type InstanceTrouble,
  type InstanceView,
  type Placement,
  type PlaceRequest,
  type PoolApi,
  placeWork,
  STANDARD_3,
} from '../worker/services/providers/engine-placement';

/**
 * EnginePool — one instance (named `engine-pool`, POOL_NAME), the coordinator of the engine Container pool.
 * Its duties: know each engine instance's live streams and file jobs (from the work it placed) and health
 * (from the refusals the Worker reports: busy, draining, failed to start); place new work on the least-loaded
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
    await this.expireLater();
  }

  private touch(instance: string, now: number) {
    this.ctx.storage.sql.exec('INSERT INTO instances (name, last_used) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET last_used = ?2', instance, now);
  }

  private view(now: number): InstanceView[] {
    const rows = this.ctx.storage.sql
      .exec<{ name: string; last_used: number; unready_until: number; streams: number; files: number }>(
        `SELECT i.name, i.last_used, i.unready_until,
           COUNT(CASE WHEN p.kind = 'stream' AND p.active = 1 AND p.expires_at > ?1 THEN 1 END) AS streams,
           COUNT(CASE WHEN p.kind = 'file' AND p.active = 1 AND p.expires_at > ?1 THEN 1 END) AS files
         FROM instances i LEFT JOIN placements p ON p.instance = i.name GROUP BY i.name`,
        now,
      )
      .toArray();
    return rows.map((r) => ({
      name: r.name,
      streams: r.streams,
      files: r.files,
      // The Container sleeps sleepAfter after its last request; work it holds keeps it running.
      awake: r.streams + r.files > 0 || now - r.last_used < ENGINE_SLEEP_AFTER_MS,
      ready: r.unready_until <= now,
    }));
  }

  /** The alarm at the next record's expiry, so stale records leave without anyone asking. */
  private async expireLater() {
    const next = this.ctx.storage.sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM placements').toArray()[0]?.at;
    if (next == null) return;
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
