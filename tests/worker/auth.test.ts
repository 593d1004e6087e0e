import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contracts/auth';
import type { AccountItem } from '../../contracts/rights';
import { CAPTCHA_GLYPHS } from '../../worker/services/captcha';
import { call, callProduction, codeFromOutbox, freshEmail, get, send, signUp, solveCaptcha } from './api';

describe('verification codes', () => {
  it('registers a new account with an emailed code read from the development outbox', async () => {
    const target = freshEmail();
    const sent = await send('/prod-api/auth/c/getValidCode', { target });
    expect(sent.body).toMatchObject({ code: 200, data: { cooldownSeconds: 60 } });
    const code = await codeFromOutbox(target);
    const res = await send<{ token: string; user: UserInfo }>('/prod-api/auth/c/doLoginByValidCode', { target, code, password: 'abc12345' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: target, hasPassword: true, visitor: false, memberLevel: null });
    const me = await get<UserInfo>('/prod-api/auth/getUserInfo', res.body.data.token);
    expect(me.body.data.id).toBe(res.body.data.user.id);
  });

  it('makes a second request wait out the 60 s cooldown', async () => {
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    const again = await call('/prod-api/auth/c/getValidCode', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ target }),
    });
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/another in (59|60) seconds/);
  });

  it('refuses wrong, reused, exhausted and expired codes', async () => {
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    const code = await codeFromOutbox(target);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await send('/prod-api/auth/c/doLoginByValidCode', { target, code: wrong })).body.msg).toBe('The verification code is incorrect.');
    expect((await send('/prod-api/auth/c/doLoginByValidCode', { target, code })).body.code).toBe(200);
    const reused = await send('/prod-api/auth/c/doLoginByValidCode', { target, code });
    expect(reused.body.msg).toMatch(/expired or was used up/);

    const other = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target: other });
    const good = await codeFromOutbox(other);
    const bad = good === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await send('/prod-api/auth/c/doLoginByValidCode', { target: other, code: bad });
    // Five wrong tries burn the code: even the right one no longer works.
    expect((await send('/prod-api/auth/c/doLoginByValidCode', { target: other, code: good })).body.msg).toMatch(/expired/);

    const late = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target: late });
    const lateCode = await codeFromOutbox(late);
    await env.DB.prepare('UPDATE verification_codes SET expires_at = ? WHERE target = ?')
      .bind(Date.now() - 1, late)
      .run();
    expect((await send('/prod-api/auth/c/doLoginByValidCode', { target: late, code: lateCode })).body.msg).toMatch(/expired/);
  });

  it('answers code requests the same for known and unknown addresses', async () => {
    const { target } = await signUp();
    await env.DB.prepare('DELETE FROM verification_codes WHERE target = ?').bind(target).run();
    const known = await send('/prod-api/auth/c/getValidCode', { target });
    const unknown = await send('/prod-api/auth/c/getValidCode', { target: freshEmail() });
    expect(known.body).toEqual(unknown.body);
  });
});

describe('password sign-in', () => {
  it('needs a solved captcha, and each captcha pass works once', async () => {
    const { target } = await signUp(freshEmail(), 'secret123');
    const without = await send('/prod-api/auth/c/doLogin', { username: target, password: 'secret123' });
    expect(without.body.msg).toBe('Please complete the verification puzzle first.');
    const pass = await solveCaptcha();
    expect((await send('/prod-api/auth/c/doLogin', { username: target, password: 'secret123', captcha: pass })).body.code).toBe(200);
    expect((await send('/prod-api/auth/c/doLogin', { username: target, password: 'secret123', captcha: pass })).body.code).toBe(400);
  });

  it('refuses clicks in the wrong places and spends the picture', async () => {
    const { body } = await get<{ id: string; prompt: string[]; svg: string }>('/prod-api/auth/captcha');
    expect(body.data.prompt).toHaveLength(CAPTCHA_GLYPHS.targets);
    const wrong = await send('/prod-api/auth/captcha/verify', {
      id: body.data.id,
      points: body.data.prompt.map((_, i) => ({ x: i, y: i })),
    });
    expect(wrong.body.code).toBe(400);
    const row = await env.DB.prepare('SELECT answer FROM captchas WHERE id = ?').bind(body.data.id).first<{ answer: string }>();
    const late = await send('/prod-api/auth/captcha/verify', { id: body.data.id, points: JSON.parse(row!.answer) });
    expect(late.body.code).toBe(400);
  });

  it('draws the picture as pixels, with nothing in the markup or the answer to read', async () => {
    const { body } = await get<{ id: string; prompt: string[]; svg: string; answer?: unknown }>('/prod-api/auth/captcha');
    const { svg } = body.data;
    expect(Object.keys(body.data).sort()).toEqual(['height', 'id', 'prompt', 'svg', 'width']);
    // One embedded PNG and nothing else: no shapes, attributes, order or grouping to tell glyphs from decoys.
    expect(svg).toMatch(/^<svg [^>]*><image width="300" height="160" href="data:image\/png;base64,[A-Za-z0-9+/=]+"\/><\/svg>$/);
    const png = Uint8Array.from(atob(svg.match(/base64,([^"]+)/)![1]!), (ch) => ch.charCodeAt(0));
    expect([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    // Two pictures never share pixels.
    const again = await get<{ svg: string }>('/prod-api/auth/captcha');
    expect(again.body.data.svg).not.toBe(svg);
  });

  it('serves the answer hook for browser tests only in development, to this machine', async () => {
    const { body } = await get<{ id: string }>('/prod-api/auth/captcha');
    expect((await get<unknown[]>(`/prod-api/dev/captcha?id=${body.data.id}`)).body.data).toHaveLength(CAPTCHA_GLYPHS.targets);
    expect((await callProduction(`/prod-api/dev/captcha?id=${body.data.id}`)).status).toBe(404);
    expect((await call(`/prod-api/dev/captcha?id=${body.data.id}`, { headers: { 'cf-connecting-ip': '203.0.113.5' } })).status).toBe(404);
  });

  it('says the same for a wrong password and an unknown account, and locks after 5 failures', async () => {
    const { target } = await signUp(freshEmail(), 'secret123');
    const wrongPassword = await send('/prod-api/auth/c/doLogin', { username: target, password: 'nope12345', captcha: await solveCaptcha() });
    const unknown = await send('/prod-api/auth/c/doLogin', { username: freshEmail(), password: 'nope12345', captcha: await solveCaptcha() });
    expect(wrongPassword.body).toEqual(unknown.body);
    expect(wrongPassword.body.msg).toBe('The account or password is incorrect.');
    for (let i = 0; i < 4; i++) await send('/prod-api/auth/c/doLogin', { username: target, password: 'nope12345', captcha: await solveCaptcha() });
    const locked = await send('/prod-api/auth/c/doLogin', { username: target, password: 'secret123', captcha: await solveCaptcha() });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/Too many failed sign-ins\. Try again in 1[45] minutes/);
    // Code sign-in still works for the locked account (once the sign-up code's cooldown is over).
    await env.DB.prepare('DELETE FROM verification_codes WHERE target = ?').bind(target).run();
    await send('/prod-api/auth/c/getValidCode', { target });
    const byCode = await send('/prod-api/auth/c/doLoginByValidCode', { target, code: await codeFromOutbox(target) });
    expect(byCode.body.code).toBe(200);
  });

  it("locks an account only for the address the wrong passwords came from, and caps one address's failures", async () => {
    const { target } = await signUp(freshEmail(), 'secret123');
    const signIn = async (username: string, password: string, ip: string) =>
      callProduction('/prod-api/auth/c/doLogin', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body: JSON.stringify({ username, password, captcha: await solveCaptcha() }),
      });
    for (let i = 0; i < 5; i++) await signIn(target, 'nope12345', '203.0.113.7');
    expect((await signIn(target, 'secret123', '203.0.113.7')).status).toBe(429);
    // The owner, from their own address, is not locked out by the attacker's guesses.
    expect((await signIn(target, 'secret123', '198.51.100.77')).body.code).toBe(200);
    // One address spraying many accounts is stopped after 30 failures in all.
    for (let i = 0; i < 30; i++) await signIn(freshEmail(), 'nope12345', '203.0.113.8');
    expect((await signIn(target, 'secret123', '203.0.113.8')).status).toBe(429);
  }, 60_000);

  it('trusts the client address only where Cloudflare sets it', async () => {
    // In development every request is the one local client: a new cf-connecting-ip does not reset the code limit.
    for (let i = 0; i < 20; i++) await send('/prod-api/auth/c/getValidCode', { target: freshEmail() }, { ip: `192.0.2.${i + 1}` });
    const blocked = await send('/prod-api/auth/c/getValidCode', { target: freshEmail() }, { ip: '192.0.2.200' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/Too many requests/);
  });

  it('stores passwords as salted PBKDF2 hashes, never in clear', async () => {
    const a = await signUp(freshEmail(), 'same1234');
    const b = await signUp(freshEmail(), 'same1234');
    const rows = await env.DB.prepare('SELECT password_hash FROM users WHERE id IN (?, ?)').bind(a.userId, b.userId).all<{ password_hash: string }>();
    const [ha, hb] = rows.results.map((r) => r.password_hash);
    expect(ha).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(ha).not.toBe(hb);
    expect(ha).not.toContain('same1234');
  });

  it('refuses passwords that break the rule', async () => {
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    const code = await codeFromOutbox(target);
    for (const password of ['short1', 'lettersonly', '12345678', 'a1'.repeat(13)]) {
      const res = await send('/prod-api/auth/c/doLoginByValidCode', { target, code, password });
      expect(res.status, password).toBe(400);
    }
  });
});

describe('sessions', () => {
  it('revokes the token on logout', async () => {
    const { token } = await signUp();
    expect((await send('/prod-api/auth/logout', {}, { token })).body.code).toBe(200);
    const after = await get('/prod-api/auth/getUserInfo', token);
    expect(after.status).toBe(401);
  });

  it('changing the password signs out other devices but keeps this one', async () => {
    const { target, token } = await signUp(freshEmail(), 'first1234');
    const other = await send<{ token: string }>('/prod-api/auth/c/doLogin', { username: target, password: 'first1234', captcha: await solveCaptcha() });
    const wrongOld = await send('/prod-api/system/updatePwd', { oldPassword: 'nope12345', newPassword: 'second123' }, { token, method: 'PUT' });
    expect(wrongOld.body.msg).toBe('The current password is incorrect.');
    const changed = await send('/prod-api/system/updatePwd', { oldPassword: 'first1234', newPassword: 'second123' }, { token, method: 'PUT' });
    expect(changed.body.code).toBe(200);
    expect((await get('/prod-api/auth/getUserInfo', token)).status).toBe(200);
    expect((await get('/prod-api/auth/getUserInfo', other.body.data.token)).status).toBe(401);
    const signIn = await send('/prod-api/auth/c/doLogin', { username: target, password: 'second123', captcha: await solveCaptcha() });
    expect(signIn.body.code).toBe(200);
  });

  it('resets a forgotten password with a code and ends every session', async () => {
    const { target, token } = await signUp(freshEmail(), 'first1234');
    await env.DB.prepare('DELETE FROM verification_codes WHERE target = ?').bind(target).run();
    await send('/prod-api/auth/c/getValidCode', { target });
    const code = await codeFromOutbox(target);
    expect((await send('/prod-api/auth/c/resetPwd', { target, code, password: 'reset1234' })).body.code).toBe(200);
    expect((await get('/prod-api/auth/getUserInfo', token)).status).toBe(401);
    expect((await send('/prod-api/auth/c/doLogin', { username: target, password: 'reset1234', captcha: await solveCaptcha() })).body.code).toBe(200);
  });

  it('gives a returning guest the same visitor account', async () => {
    const visitorId = crypto.randomUUID();
    const first = await send<{ user: UserInfo }>('/prod-api/auth/visitorlogin', { visitorId });
    const second = await send<{ user: UserInfo }>('/prod-api/auth/visitorlogin', { visitorId });
    expect(first.body.data.user.visitor).toBe(true);
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
  });

  it('retires the guest id once the account can be signed into another way (here an email bound)', async () => {
    const visitorId = crypto.randomUUID();
    const guest = (await send<{ token: string; user: UserInfo }>('/prod-api/auth/visitorlogin', { visitorId })).body.data;
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    const bound = await send<UserInfo>(
      '/prod-api/system/bindingAccount',
      { target, code: await codeFromOutbox(target) },
      { token: guest.token, method: 'PUT' },
    );
    expect(bound.body.data).toMatchObject({ email: target, visitor: false });

    // The old id now opens a fresh, empty guest account, never the one with the email.
    const again = (await send<{ token: string; user: UserInfo }>('/prod-api/auth/visitorlogin', { visitorId })).body.data;
    expect(again.user.id).not.toBe(guest.user.id);
    expect(again.user).toMatchObject({ visitor: true, email: null });
    expect((await send<{ user: UserInfo }>('/prod-api/auth/visitorlogin', { visitorId })).body.data.user.id).toBe(again.user.id);
    // The bound account itself is untouched: its session still works and it is no guest.
    expect((await get<UserInfo>('/prod-api/auth/getUserInfo', guest.token)).body.data).toMatchObject({ id: guest.user.id, email: target, visitor: false });
  });
});

describe('profile', () => {
  it("edits only the caller, and serves the QR landing data to the code's holder only", async () => {
    const a = await signUp();
    const b = await signUp();
    const edited = await send<UserInfo>('/prod-api/system/client/user/edit', { name: 'Ann', shareStatus: '1' }, { token: a.token });
    expect(edited.body.data).toMatchObject({ name: 'Ann', shareStatus: '1' });
    const foreign = await send('/prod-api/system/client/user/edit', { id: b.userId, name: 'Mallory' }, { token: a.token });
    expect(foreign.status).toBe(403);
    const own = await get<{ qrKey: string }>(`/prod-api/system/getClient?userId=${a.userId}`, a.token);
    expect(own.body.data).toEqual({ userId: a.userId, name: 'Ann', avatar: '', shareStatus: '1', qrKey: expect.any(String) });
    const publicView = await get<{ name: string; shareStatus: string }>(`/prod-api/system/getClient?userId=${a.userId}&key=${own.body.data.qrKey}`);
    expect(publicView.body.data).toEqual({ userId: a.userId, name: 'Ann', avatar: '', shareStatus: '1' });
    expect(JSON.stringify(publicView.body.data)).not.toContain('@');
  });

  it('tells a stranger walking user ids nothing: not the name, not whether the code is shared, not whether the id exists', async () => {
    const a = await signUp();
    await send('/prod-api/system/client/user/edit', { name: 'Ann', shareStatus: '1' }, { token: a.token });
    const b = await signUp();
    const bKey = (await get<{ qrKey: string }>(`/prod-api/system/getClient?userId=${b.userId}`, b.token)).body.data.qrKey;
    const answers = await Promise.all(
      [`userId=${a.userId}`, `userId=${a.userId}&key=${bKey}`, `userId=${a.userId}&key=${'x'.repeat(32)}`, `userId=${a.userId + 1_000_000}`].map(
        async (query) => ({ query, res: await get(`/prod-api/system/getClient?${query}`) }),
      ),
    );
    for (const { query, res } of answers) {
      expect(res.status, query).toBe(404);
      expect(JSON.stringify(res.body), query).not.toMatch(/Ann|shareStatus/);
    }
    // Signed in as someone else is still a stranger: no key is handed out for another user.
    const asB = await get(`/prod-api/system/getClient?userId=${a.userId}`, b.token);
    expect(asB.status).toBe(404);
  });

  it("shows a public page no part of an unnamed account's email address", async () => {
    const target = `secretperson${Date.now()}@example.test`;
    const { userId, token } = await signUp(target);
    const key = (await get<{ qrKey: string }>(`/prod-api/system/getClient?userId=${userId}`, token)).body.data.qrKey;
    const publicView = await get<{ name: string }>(`/prod-api/system/getClient?userId=${userId}&key=${key}`);
    expect(publicView.body.data.name).toBe('s***');
    expect(JSON.stringify(publicView.body.data)).not.toContain('secretperson');
  });

  it('answers 400 for an edit with nothing to change, and refuses unsafe avatars and names', async () => {
    const { token } = await signUp();
    const empty = await send('/prod-api/system/client/user/edit', {}, { token });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/Nothing to change/);
    for (const avatar of ['javascript:alert(1)', 'http://example.com/a.png', 'data:image/png;base64,AA', '/prod-api/system/avatar/../x']) {
      expect((await send('/prod-api/system/client/user/edit', { avatar }, { token })).status, avatar).toBe(400);
    }
    expect((await send('/prod-api/system/client/user/edit', { avatar: 'https://cdn.example.com/a.png' }, { token })).body.code).toBe(200);
    const bidi = await send('/prod-api/system/client/user/edit', { name: 'Ann\u202Egpj.exe' }, { token });
    expect(bidi.status).toBe(400);
  });

  it('refuses bodies over 64 KB with a 413 envelope before parsing them', async () => {
    const { token } = await signUp();
    const res = await call('/prod-api/system/client/user/edit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
      body: JSON.stringify({ name: 'x'.repeat(20 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 413, msg: '请求内容过大（最多 64 KB）。', data: null });
  });

  it('binds an email with a code and refuses one that another account uses', async () => {
    const a = await signUp();
    const b = await signUp();
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    const bound = await send<UserInfo>('/prod-api/system/bindingAccount', { target, code: await codeFromOutbox(target) }, { token: a.token, method: 'PUT' });
    expect(bound.body.data.email).toBe(target);
    await env.DB.prepare('DELETE FROM verification_codes WHERE target = ?').bind(b.target).run();
    await send('/prod-api/auth/c/getValidCode', { target: b.target });
    const taken = await send('/prod-api/system/bindingAccount', { target: b.target, code: await codeFromOutbox(b.target) }, { token: a.token, method: 'PUT' });
    expect(taken.status).toBe(409);
  });

  it('stores an avatar in R2 and serves it back', async () => {
    const { token } = await signUp();
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) =>
      c.charCodeAt(0),
    );
    const form = new FormData();
    form.set('file', new File([png], 'me.png', { type: 'image/png' }));
    const res = await call<UserInfo>('/prod-api/system/user/avatar', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.body.data.avatar).toMatch(/^\/prod-api\/system\/avatar\/\d+\/[\w-]+\.png$/);
    const { exports } = await import('cloudflare:workers');
    const image = await exports.default.fetch(new Request(`http://tingyi.test${res.body.data.avatar}`));
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
    const text = new FormData();
    text.set('file', new File(['hello'], 'x.txt', { type: 'text/plain' }));
    const refused = await call('/prod-api/system/user/avatar', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: text });
    expect(refused.status).toBe(400);
  });
});

describe('guests', () => {
  it('redeem a card code from the header like any account, and see its minutes', async () => {
    const pkg = await env.DB.prepare(
      "INSERT INTO packages (package_type, package_name, price_fen, org_price_fen, valid_period, valid_period_unit, seconds, created_at) VALUES ('3', 'Guest hours', 0, 0, 1, 2, 3600, ?) RETURNING id",
    )
      .bind(Date.now())
      .first<{ id: number }>();
    const code = `GUEST-${crypto.randomUUID()}`;
    await env.DB.prepare('INSERT INTO card_codes (code, package_id, created_at) VALUES (?, ?, ?)').bind(code, pkg!.id, Date.now()).run();
    const guest = await send<{ token: string; user: UserInfo }>('/prod-api/auth/visitorlogin', { visitorId: crypto.randomUUID() });
    expect(guest.body.data.user.visitor).toBe(true);
    const redeemed = await send<{ accounts: AccountItem[] }>(
      `/prod-api/expense/cardPassword/exchangeCardPassword/${code}`,
      {},
      { token: guest.body.data.token },
    );
    expect(redeemed.body.code).toBe(200);
    expect(redeemed.body.data.accounts.find((a) => a.accountType === 'duration')?.remainingSeconds).toBe(3600);
  });
});

describe('development outbox', () => {
  it('is absent outside development', async () => {
    const res = await callProduction(`/prod-api/dev/outbox?to=${encodeURIComponent(freshEmail())}`);
    expect(res.status).toBe(404);
    const s3 = await callProduction('/prod-api/dev/s3/tingyi-media/any?uploadId=x&partNumber=1', { method: 'PUT', body: 'x' });
    expect(s3.status).toBe(404);
  });

  it('answers only this machine, and only for one address', async () => {
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    expect((await get(`/prod-api/dev/outbox?to=${encodeURIComponent(target)}`)).body.code).toBe(200);
    expect((await get('/prod-api/dev/outbox')).status).toBe(400);
    const remote: Record<string, string>[] = [{ 'cf-connecting-ip': '203.0.113.9' }, { 'x-forwarded-for': '203.0.113.9' }, { 'cf-ray': '8abc-LHR' }];
    for (const headers of remote) {
      const res = await call(`/prod-api/dev/outbox?to=${encodeURIComponent(target)}`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(404);
    }
    expect((await call(`/prod-api/dev/outbox?to=${encodeURIComponent(target)}`, { headers: { 'cf-connecting-ip': '127.0.0.1' } })).body.code).toBe(200);
  });
});
