import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { signUp } from './api';

/**
 * Every route of the app (read from the Hono app itself, so new endpoints are covered without listing them),
 * sent malformed JSON, wrong types and oversized bodies, signed in and signed out: never a 500, and every
 * JSON route answers in the envelope.
 */
const routes = [...new Map(app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r])).values()];
/** Routes that speak another protocol than the envelope: S3's XML, WeChat's plain text, a WebSocket, avatar bytes, and payment notifications (each provider's own answer format). */
const NOT_ENVELOPE = [/\/dev\/s3\//, /\/wechat\/callback$/, /\/meeting\/socket$/, /\/system\/avatar\//, /\/pay\/notify\//];

const concrete = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => (name === 'key' ? 'a/b' : 'x-1'));
const wrongQuery = '?id=abc&userId=-1&shortCode=x&ticket=&pageNum=zero&ids=1,,2&mode=%00&scene=%FF&key=../x&to=';
const wrongTypes = JSON.stringify({ id: { $ne: 1 }, ids: 'all', name: [1], folderName: 5, target: 123, code: true, points: 'x', password: null, type: 9 });
const bodies: [string, string][] = [
  ['malformed JSON', '{"a":'],
  ['wrong types', wrongTypes],
  ['an array', '[1,2,3]'],
  ['nothing in it', '{}'],
  ['oversized', JSON.stringify({ name: 'x'.repeat(200 * 1024) })],
];

let token = '';
beforeAll(async () => {
  token = (await signUp()).token;
});

describe('bad input on every endpoint', () => {
  it('reads the routes from the app', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  for (const signedIn of [false, true]) {
    for (const route of routes) {
      it(`${route.method} ${route.path} ${signedIn ? 'signed in' : 'signed out'}`, async () => {
        const auth: Record<string, string> = signedIn ? { authorization: `Bearer ${token}` } : {};
        const url = `http://tingyi.test${concrete(route.path)}${wrongQuery}`;
        const inits: [string, RequestInit][] =
          route.method === 'GET' || route.method === 'HEAD'
            ? [['a wrong query', { method: route.method, headers: auth }]]
            : bodies.map(([what, body]) => [what, { method: route.method, headers: { ...auth, 'content-type': 'application/json' }, body }]);
        for (const [what, init] of inits) {
          const res = await exports.default.fetch(new Request(url, init));
          const text = await res.text();
          expect(res.status, `${what}: ${text.slice(0, 300)}`).not.toBe(500);
          expect(res.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
          if (NOT_ENVELOPE.some((re) => re.test(route.path))) continue;
          const body = JSON.parse(text) as Record<string, unknown>;
          expect(Object.keys(body).sort(), what).toEqual(['code', 'data', 'msg']);
          expect(typeof body.msg, what).toBe('string');
        }
      });
    }
  }
});

describe('bad multipart on the upload forms', () => {
  const forms: [string, BodyInit, Record<string, string>][] = [
    ['a broken boundary', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', { 'content-type': 'multipart/form-data; boundary=y' }],
    ['no boundary', 'abc', { 'content-type': 'multipart/form-data' }],
    ['a text field as the file', 'file=abc&id=x', { 'content-type': 'application/x-www-form-urlencoded' }],
  ];
  for (const [what, body, headers] of forms) {
    it(`POST /speech/document/import with ${what}`, async () => {
      const res = await exports.default.fetch(
        new Request('http://tingyi.test/prod-api/speech/document/import', { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body }),
      );
      const text = await res.text();
      expect(res.status, text.slice(0, 300)).toBeLessThan(500);
      expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(['code', 'data', 'msg']);
    });
  }
});
