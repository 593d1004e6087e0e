import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API_KEY_RATE, type ApiKeySummary, type CreatedApiKey } from '../../contracts/api-keys';
import { API, API_KEY_SCOPES, type ApiKeyScope, KEY_ROUTES } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import { call, get, send, signUp } from './api';

/**
 * Personal API keys: shown once and stored hashed, accepted as a bearer token on the key routes their scopes
 * open and nowhere else, refused from the moment they are revoked, limited per key; and the OpenAPI document
 * describing exactly the routes a key may call.
 */
const keysPath = `${API_BASE}${API.keys.keys}`;
const at = (path: string) => `${API_BASE}${path}`;

async function makeKey(token: string, scopes: ApiKeyScope[], name = 'CI export') {
  const res = await send<CreatedApiKey>(keysPath, { name, scopes }, { token });
  expect(res.body.code).toBe(200);
  return res.body.data;
}

/** A call to a key route the way a program makes it: GET with no query, POST with an empty JSON body. */
const callAs = (key: string, route: (typeof KEY_ROUTES)[number]) =>
  route.method === 'GET' ? get(at(route.path), key) : send(at(route.path), {}, { token: key });

describe('API keys', () => {
  it('shows a key once, keeps only its hash, and lists it with its last use', async () => {
    const { token } = await signUp();
    const created = await makeKey(token, ['records:read']);
    expect(created.key).toMatch(/^ty_live_[A-Za-z0-9_-]{40,}$/);

    const stored = await env.DB.prepare('SELECT * FROM api_keys WHERE id = ?').bind(created.id).first<Record<string, unknown>>();
    expect(Object.values(stored!).some((v) => typeof v === 'string' && v.includes(created.key.slice(8)))).toBe(false);

    let list = (await get<ApiKeySummary[]>(keysPath, token)).body.data;
    expect(list).toEqual([expect.objectContaining({ id: created.id, name: 'CI export', scopes: ['records:read'], lastUsedTime: null, revokedTime: null })]);
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(created.key.startsWith(list[0]!.prefix)).toBe(true);

    const records = await get<{ rows: unknown[] }>(at(API.records.query), created.key);
    expect(records.status).toBe(200);
    list = (await get<ApiKeySummary[]>(keysPath, token)).body.data;
    expect(list[0]!.lastUsedTime).toEqual(expect.any(Number));
  });

  it('opens exactly the routes of its scopes: never account, payment or key routes', async () => {
    const { token } = await signUp();
    for (const scope of API_KEY_SCOPES) {
      const { key } = await makeKey(token, [scope], scope);
      for (const route of KEY_ROUTES) {
        const res = await callAs(key, route);
        const where = `${route.method} ${route.path} with ${scope}`;
        if (route.scope === scope) expect([401, 403, 404], where).not.toContain(res.status);
        else expect([res.status, res.body.msg], where).toEqual([403, `This API key lacks the "${route.scope}" scope.`]);
      }
    }
    const { key } = await makeKey(token, [...API_KEY_SCOPES], 'everything');
    const refused = [
      get(at(API.auth.getUserInfo), key),
      get(at(API.expense.queryAccountDetail), key),
      send(at(API.expense.queryAccountDetail), {}, { token: key }),
      get(at(API.pay.methods), key),
      send(at(API.system.updatePwd), { oldPassword: 'a', newPassword: 'b' }, { token: key, method: 'PUT' }),
      get(keysPath, key),
      send(keysPath, { name: 'minted', scopes: ['transcribe'] }, { token: key }),
      send(at(API.auth.logout), {}, { token: key }),
    ];
    for (const res of await Promise.all(refused)) expect([res.status, res.body.code]).toEqual([403, 403]);
    // Its owner's own session still reaches them.
    expect((await get(at(API.auth.getUserInfo), token)).status).toBe(200);
  });

  it('refuses a revoked key at once, and an unknown one', async () => {
    const { token } = await signUp();
    const { id, key } = await makeKey(token, ['records:read']);
    expect((await get(at(API.records.query), key)).status).toBe(200);
    const revoked = await call(`${API_BASE}${API.keys.key.replace(':id', String(id))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.body.code).toBe(200);
    const after = await get(at(API.records.query), key);
    expect([after.status, after.body.msg]).toEqual([401, 'This API key is not valid or has been revoked.']);
    expect((await get(at(API.records.query), `${key}x`)).status).toBe(401);
    const list = (await get<ApiKeySummary[]>(keysPath, token)).body.data;
    expect(list[0]!.revokedTime).toEqual(expect.any(Number));
    // Someone else cannot revoke (or learn of) this person's keys.
    const other = await signUp();
    const foreign = await call(`${API_BASE}${API.keys.key.replace(':id', String(id))}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(404);
  });

  it('limits each key on its own, apart from its owner', async () => {
    const { token } = await signUp();
    const { id, key } = await makeKey(token, ['records:read']);
    const { key: second } = await makeKey(token, ['records:read'], 'second');
    expect((await get(at(API.records.query), key)).status).toBe(200);
    // The key spent its minute's budget (the counter the shared rate limiter keeps for it).
    await env.DB.prepare('UPDATE rate_limits SET count = ? WHERE key = ?').bind(API_KEY_RATE.max, `apikey:${id}`).run();
    const limited = await get(at(API.records.query), key);
    expect([limited.status, limited.body.code]).toEqual([429, 429]);
    expect(limited.body.msg).toMatch(/wait \d+ seconds/);
    expect((await get(at(API.records.query), second)).status).toBe(200);
    expect((await get(at(API.records.query), token)).status).toBe(200);
  });

  it('lets no guest make a key', async () => {
    const guest = await send<{ token: string }>(at(API.auth.visitorLogin), { visitorId: crypto.randomUUID() });
    const res = await send(keysPath, { name: 'mine', scopes: ['records:read'] }, { token: guest.body.data.token });
    expect([res.status, res.body.msg]).toEqual([403, 'Guests cannot create API keys. Please sign in with an account first.']);
  });
});

describe('the OpenAPI document', () => {
  it('describes exactly the routes a key may call, with the bodies and queries they accept', async () => {
    const res = await call<never>(at(API.openapi.document));
    const doc = res.body as unknown as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            security: Record<string, string[]>[];
            parameters: { name: string; required: boolean }[];
            requestBody?: { content: { 'application/json': { schema: { required: string[] } } } };
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(KEY_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    // Drawn from the served validators: the upload's body and the export's query are what the Worker checks.
    const uploadInit = doc.paths[API.uploads.uploadInit]!.post!;
    expect(uploadInit.requestBody!.content['application/json'].schema.required.sort()).toEqual(['fileSize', 'oriFileName']);
    expect(uploadInit.security).toEqual([{ apiKey: ['transcribe'] }]);
    const exportParams = doc.paths[API.records.export]!.get!.parameters;
    expect(exportParams.map((p) => p.name).sort()).toEqual(['content', 'format', 'ids', 'speaker', 'timestamps']);
    expect(exportParams.find((p) => p.name === 'ids')!.required).toBe(true);
  });
});
