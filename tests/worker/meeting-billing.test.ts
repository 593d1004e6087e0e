import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contracts/errors';
import { MeetingBilling } from '../../durable-objects/meeting-billing';
import type { ApiError } from '../../worker/lib/errors';
import { grant, signUp } from './api';
import { roomState } from './room-parts';

/** A meeting's charges (durable-objects/meeting-billing.ts) against a real account in D1. */

const remaining = async (userId: number) =>
  (await env.DB.prepare("SELECT remaining_seconds AS s FROM accounts WHERE user_id = ? AND account_type = 'duration'").bind(userId).first<{ s: number }>())!.s;

const costs = async (userId: number) =>
  (await env.DB.prepare("SELECT work_ref, seconds FROM cost_records WHERE user_id = ? AND feature = 'realtime' ORDER BY id").bind(userId).all()).results;

describe('meeting billing', () => {
  it('charges each whole minute once, even when a room evicted before storing its count charges again, and the rest once at the end', async () => {
    const { userId } = await signUp();
    await grant(userId, 'duration', 600);
    const room = roomState({ userId, durationMs: 125_000 });
    const refused: ApiError[] = [];
    const billing = new MeetingBilling(env, room, async (err) => void refused.push(err));
    await billing.chargeMinutes();
    expect(room.meta.chargedMinutes).toBe(2);
    expect(await remaining(userId)).toBe(480);

    // The same meeting in a room that lost its count: the minutes' work refs are already charged.
    const again = roomState({ ...room.meta, chargedMinutes: 0 });
    const rewoken = new MeetingBilling(env, again, async (err) => void refused.push(err));
    await rewoken.chargeMinutes();
    expect(again.meta.chargedMinutes).toBe(2);
    expect(await remaining(userId)).toBe(480);

    room.meta.status = 'ended';
    await billing.settle();
    await billing.settle();
    const id = room.meta.id;
    expect(await costs(userId)).toEqual([
      { work_ref: `meeting:${id}:0`, seconds: 60 },
      { work_ref: `meeting:${id}:1`, seconds: 60 },
      { work_ref: `meeting:${id}:rest`, seconds: 5 },
    ]);
    expect(await remaining(userId)).toBe(475);
    expect(refused).toEqual([]);
  });

  it("charges the browser plugin's sessions as real-time subtitles, not as interpreting", async () => {
    const { userId } = await signUp();
    await grant(userId, 'duration', 600);
    const room = roomState({ userId, durationMs: 65_000, allowance: 'subtitles' });
    const billing = new MeetingBilling(env, room, async () => {});
    room.meta.status = 'ended';
    await billing.settle();
    const features = await env.DB.prepare('SELECT feature, seconds FROM cost_records WHERE user_id = ? ORDER BY id').bind(userId).all();
    expect(features.results).toEqual([
      { feature: 'subtitles', seconds: 60 },
      { feature: 'subtitles', seconds: 5 },
    ]);
    expect(await remaining(userId)).toBe(535);
  });

  it('charges a minute as soon as it is heard and reports an allowance that cannot pay for the next', async () => {
    const { userId } = await signUp();
    await grant(userId, 'duration', 90);
    const room = roomState({ userId, durationMs: 59_900 });
    expect(await new MeetingBilling(env, room, async () => {}).refusalToStart()).toBeNull();
    let report: (err: ApiError) => void = () => {};
    const reported = new Promise<ApiError>((resolve) => (report = resolve));
    const billing = new MeetingBilling(env, room, async (err) => report(err));
    billing.heard();
    room.meta.durationMs = 60_000;
    billing.heard();
    const err = await reported;
    expect(err.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(await remaining(userId)).toBe(30);
    expect((await billing.refusalToStart())?.code).toBe(Code.INSUFFICIENT_BALANCE);
  });
});
