import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { WechatQrCode, WechatScanStatus } from '../../contracts/auth';
import { Code } from '../../contracts/errors';
import type { Db } from '../db/client';
import { users, wechatScenes, wechatTokens } from '../db/schema';
import { randomToken, safeEqual } from '../lib/encoding';
import { ApiError } from '../lib/errors';

/**
 * WeChat scan sign-in through an official account, per WeChat's documentation: the Worker creates a
 * temporary QR code whose scene string is a random id (`cgi-bin/qrcode/create`, QR_STR_SCENE), WeChat
 * pushes the scan (SCAN, or subscribe for a first follow) to the account's server URL — our callback,
 * which checks the signature — and the browser polling that scene learns the openid is there. The server
 * URL must use plaintext message mode.
 */
export const WECHAT = {
  token: 'https://api.weixin.qq.com/cgi-bin/token',
  qrCreate: 'https://api.weixin.qq.com/cgi-bin/qrcode/create',
  showQr: 'https://mp.weixin.qq.com/cgi-bin/showqrcode',
} as const;

const QR_LIFETIME_S = 300;
/** After the scan, time to finish: signing in at once, or proving an address with a code first. */
const SCANNED_LIFETIME_MS = 10 * 60_000;
/** Tokens are refreshed this long before WeChat says they end, so none expires between read and use. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** Scan notices older than this are refused: the signature covers only token, timestamp and nonce, so age limits replays. */
const MESSAGE_MAX_AGE_S = 300;
const KEEP_SPENT_SCENES_MS = 24 * 60 * 60_000;
/** errcodes that mean our cached access token is no longer good (invalid, expired, malformed). */
const STALE_TOKEN_ERRORS = [40001, 40014, 42001];

export const wechatConfigured = (env: Env) => Boolean(env.WECHAT_MP_APP_ID && env.WECHAT_MP_APP_SECRET && env.WECHAT_MP_TOKEN);

export function requireWechat(env: Env) {
  if (!wechatConfigured(env)) throw new ApiError(Code.NOT_FOUND, 'providerNotConfigured');
}

const unavailable = () => new ApiError(Code.INTERNAL, 'wechatUnavailable');

interface WechatError {
  errcode?: number;
  errmsg?: string;
}

async function wechatJson<T>(response: Response, what: string): Promise<T & WechatError> {
  const body = (await response.json().catch(() => ({}))) as T & WechatError;
  if (!response.ok || body.errcode)
    console.warn(JSON.stringify({ level: 'warn', wechat: what, status: response.status, errcode: body.errcode, errmsg: body.errmsg }));
  return body;
}

async function accessToken(env: Env, db: Db, now: number, fresh: boolean): Promise<string> {
  const appId = env.WECHAT_MP_APP_ID;
  if (!fresh) {
    const cached = await db.query.wechatTokens.findFirst({ where: and(eq(wechatTokens.appId, appId), gt(wechatTokens.expiresAt, now + TOKEN_MARGIN_MS)) });
    if (cached) return cached.accessToken;
  }
  const url = new URL(WECHAT.token);
  url.search = new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret: env.WECHAT_MP_APP_SECRET ?? '' }).toString();
  const body = await wechatJson<{ access_token?: string; expires_in?: number }>(await fetch(url), 'token');
  if (!body.access_token || !body.expires_in) throw unavailable();
  const row = { appId, accessToken: body.access_token, expiresAt: now + body.expires_in * 1000 };
  await db.insert(wechatTokens).values(row).onConflictDoUpdate({ target: wechatTokens.appId, set: row });
  return body.access_token;
}

/** A temporary QR code for a new scene; `bindUserId` makes the scan link WeChat to that user instead of signing in. */
export async function createQrCode(env: Env, db: Db, bindUserId: number | null, now = Date.now()): Promise<WechatQrCode> {
  const scene = randomToken(24);
  const request = async (fresh: boolean) => {
    const url = `${WECHAT.qrCreate}?access_token=${encodeURIComponent(await accessToken(env, db, now, fresh))}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expire_seconds: QR_LIFETIME_S, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: scene } } }),
    });
    return wechatJson<{ ticket?: string; expire_seconds?: number }>(response, 'qrcode/create');
  };
  let body = await request(false);
  // Another deployment or a manual refresh may have replaced the token we cached: fetch a new one once.
  if (body.errcode && STALE_TOKEN_ERRORS.includes(body.errcode)) body = await request(true);
  if (!body.ticket) throw unavailable();
  const expiresIn = Math.min(body.expire_seconds ?? QR_LIFETIME_S, QR_LIFETIME_S);
  await db.batch([
    db.delete(wechatScenes).where(lt(wechatScenes.expiresAt, now - KEEP_SPENT_SCENES_MS)),
    db.insert(wechatScenes).values({ scene, bindUserId, expiresAt: now + expiresIn * 1000, createdAt: now }),
  ]);
  return { scene, qrUrl: `${WECHAT.showQr}?ticket=${encodeURIComponent(body.ticket)}`, expiresIn };
}

async function sha1Hex(text: string) {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** WeChat's server-URL signature: sha1 of token, timestamp and nonce sorted and joined; recent timestamps only. */
export async function verifySignature(env: Env, query: Record<string, string | undefined>, now = Date.now()) {
  const { signature, timestamp, nonce } = query;
  if (!env.WECHAT_MP_TOKEN || !signature || !timestamp || !nonce || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MESSAGE_MAX_AGE_S) return false;
  return safeEqual(await sha1Hex([env.WECHAT_MP_TOKEN, timestamp, nonce].sort().join('')), signature.toLowerCase());
}

function xmlField(xml: string, name: string): string | undefined {
  const match = xml.match(new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`));
  return match ? (match[1] ?? match[2] ?? '').trim() : undefined;
}

/** The scene and openid of a QR scan notice (SCAN, or subscribe when the scan made them follow), else null. */
export function parseScanEvent(xml: string): { scene: string; openId: string } | null {
  if (xmlField(xml, 'MsgType') !== 'event') return null;
  const event = xmlField(xml, 'Event');
  const key = xmlField(xml, 'EventKey') ?? '';
  const openId = xmlField(xml, 'FromUserName');
  const scene = event === 'SCAN' ? key : event === 'subscribe' && key.startsWith('qrscene_') ? key.slice('qrscene_'.length) : '';
  return scene && openId ? { scene, openId } : null;
}

/** Records who scanned a live scene. The first scan wins: a later one (someone else at the screen) changes nothing. */
export async function recordScan(db: Db, scene: string, openId: string, now = Date.now()) {
  await db
    .update(wechatScenes)
    .set({ openId, scannedAt: now, expiresAt: now + SCANNED_LIFETIME_MS })
    .where(and(eq(wechatScenes.scene, scene), isNull(wechatScenes.openId), isNull(wechatScenes.usedAt), gt(wechatScenes.expiresAt, now)));
}

const findByOpenId = (db: Db, openId: string) => db.query.users.findFirst({ where: eq(users.wechatOpenId, openId) });

export async function scanStatus(db: Db, scene: string, now = Date.now()): Promise<WechatScanStatus> {
  const row = await db.query.wechatScenes.findFirst({ where: eq(wechatScenes.scene, scene) });
  if (!row || row.usedAt || row.expiresAt <= now) return { status: 'expired', bound: false };
  if (!row.openId) return { status: 'waiting', bound: false };
  return { status: 'scanned', bound: Boolean(await findByOpenId(db, row.openId)) };
}

/**
 * A scanned, live scene of the given kind (sign-in, or binding for `bindUserId`) and the account its
 * openid belongs to, if any. Nothing is spent yet: a person who must first bind can still come back.
 */
export async function scannedScene(db: Db, scene: string, bindUserId: number | null, now = Date.now()) {
  const row = await db.query.wechatScenes.findFirst({ where: eq(wechatScenes.scene, scene) });
  if (!row || row.usedAt || row.expiresAt <= now || row.bindUserId !== bindUserId) throw new ApiError(Code.BAD_REQUEST, 'wechatExpired');
  if (!row.openId) throw new ApiError(Code.BAD_REQUEST, 'wechatNotScanned');
  return { openId: row.openId, owner: await findByOpenId(db, row.openId) };
}

/** Spends a scene; only one of concurrent attempts succeeds, the others are told to scan again. */
export async function spendScene(db: Db, scene: string, now = Date.now()) {
  const spent = await db
    .update(wechatScenes)
    .set({ usedAt: now })
    .where(and(eq(wechatScenes.scene, scene), isNull(wechatScenes.usedAt), gt(wechatScenes.expiresAt, now)))
    .returning({ scene: wechatScenes.scene });
  if (!spent.length) throw new ApiError(Code.BAD_REQUEST, 'wechatExpired');
}
