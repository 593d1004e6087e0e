import { vi } from 'vitest';
import { WECHAT } from '../../worker/services/wechat';

/**
 * FakeWeChat: stands in for api.weixin.qq.com, which cannot be reached from here, following the official
 * account documentation. `cgi-bin/token` checks grant type, appid and secret and issues 7200 s tokens;
 * `cgi-bin/qrcode/create` accepts only live tokens (40001 unknown, 42001 expired) and a QR_STR_SCENE
 * request, and issues a ticket whose image is at showqrcode?ticket=…. A person scanning that image makes
 * WeChat push a signed event to the account's server URL: `scan` builds exactly that request.
 */
export const CALLBACK_URL = 'http://tingyi.test/prod-api/auth/wechat/callback';

async function sha1Hex(text: string) {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The query WeChat appends to the server URL: signature = sha1 of token, timestamp and nonce sorted and joined. */
export async function signedQuery(serverToken: string, timestamp = Math.floor(Date.now() / 1000)) {
  const nonce = String(Math.floor(Math.random() * 1e9));
  const signature = await sha1Hex([serverToken, String(timestamp), nonce].sort().join(''));
  return new URLSearchParams({ signature, timestamp: String(timestamp), nonce });
}

export function installFakeWeChat(appId: string, appSecret: string, serverToken: string) {
  const tokens = new Map<string, number>();
  const tickets = new Map<string, { scene: string; expiresAt: number }>();
  const counts = { tokenRequests: 0, qrCodes: 0 };
  const realFetch = globalThis.fetch;
  const error = (errcode: number, errmsg: string) => Response.json({ errcode, errmsg });

  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const endpoint = url.origin + url.pathname;
    const p = url.searchParams;
    if (endpoint === WECHAT.token) {
      counts.tokenRequests += 1;
      if (request.method !== 'GET' || p.get('grant_type') !== 'client_credential') return error(40002, 'invalid grant_type');
      if (p.get('appid') !== appId) return error(40013, 'invalid appid');
      if (p.get('secret') !== appSecret) return error(40125, 'invalid appsecret');
      const token = `fake-token-${crypto.randomUUID()}`;
      tokens.set(token, Date.now() + 7200_000);
      return Response.json({ access_token: token, expires_in: 7200 });
    }
    if (endpoint === WECHAT.qrCreate) {
      const expiresAt = tokens.get(p.get('access_token') ?? '');
      if (expiresAt === undefined) return error(40001, 'invalid credential, access_token is invalid or not latest');
      if (expiresAt <= Date.now()) return error(42001, 'access_token expired');
      const body = (await request.json()) as { expire_seconds?: number; action_name?: string; action_info?: { scene?: { scene_str?: string } } };
      const scene = body.action_info?.scene?.scene_str ?? '';
      const seconds = body.expire_seconds ?? 60;
      if (request.method !== 'POST' || body.action_name !== 'QR_STR_SCENE' || scene.length < 1 || scene.length > 64 || seconds < 60 || seconds > 2_592_000) {
        return error(40097, 'invalid args');
      }
      counts.qrCodes += 1;
      const ticket = `gQ${crypto.randomUUID()}+/=`;
      tickets.set(ticket, { scene, expiresAt: Date.now() + seconds * 1000 });
      return Response.json({ ticket, expire_seconds: seconds, url: `http://weixin.qq.com/q/${crypto.randomUUID()}` });
    }
    return realFetch(input, init);
  });

  return {
    counts,
    /** WeChat ends every token it issued (a refresh elsewhere, or expiry): the next use gets 42001. */
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    /**
     * What WeChat sends our server URL when `openId` scans the QR image at `qrUrl`: SCAN for a follower,
     * subscribe (EventKey 'qrscene_' + scene) for someone the scan made follow. `signWith` forges the signature.
     */
    async scan(qrUrl: string, openId: string, options: { subscribe?: boolean; signWith?: string; timestamp?: number } = {}) {
      const prefix = `${WECHAT.showQr}?ticket=`;
      if (!qrUrl.startsWith(prefix)) throw new Error(`FakeWeChat: not a QR image address: ${qrUrl}`);
      const ticket = decodeURIComponent(qrUrl.slice(prefix.length));
      const issued = tickets.get(ticket);
      if (!issued) throw new Error('FakeWeChat: no such ticket');
      if (issued.expiresAt <= Date.now()) throw new Error('FakeWeChat: the QR code has expired');
      const cdata = (value: string) => `<![CDATA[${value}]]>`;
      const xml = [
        '<xml>',
        `<ToUserName>${cdata('gh_fake_account')}</ToUserName>`,
        `<FromUserName>${cdata(openId)}</FromUserName>`,
        `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime>`,
        `<MsgType>${cdata('event')}</MsgType>`,
        `<Event>${cdata(options.subscribe ? 'subscribe' : 'SCAN')}</Event>`,
        `<EventKey>${cdata(options.subscribe ? `qrscene_${issued.scene}` : issued.scene)}</EventKey>`,
        `<Ticket>${cdata(ticket)}</Ticket>`,
        '</xml>',
      ].join('\n');
      const query = await signedQuery(options.signWith ?? serverToken, options.timestamp);
      query.set('openid', openId);
      return new Request(`${CALLBACK_URL}?${query}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: xml });
    },
  };
}
