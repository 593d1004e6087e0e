import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contracts/errors';
import type { MediaSubtitlesAnswer } from '../../contracts/plugin-media';
import { grant, send, signUp } from './api';

/** The browser plugin's real-time subtitles of media (spec §6: limited with a duration package, unlimited for members). */

const cost = (token: string, seconds: number) => send<MediaSubtitlesAnswer>('/prod-api/order/cost/media', { seconds }, { token });
const consume = (token: string, body: { mediaId: string; seq: number; seconds: number }) =>
  send<MediaSubtitlesAnswer>('/prod-api/order/consumer/media', body, { token });
const remaining = async (userId: number) =>
  (await env.DB.prepare("SELECT remaining_seconds AS s FROM accounts WHERE user_id = ? AND account_type = 'duration'").bind(userId).first<{ s: number }>())?.s;
const charged = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n, coalesce(sum(seconds), 0) AS s FROM cost_records WHERE user_id = ? AND feature = 'subtitles'")
    .bind(userId)
    .first<{
      n: number;
      s: number;
    }>())!;

describe('plugin real-time subtitles of media', () => {
  it('charges a duration package for what was subtitled, once per report, and stops when it runs out', async () => {
    const { token, userId } = await signUp();
    await grant(userId, 'duration', 100);
    expect((await cost(token, 60)).body.data).toEqual({ unlimited: false, accountType: 'duration', remainingSeconds: 100 });

    const first = await consume(token, { mediaId: 'tab-1', seq: 0, seconds: 60 });
    expect(first.body.data).toEqual({ unlimited: false, accountType: 'duration', remainingSeconds: 40 });
    // The plugin sends the same report again after a timeout: nothing more is taken.
    const again = await consume(token, { mediaId: 'tab-1', seq: 0, seconds: 60 });
    expect(again.body.data.remainingSeconds).toBe(40);
    expect(await charged(userId)).toEqual({ n: 1, s: 60 });

    // 40 s left: a minute more is refused before it is charged, with the balance code the pay dialog opens on.
    expect((await cost(token, 60)).body.code).toBe(Code.INSUFFICIENT_BALANCE);
    const refused = await consume(token, { mediaId: 'tab-1', seq: 1, seconds: 60 });
    expect(refused.body.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(await remaining(userId)).toBe(40);
    expect((await consume(token, { mediaId: 'tab-1', seq: 1, seconds: 40 })).body.data.remainingSeconds).toBe(0);
    expect(await charged(userId)).toEqual({ n: 2, s: 100 });
  });

  it('is unlimited for members: nothing is taken from a duration package they also hold', async () => {
    for (const level of ['vip', 'svip'] as const) {
      const { token, userId } = await signUp();
      await grant(userId, level);
      await grant(userId, 'duration', 30);
      expect((await cost(token, 600)).body.data).toEqual({ unlimited: true, accountType: level, remainingSeconds: null });
      for (let seq = 0; seq < 3; seq++) {
        expect((await consume(token, { mediaId: 'video', seq, seconds: 600 })).body.data.unlimited).toBe(true);
      }
      expect(await remaining(userId)).toBe(30);
      expect(await charged(userId)).toEqual({ n: 3, s: 1800 });
    }
  });

  it('refuses a user with nothing to pay, a guest, and reports that are not whole seconds in range', async () => {
    const { token, userId } = await signUp();
    expect((await cost(token, 10)).body.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect((await consume(token, { mediaId: 'm', seq: 0, seconds: 10 })).body.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect((await send('/prod-api/order/cost/media', { seconds: 10 })).status).toBe(401);
    for (const bad of [
      { mediaId: 'm', seq: 0, seconds: 0 },
      { mediaId: 'm', seq: -1, seconds: 5 },
      { mediaId: '', seq: 0, seconds: 5 },
      { mediaId: 'm', seq: 0, seconds: 601 },
    ]) {
      expect((await consume(token, bad)).status).toBe(400);
    }
    expect(await charged(userId)).toEqual({ n: 0, s: 0 });
  });

  it("charges each user's own reports: the same media id of another user is theirs alone", async () => {
    const a = await signUp();
    const b = await signUp();
    await grant(a.userId, 'duration', 100);
    await grant(b.userId, 'duration', 100);
    await consume(a.token, { mediaId: 'shared-video', seq: 0, seconds: 50 });
    await consume(b.token, { mediaId: 'shared-video', seq: 0, seconds: 20 });
    expect(await remaining(a.userId)).toBe(50);
    expect(await remaining(b.userId)).toBe(80);
  });
});
