import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { signUp } from './api';

/**
 * Every route of the app (read from the Hono app itself, so new endpoints are covered without listing them),
 * sent malformed JSON, wrong types, oversized bodies and broken multipart forms, with ordinary and with
 * 3,000-character path parameters, signed in and signed out: never a 500, and every route but the few that
 * speak another protocol answers in the envelope. Socket routes are also asked for with an upgrade.
 */
const routes = [...new Map(app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r])).values()];
/** Routes that speak another protocol than the envelope: S3's XML, WeChat's plain text and the OpenAPI document. */
const NOT_ENVELOPE = [/\/dev\/s3\//, /\/wechat\/callback$/, /\/openapi\.json$/];
/** Routes that upgrade to a WebSocket (asked for without an upgrade, they answer in the envelope like any other). */
const socketRoutes = routes.filter((r) => r.method === 'GET' && /\/socket$/.test(r.path));

const HUGE = 'x'.repeat(3000);
const concrete = (path: string, value = 'x-1') => path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => (name === 'key' ? `a/${value}` : value));
const hasParams = (path: string) => path.includes(':');
const wrongQuery = '?id=abc&userId=-1&shortCode=x&ticket=&pageNum=zero&ids=1,,2&mode=%00&scene=%FF&key=../x&to=';
const wrongTypes = JSON.stringify({ id: { $ne: 1 }, ids: 'all', name: [1], folderName: 5, target: 123, code: true, points: 'x', password: null, type: 9 });
const bodies: [string, string][] = [
  ['malformed JSON', '{"a":'],
  ['wrong types', wrongTypes],
  ['an array', '[1,2,3]'],
  ['nothing in it', '{}'],
  ['oversized', JSON.stringify({ name: 'x'.repeat(200 * 1024) })],
];
/** Broken forms, sent to every route that takes a body (the upload forms among them). */
const forms: [string, string, string][] = [
  ['a form with a broken boundary', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', 'multipart/form-data; boundary=y'],
  ['a form without a boundary', 'abc', 'multipart/form-data'],
  ['a text field as the file', 'file=abc&id=x', 'application/x-www-form-urlencoded'],
];

async function expectSafe(res: Response, what: string, envelope: boolean) {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (!envelope) return;
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort(), what).toEqual(['code', 'data', 'msg']);
  expect(typeof body.msg, what).toBe('string');
}

let token = '';
beforeAll(async () => {
  token = (await signUp()).token;
});

describe('bad input on every endpoint', () => {
  it('reads the routes from the app', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('finds the socket routes among them', () => {
    expect(socketRoutes.map((r) => r.path)).toContain('/prod-api/speech/meeting/socket');
  });

  for (const signedIn of [false, true]) {
    for (const route of routes) {
      it(`${route.method} ${route.path} ${signedIn ? 'signed in' : 'signed out'}`, { timeout: 60_000 }, async () => {
        const auth: Record<string, string> = signedIn ? { authorization: `Bearer ${token}` } : {};
        const withBody = (what: string, body: string, type: string): [string, RequestInit] => [
          what,
          { method: route.method, headers: { ...auth, 'content-type': type }, body },
        ];
        const inits: [string, RequestInit][] =
          route.method === 'GET' || route.method === 'HEAD'
            ? [['a wrong query', { method: route.method, headers: auth }]]
            : [
                ...bodies.map(([what, body]) => withBody(what, body, 'application/json')),
                // Signed out, a route that needs an account turns any body away unread; signed in, forms reach the parsers.
                ...(signedIn ? forms.map(([what, body, type]) => withBody(what, body, type)) : []),
              ];
        const envelope = !NOT_ENVELOPE.some((re) => re.test(route.path));
        // A route's bad requests go at once, as a client's would: the Worker answers each on its own.
        const sent = inits.map(([what, init]) => [what, `http://tingyi.test${concrete(route.path)}${wrongQuery}`, init] as const);
        if (hasParams(route.path)) {
          const [what, init] = inits[0]!;
          sent.push([`${what}, with 3,000-character path parameters`, `http://tingyi.test${concrete(route.path, HUGE)}${wrongQuery}`, init]);
        }
        await Promise.all(
          sent.map(async ([what, url, init]) => {
            await expectSafe(await exports.default.fetch(new Request(url, init)), what, envelope);
          }),
        );
      });
    }
  }
});

describe('bad input on every socket route', () => {
  for (const route of socketRoutes) {
    it(`${route.path} answers a plain request in the envelope, and a bad ticket with a closed socket`, { timeout: 60_000 }, async () => {
      const plain = await exports.default.fetch(new Request(`http://tingyi.test${route.path}?ticket=x`));
      expect(plain.status).toBe(426);
      await expectSafe(plain, 'no upgrade', true);

      for (const query of ['', '?ticket=', `?ticket=${HUGE}`, '?ticket=not.a.jwt', '?ticket=%FF%FE']) {
        const res = await exports.default.fetch(new Request(`http://tingyi.test${route.path}${query}`, { headers: { upgrade: 'websocket' } }));
        if (res.status === 101) {
          // Accepted only to be closed with the reason, which the client can read.
          const socket = res.webSocket!;
          const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
          socket.accept();
          expect(await closed, query).toBeGreaterThanOrEqual(4000);
        } else {
          expect(res.status, query).toBeLessThan(500);
          await expectSafe(res, query, true);
        }
      }
    });
  }
});
