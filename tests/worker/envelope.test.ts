import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../../worker/app';
import { database } from '../../worker/db/client';
import { users } from '../../worker/db/schema';
import { issueToken } from '../../worker/services/sessions';
import { ApiError, forbidden } from '../../worker/lib/errors';
import { requireUser } from '../../worker/middleware/auth';
import { validate } from '../../worker/middleware/validate';
import { call } from './api';

/** The production error handling with a few extra routes that exercise each failure kind. */
const probe = createApi()
  .get('/probe/boom', () => {
    throw new Error('database password is hunter2');
  })
  .get('/probe/forbidden', () => {
    throw forbidden();
  })
  .get('/probe/pay', () => {
    throw new ApiError(92505000, 'forbidden');
  })
  .get('/probe/me', requireUser, (c) => c.json({ code: 200, msg: 'ok', data: c.var.userId }))
  .post('/probe/echo', validate('json', z.object({ name: z.string().min(1), age: z.number().int() })), (c) =>
    c.json({ code: 200, msg: 'ok', data: c.req.valid('json') }),
  );

async function probeCall(path: string, init: RequestInit = {}) {
  const response = await probe.request(`http://tingyi.test/prod-api${path}`, init, env);
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: unknown } };
}

const sign = (sub: string, secret: string) =>
  new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('1h').sign(new TextEncoder().encode(secret));

describe('envelope', () => {
  it('wraps success as { code: 200, msg, data } in the request language', async () => {
    const en = await call('/prod-api/system/config/configKey/WEICHAT_MP_APP_ID');
    expect(en.status).toBe(200);
    expect(en.body).toEqual({ code: 200, msg: 'Success', data: '' });
    const tw = await call('/prod-api/system/config/configKey/WEICHAT_MP_APP_ID', {
      headers: { 'accept-language': 'zh-TW,zh;q=0.9' },
    });
    expect(tw.body.msg).toBe('操作成功');
  });

  it('answers an unknown API path with a 404 envelope in each language', async () => {
    const cases = [
      ['en-US', 'The requested address does not exist: /prod-api/no/such/thing'],
      ['zh-CN', '请求的地址不存在：/prod-api/no/such/thing'],
      ['zh-TW', '請求的地址不存在：/prod-api/no/such/thing'],
      ['fr-FR', 'The requested address does not exist: /prod-api/no/such/thing'],
    ] as const;
    for (const [language, msg] of cases) {
      const res = await call('/prod-api/no/such/thing', { headers: { 'accept-language': language } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, msg, data: null });
    }
  });

  it('answers a failed validation with a 400 envelope naming the fields', async () => {
    const res = await probeCall('/probe/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: JSON.stringify({ name: '', age: 'old' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/^参数缺失或不正确：/);
    expect(res.body.msg).toContain('name');
    expect(res.body.msg).toContain('age');
    const good = await probeCall('/probe/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ann', age: 30 }),
    });
    expect(good.body).toEqual({ code: 200, msg: 'ok', data: { name: 'Ann', age: 30 } });
  });

  it('rejects a malformed route parameter through the same validator', async () => {
    const res = await call('/prod-api/system/config/configKey/not-a-key');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('key');
  });

  it('answers a forbidden request with a 403 envelope', async () => {
    const res = await probeCall('/probe/forbidden', { headers: { 'accept-language': 'zh-TW' } });
    expect(res).toEqual({ status: 403, body: { code: 403, msg: '您沒有權限執行此操作。', data: null } });
  });

  it('answers unauthenticated requests with a 401 envelope and admits a valid token', async () => {
    const missing = await probeCall('/probe/me');
    expect(missing).toEqual({ status: 401, body: { code: 401, msg: 'Please sign in to continue.', data: null } });
    const forged = await probeCall('/probe/me', {
      headers: { authorization: `Bearer ${await sign('7', 'some-other-secret')}` },
    });
    expect(forged.status).toBe(401);
    const garbage = await probeCall('/probe/me', { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(garbage.body.code).toBe(401);
    // Correctly signed but naming no session (never issued, so never revocable): refused.
    const sessionless = await probeCall('/probe/me', {
      headers: { authorization: `Bearer ${await sign('7', env.JWT_SECRET)}` },
    });
    expect(sessionless.status).toBe(401);
    // A session belongs to an existing user (the schema refuses one for an id no user has).
    const [user] = await database(env.DB).insert(users).values({ name: 'Probe', createdAt: Date.now() }).returning({ id: users.id });
    const token = await issueToken(database(env.DB), env.JWT_SECRET, user!.id, 1);
    const valid = await probeCall('/probe/me', { headers: { authorization: `Bearer ${token}` } });
    expect(valid.body).toEqual({ code: 200, msg: 'ok', data: user!.id });
  });

  it('keeps business codes such as 92505000 as the envelope code with HTTP 200', async () => {
    const res = await probeCall('/probe/pay');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(92505000);
  });

  it('hides internals of unexpected errors behind a 500 envelope with the request id', async () => {
    const response = await probe.request('http://tingyi.test/prod-api/probe/boom', {}, env);
    const body = (await response.json()) as { code: number; msg: string };
    const requestId = response.headers.get('x-request-id');
    expect(response.status).toBe(500);
    expect(body.code).toBe(500);
    expect(requestId).toBeTruthy();
    expect(body.msg).toContain(requestId!);
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });

  it('treats malformed JSON bodies as bad requests, not server errors', async () => {
    const res = await probeCall('/probe/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });
});

describe('database', () => {
  it('has the migrated schema', async () => {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'sessions', 'accounts')").all();
    expect(tables.results).toHaveLength(3);
  });
});
