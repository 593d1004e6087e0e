import { env } from 'cloudflare:workers';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { API, apiPath } from '../../contracts/api-paths';
import type { WebhookDelivery, WebhookEndpoint, WebhookSecret } from '../../contracts/webhooks';
import { emitWebhookEvent } from '../../worker/services/webhooks/deliveries';
import { call, callProduction, get, send, signUp } from './api';
import { FakeDoh } from './fake-doh';

/**
 * Webhooks end to end: an endpoint registered through the API gets each event from the real webhooks queue at
 * the local receiver (tests/worker/webhook-receiver.ts), signed so the Standard Webhooks library verifies it,
 * retried until it answers, replayed on request; no endpoint may lead inwards.
 */
const receiver = inject('webhookReceiver');
const base = '/prod-api';
const hooks = `${base}${API.webhooks.endpoints}`;
const deliveriesOf = (id: number) => `${base}${apiPath(API.webhooks.deliveries, { id })}`;

afterEach(() => vi.restoreAllMocks());

let pathCounter = 0;
/** A receiver path of its own per test; `/fail/<n>/…` answers 500 to the first n requests. */
const receiverPath = (failures = 0) => `/fail/${failures}/${Date.now()}-${++pathCounter}`;

interface Received {
  headers: Record<string, string>;
  body: string;
  status: number;
}
const received = async (path: string) => (await (await fetch(`${receiver}/received?path=${encodeURIComponent(path)}`)).json()) as Received[];
const waitUntil = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 20_000, interval: 100 });
/** The receiver's `n`th request on `path` (0-based), once it has come. */
const requestNo = (path: string, n: number) =>
  waitUntil(async () => {
    const got = await received(path);
    expect(got.length).toBeGreaterThan(n);
    return got[n]!;
  });

async function register(token: string, url: string, events = ['transcription.completed']) {
  return send<WebhookSecret>(hooks, { url, events }, { token });
}

const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> };

describe('webhooks', () => {
  it('delivers a signed event, retries until the endpoint answers, lists the answers and replays under the same id', async () => {
    const { token, userId } = await signUp();
    const path = receiverPath(2);
    const created = await register(token, `${receiver}${path}`, ['transcription.completed', 'summary.ready']);
    expect(created.body.code).toBe(200);
    const { id, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // The list never shows the secret again.
    const listed = await get<WebhookEndpoint[]>(hooks, token);
    expect(listed.body.data).toEqual([expect.objectContaining({ id, url: `${receiver}${path}`, disabled: false })]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    await emitWebhookEvent(env, userId, 'transcription.completed', { recordId: 7, name: 'Weekly sync' });
    await emitWebhookEvent(env, userId, 'dubbing.completed', { recordId: 8 }); // not subscribed: never sent

    // Two 500s, then the third attempt succeeds (the tests' schedule waits a second between attempts).
    const attempts = await waitUntil(async () => {
      const got = await received(path);
      expect(got).toHaveLength(3);
      return got;
    });
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    for (const attempt of attempts) {
      expect(verify(secret, attempt)).toMatchObject({ type: 'transcription.completed', data: { recordId: 7, name: 'Weekly sync' } });
    }
    const messageId = attempts[0]!.headers['webhook-id']!;
    expect(messageId).toMatch(/^msg_/);
    expect(new Set(attempts.map((a) => a.headers['webhook-id']))).toEqual(new Set([messageId]));

    const delivered = await waitUntil(async () => {
      const list = (await get<WebhookDelivery[]>(deliveriesOf(id), token)).body.data;
      expect(list[0]).toMatchObject({ status: 'delivered' });
      return list;
    });
    expect(delivered).toEqual([
      expect.objectContaining({ id: messageId, event: 'transcription.completed', attempts: 3, lastStatus: 200, lastAnswer: 'thanks' }),
    ]);

    // A replay sends the same delivery again, freshly signed, under the same id.
    const replay = await send(`${base}${apiPath(API.webhooks.replay, { id, deliveryId: messageId })}`, {}, { token });
    expect(replay.body.code).toBe(200);
    const again = await requestNo(path, 3);
    expect(again.headers['webhook-id']).toBe(messageId);
    expect(verify(secret, again).data).toEqual({ recordId: 7, name: 'Weekly sync' });

    // Only the owner sees or changes an endpoint.
    const other = await signUp();
    expect((await get<WebhookEndpoint[]>(hooks, other.token)).body.data).toEqual([]);
    expect((await get(deliveriesOf(id), other.token)).status).toBe(404);
    const endpointPath = `${base}${apiPath(API.webhooks.endpoint, { id })}`;
    expect((await call(endpointPath, { method: 'DELETE', headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await call(endpointPath, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await get<WebhookEndpoint[]>(hooks, token)).body.data).toEqual([]);
  });

  it('signs with the old and the new secret for a day after a rotation, then with the new one only', async () => {
    const { token, userId } = await signUp();
    const path = receiverPath();
    const { id, secret: oldSecret } = (await register(token, `${receiver}${path}`)).body.data;
    const rotated = await send<WebhookSecret>(`${base}${apiPath(API.webhooks.rotateSecret, { id })}`, {}, { token });
    const newSecret = rotated.body.data.secret;
    expect(newSecret).not.toBe(oldSecret);

    await emitWebhookEvent(env, userId, 'transcription.completed', { recordId: 1 });
    const first = await requestNo(path, 0);
    expect(verify(oldSecret, first).data).toEqual({ recordId: 1 });
    expect(verify(newSecret, first).data).toEqual({ recordId: 1 });

    // The day of grace is over.
    await env.DB.prepare('UPDATE webhook_endpoints SET previous_secret_until = ? WHERE id = ?')
      .bind(Date.now() - 1, id)
      .run();
    await emitWebhookEvent(env, userId, 'transcription.completed', { recordId: 2 });
    const second = await requestNo(path, 1);
    expect(verify(newSecret, second).data).toEqual({ recordId: 2 });
    expect(() => verify(oldSecret, second)).toThrow();
  });

  it('refuses private, loopback (in production), link-local, CGNAT and metadata addresses, after resolving names', async () => {
    new FakeDoh(env.WEBHOOK_DOH_URL)
      .set('hooks.example.test', '93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946')
      .set('intranet.example.test', '93.184.216.34', '10.1.2.3')
      .set('rebound.example.test', '::ffff:169.254.169.254')
      .install();
    const { token } = await signUp();
    const refusedWith = async (url: string) => (await register(token, url)).body;

    for (const url of [
      'http://10.0.0.5/hook',
      'http://192.168.1.20/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hook',
      'http://[fd00:ec2::254]/hook',
      'https://metadata.google.internal/computeMetadata/v1',
      'https://intranet.example.test/hook',
      'https://rebound.example.test/hook',
    ]) {
      expect(await refusedWith(url), url).toMatchObject({ code: 400, msg: expect.stringContaining('private') });
    }
    expect(await refusedWith('https://nowhere.example.test/hook')).toMatchObject({ code: 400, msg: expect.stringContaining('cannot be resolved') });
    expect(await refusedWith('http://hooks.example.test/hook')).toMatchObject({ code: 400, msg: expect.stringContaining('https://') });
    expect((await register(token, 'https://hooks.example.test/hook')).body.code).toBe(200);

    // In production this machine is out of reach too, and plain http is never accepted.
    const production = (url: string) =>
      callProduction(hooks, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ url, events: ['meeting.ended'] }),
      });
    expect((await production(`${receiver}/hook`)).body).toMatchObject({ code: 400, msg: expect.stringContaining('private') });
    expect((await production('https://localhost/hook')).body).toMatchObject({ code: 400, msg: expect.stringContaining('private') });

    // Guests cannot register at all.
    const guest = await send<{ token: string }>(`${base}${API.auth.visitorLogin}`, { visitorId: crypto.randomUUID() });
    expect((await register(guest.body.data.token, 'https://hooks.example.test/hook')).status).toBe(403);
  });

  it('checks the address again at delivery, and disables an endpoint failing for three days and emails its owner', async () => {
    const { token, userId, target } = await signUp();
    const path = receiverPath();
    const { id } = (await register(token, `${receiver}${path}`)).body.data;
    // The endpoint now leads to the metadata service (as a name re-pointed after registration would).
    await env.DB.prepare('UPDATE webhook_endpoints SET url = ?, failing_since = ? WHERE id = ?')
      .bind('http://169.254.169.254/latest/meta-data', Date.now() - 3 * 24 * 3600_000 - 60_000, id)
      .run();
    await emitWebhookEvent(env, userId, 'transcription.completed', { recordId: 3 });

    const [endpoint] = await waitUntil(async () => {
      const list = (await get<WebhookEndpoint[]>(hooks, token)).body.data;
      expect(list[0]?.disabled).toBe(true);
      return list;
    });
    expect(endpoint!.failingSince).toBeLessThan(Date.now() - 3 * 24 * 3600_000);
    const [delivery] = (await get<WebhookDelivery[]>(deliveriesOf(id), token)).body.data;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 0, lastAnswer: expect.stringContaining('private') });
    const outbox = (await get<{ subject: string; body: string }[]>(`${base}/dev/outbox?to=${encodeURIComponent(target)}`)).body.data;
    expect(outbox[0]).toMatchObject({ subject: expect.stringContaining('disabled'), body: expect.stringContaining('169.254.169.254') });

    // A disabled endpoint replays nothing until it is enabled again; enabled, it is no longer failing.
    expect((await send(`${base}${apiPath(API.webhooks.replay, { id, deliveryId: delivery!.id })}`, {}, { token })).status).toBe(409);
    expect((await send(`${base}${apiPath(API.webhooks.enable, { id })}`, {}, { token })).body.code).toBe(200);
    expect((await get<WebhookEndpoint[]>(hooks, token)).body.data[0]).toMatchObject({ disabled: false, failingSince: null });
    expect(await received(path)).toEqual([]);
  });
});
