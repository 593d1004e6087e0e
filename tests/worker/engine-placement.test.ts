import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { ENGINE_PATHS, type EngineJobStatus } from '../../contracts/engine';
import { ProviderError, providers } from '../../worker/services/providers';
import type { EnginePool } from '../../durable-objects/EnginePool';
import { HEALTH_EVERY_MS, type InstanceView } from '../../worker/services/providers/engine-placement';
import { fakeContainers } from './fake-containers';

const base = {
  ENGINE_SECRET: 's',
  ENGINE_URL: '',
  ASR_PROVIDER: 'engine',
  STREAM_PROVIDER: 'engine',
  TRANSLATE_PROVIDER: 'engine',
  SUMMARY_PROVIDER: 'engine',
};

/** The real EnginePool Durable Object, a fresh one per test (the Worker always names it `engine-pool`). */
function freshPool() {
  const id = env.ENGINE_POOL.idFromName(crypto.randomUUID());
  const namespace = { idFromName: () => id, get: (i: DurableObjectId) => env.ENGINE_POOL.get(i) };
  const view = async () => (await env.ENGINE_POOL.get(id).instances()) as InstanceView[];
  /** Time passes for the pool's records: each record's expiry comes `ms` sooner, then its alarm runs. */
  const age = async (ms: number) => {
    const stub = env.ENGINE_POOL.get(id);
    await runInDurableObject(stub, (_pool, state) => {
      state.storage.sql.exec('UPDATE placements SET expires_at = expires_at - ?', ms);
    });
    await runDurableObjectAlarm(stub);
  };
  /** The pool's health round (what its alarm runs every HEALTH_EVERY_MS), against the fake's instances. */
  const health = (fake: ReturnType<typeof fakeContainers>) => runInDurableObject(env.ENGINE_POOL.get(id), (pool: EnginePool) => pool.checkHealth(fake.binding));
  const alarm = () => runInDurableObject(env.ENGINE_POOL.get(id), (_pool, state) => state.storage.getAlarm());
  return { namespace, view, age, health, alarm };
}

function pool(fake: ReturnType<typeof fakeContainers>, max: number, namespace = freshPool().namespace) {
  const at = { ...base, ENGINE: fake.binding, ENGINE_POOL: namespace, ENGINE_MAX_INSTANCES: String(max) };
  return {
    env: at,
    /** Starts (or asks about) file job `id`, as a queue stage does; resolves to the instance that answered. */
    async job(id: string) {
      await providers(at, { engineKey: id }).engine.postJson<EngineJobStatus>(ENGINE_PATHS.extractJob, { id });
      return lastInstance(fake);
    },
    async status(id: string) {
      return providers(at, { engineKey: id }).engine.call<EngineJobStatus>(`${ENGINE_PATHS.jobs}/${id}`);
    },
  };
}

const lastInstance = (fake: ReturnType<typeof fakeContainers>) => fake.served[fake.served.length - 1]!.instance;
const refusal = (p: Promise<unknown>) => p.then(() => null).catch((e: unknown) => e);

describe('engine placement by load over a pool that grows (fake Container binding)', () => {
  it('fills running instances least-loaded first, starts another up to the maximum, then refuses; finished work frees its place', async () => {
    const fake = fakeContainers({ maxInstances: 2 });
    const { namespace, view } = freshPool();
    const p = pool(fake, 2, namespace);
    // Four file jobs fill one standard-3 instance; idle instances are not woken while one has room.
    for (const n of [1, 2, 3, 4]) expect(await p.job(`job-${n}`)).toBe('engine-0');
    expect(fake.runningInstances()).toEqual(['engine-0']);
    // The fifth starts the second instance rather than being refused.
    expect(await p.job('job-5')).toBe('engine-1');
    expect(await p.job('job-6')).toBe('engine-1');

    // Three of engine-0's jobs end (the engine says so): it is now the least loaded, so new work goes there.
    for (const n of [1, 2, 3]) {
      fake.finish('engine-0', `job-${n}`);
      expect((await p.status(`job-${n}`)).state).toBe('done');
    }
    expect((await view()).map((i) => [i.name, i.files])).toEqual([
      ['engine-0', 1],
      ['engine-1', 2],
    ]);
    expect(await p.job('job-7')).toBe('engine-0');
    // A finished job's later calls still reach the instance that knows it.
    expect(await p.status('job-1')).toMatchObject({ state: 'done', result: { instance: 'engine-0' } });

    for (const n of [8, 9, 10, 11]) await p.job(`job-${n}`);
    // Both instances full at the maximum: refused as a busy engine is (429), so a queued job waits and retries.
    const err = await refusal(p.job('job-12'));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 429, code: 'busy' });
    expect(fake.runningInstances()).toEqual(['engine-0', 'engine-1']);
  });

  it('keeps each job and meeting on its instance when the maximum changes, and places calls without a key on the least-loaded running instance', async () => {
    const fake = fakeContainers({ maxInstances: 4 });
    const { namespace, view } = freshPool();
    const four = pool(fake, 4, namespace);
    for (let n = 1; n <= 13; n++) await four.job(`job-${n}`);
    expect(fake.runningInstances()).toEqual(['engine-0', 'engine-1', 'engine-2', 'engine-3']);
    const socket = await providers(four.env, { engineKey: 'meeting-7' }).engine.openSocket('en-US');
    expect(lastInstance(fake)).toBe('engine-3');

    // The operator lowers the maximum to 1: nothing running moves, not even what sits past the new maximum.
    const one = pool(fake, 1, namespace);
    for (let n = 1; n <= 13; n++) {
      await one.status(`job-${n}`);
      expect(lastInstance(fake)).toBe(`engine-${Math.floor((n - 1) / 4)}`);
    }
    const again = await providers(one.env, { engineKey: 'meeting-7' }).engine.openSocket('en-US');
    expect(lastInstance(fake)).toBe('engine-3');
    socket.close();
    again.close();
    // The meeting's streams ended: the pool no longer counts them on engine-3.
    await vi.waitFor(async () => expect((await view()).find((i) => i.name === 'engine-3')).toMatchObject({ streams: 0, files: 1 }));

    // A call without a key goes to the least-loaded running instance (engine-3: one job and the meeting),
    // not to a random one that might be asleep.
    await providers(four.env).engine.call(ENGINE_PATHS.health);
    expect(lastInstance(fake)).toBe('engine-3');
  });

  it('tries another instance when one refuses: full (429) or draining after SIGTERM (503), and the job stays where it moved', async () => {
    // The engine behind each instance takes one job, where the pool plans four: its 429 sends the job on.
    const fake = fakeContainers({ maxInstances: 4, files: 1 });
    const p = pool(fake, 4);
    expect(await p.job('job-a')).toBe('engine-0');
    expect(await p.job('job-b')).toBe('engine-1');
    expect(fake.served.filter((s) => s.path === ENGINE_PATHS.extractJob).map((s) => s.instance)).toEqual(['engine-0', 'engine-0', 'engine-1']);

    // A rollout sends engine-1 SIGTERM: job-b's next call is answered "draining" and the job moves, for good.
    fake.sigterm('engine-1');
    expect(await p.job('job-b')).toBe('engine-2');
    expect(await p.job('job-b')).toBe('engine-2');
  });

  it('tries another instance when one does not start in time (500), and refuses when the platform is at its instance limit (429)', async () => {
    const slow = fakeContainers({ maxInstances: 4, startTimeoutMs: 50 });
    slow.slowStart('engine-0', 10_000);
    expect(await pool(slow, 4).job('job-c')).toBe('engine-1');
    expect(slow.served.map((s) => s.instance)).toEqual(['engine-1']);

    // The account allows one running instance where the Worker was told three: the pool tries to grow, the
    // platform answers 429 each time, and the call ends with that 429 (a wait, not a failure of the media).
    const limited = fakeContainers({ maxInstances: 1 });
    const p = pool(limited, 3);
    for (const n of [1, 2, 3, 4]) await p.job(`job-${n}`);
    const err = await refusal(p.job('job-5'));
    expect(err).toMatchObject({ status: 429 });
    expect(limited.runningInstances()).toEqual(['engine-0']);
  });

  it('forgets work whose caller went away: an hour without a call about a job frees its place', async () => {
    const fake = fakeContainers({ maxInstances: 1, files: 8 });
    const { namespace, view, age } = freshPool();
    const p = pool(fake, 1, namespace);
    for (const n of [1, 2, 3, 4]) await p.job(`job-${n}`);
    expect(await refusal(p.job('job-5'))).toMatchObject({ status: 429 });
    await age(30 * 60_000);
    expect(await refusal(p.job('job-5'))).toMatchObject({ status: 429 });
    await age(31 * 60_000);
    expect((await view()).map((i) => i.files)).toEqual([0]);
    expect(await p.job('job-5')).toBe('engine-0');
  });

  it('an evicted instance forgets its jobs: the job keeps its instance, which answers 404 so the stage starts it again there', async () => {
    const fake = fakeContainers({ maxInstances: 2 });
    const p = pool(fake, 2);
    expect(await p.job('job-x')).toBe('engine-0');
    fake.evict('engine-0');
    const err = await refusal(p.status('job-x'));
    expect(err).toMatchObject({ status: 404 });
    expect(lastInstance(fake)).toBe('engine-0');
    expect(await p.job('job-x')).toBe('engine-0');
  });

  it("reads each working instance's health: a draining or unreachable one gets no new work, one that answers ready comes back with the load it reports", async () => {
    const fake = fakeContainers({ maxInstances: 3, graceMs: 60_000, startTimeoutMs: 50 });
    const { namespace, view, health, alarm } = freshPool();
    const p = pool(fake, 3, namespace);
    const ready = async () => Object.fromEntries((await view()).map((i) => [i.name, i.ready]));
    const before = Date.now();
    expect(await p.job('job-a')).toBe('engine-0');
    // Holding work, the pool wakes for a health round within HEALTH_EVERY_MS.
    const at = await alarm();
    expect(at).not.toBeNull();
    expect(at!).toBeLessThanOrEqual(Date.now() + HEALTH_EVERY_MS);
    expect(at!).toBeGreaterThanOrEqual(before);

    // A rollout sends engine-0 SIGTERM: its health says draining, so new work goes elsewhere without trying it first.
    fake.sigterm('engine-0');
    await health(fake);
    expect(await ready()).toEqual({ 'engine-0': false });
    expect(await p.job('job-b')).toBe('engine-1');
    expect(fake.served.filter((s) => s.path === ENGINE_PATHS.extractJob).map((s) => s.instance)).toEqual(['engine-0', 'engine-1']);

    // The platform runs a fresh engine-0, which holds two jobs the pool did not place: it is ready again, and
    // counted with the load its health reports (more than engine-1's).
    fake.evict('engine-0');
    fake.holdJob('engine-0', 'other-1');
    fake.holdJob('engine-0', 'other-2');
    await health(fake);
    expect(await ready()).toEqual({ 'engine-0': true, 'engine-1': true });
    expect((await view()).map((i) => [i.name, i.files])).toEqual([
      ['engine-0', 2],
      ['engine-1', 1],
    ]);
    expect(await p.job('job-c')).toBe('engine-1');

    // engine-1 dies and does not come back in time (the Container's 500): it gets nothing new; engine-0, the
    // busier one, takes the next job.
    fake.evict('engine-1');
    fake.slowStart('engine-1', 60_000);
    await health(fake);
    expect(await ready()).toEqual({ 'engine-0': true, 'engine-1': false });
    expect(await p.job('job-d')).toBe('engine-0');
  });
});
