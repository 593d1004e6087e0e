import { describe, expect, it } from 'vitest';
import { call, send, signUp } from './api';

const unknownScreen = (i: number) =>
  call(`/prod-api/speech/meeting/getNetworkLink?shortCode=${String(900000 + i)}`, { headers: { 'accept-language': 'zh-TW' } });

describe('guessing short codes', () => {
  it('stops an address after 30 wrong screen codes, in the caller’s language', async () => {
    for (let i = 0; i < 30; i++) expect((await unknownScreen(i)).status).toBe(404);
    const blocked = await unknownScreen(31);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 429, data: null });
    expect(blocked.body.msg).toMatch(/^嘗試的碼過多，請 \d+ 秒後再試/);
  });

  it('stops an account after 10 wrong card codes, not the other accounts at its address', async () => {
    const { token } = await signUp();
    const redeem = (code: string) => send(`/prod-api/expense/cardPassword/exchangeCardPassword/${code}`, {}, { token });
    for (let i = 0; i < 10; i++) expect((await redeem(`WRONG-${i}`)).status).toBe(400);
    const blocked = await redeem('WRONG-11');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/Too many codes tried/);
    // Another account from the same address still has its own tries.
    const other = await signUp();
    expect((await send('/prod-api/expense/cardPassword/exchangeCardPassword/WRONG-X', {}, { token: other.token })).status).toBe(400);
  });
});
