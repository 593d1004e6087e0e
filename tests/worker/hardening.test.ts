import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contracts/errors';
import type { Envelope } from '../../contracts/errors';
import { app } from '../../worker/app';
import { signedDevNotification } from '../../worker/services/payments/development';
import { call, get, send, signUp } from './api';

/**
 * What keeps a deployment and its answers safe: the refusal to run on a known or short signing secret, the
 * headers on every answer, and envelopes (never a 500 or bare text) for requests no client should send.
 */

const production = (jwtSecret: string) => ({ ...env, ENVIRONMENT: 'production', JWT_SECRET: jwtSecret });

async function asProduction(jwtSecret: string, path: string, init: RequestInit = {}) {
  const res = await app.request(`http://tingyi.test${path}`, init, production(jwtSecret));
  return { status: res.status, body: (await res.json()) as Envelope };
}

describe('the signing secret', () => {
  it.each([
    ['the example from .dev.vars.example', 'development-only-jwt-secret'],
    ['shorter than 32 bytes', 'a-random-but-short-secret-31-byt'.slice(0, 31)],
    ['missing', ''],
  ])('in production, %s: nothing is signed in and no meeting ticket is issued, with a clear log line', async (_what, secret) => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const options = await asProduction(secret, '/prod-api/auth/loginOptions');
      expect(options.status).toBe(503);
      expect(options.body).toMatchObject({ code: Code.UNAVAILABLE, data: null });
      expect(options.body.msg).toMatch(/not configured safely/);
      const visitor = await asProduction(secret, '/prod-api/auth/visitorlogin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitorId: crypto.randomUUID() }),
      });
      expect(visitor.status).toBe(503);
      expect((await asProduction(secret, '/prod-api/speech/meeting/getNetworkLink?shortCode=123456')).status).toBe(503);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toMatch(/JWT_SECRET/);
  });

  it('runs in production on a long random secret, and in development on the example one', async () => {
    const long = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    expect((await asProduction(long, '/prod-api/auth/loginOptions')).status).toBe(200);
    const dev = await app.request('http://tingyi.test/prod-api/auth/loginOptions', {}, { ...env, JWT_SECRET: 'development-only-jwt-secret' });
    expect(dev.status).toBe(200);
  });
});

describe('the engine secret', () => {
  it.each([
    ['the example from .dev.vars.example', 'development-only-engine-secret'],
    ['shorter than 32 bytes', 'a-random-but-short-engine-key'],
  ])('in production, %s: the API refuses to run and the log names ENGINE_SECRET', async (_what, engineSecret) => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const long = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
      const res = await app.request('http://tingyi.test/prod-api/auth/loginOptions', {}, { ...production(long), ENGINE_SECRET: engineSecret });
      expect(res.status).toBe(503);
      expect(((await res.json()) as Envelope).msg).toMatch(/not configured safely/);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toMatch(/ENGINE_SECRET/);
    expect(errors.join('\n')).not.toMatch(/JWT_SECRET/);
  });
});

describe('headers on every answer', () => {
  const FRAMING = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" };

  it('API answers, successes and errors alike, are neither sniffed nor framed', async () => {
    for (const path of ['/prod-api/auth/loginOptions', '/prod-api/no/such/route', '/prod-api/auth/getUserInfo']) {
      const res = await exports.default.fetch(new Request(`http://tingyi.test${path}`));
      for (const [name, value] of Object.entries(FRAMING)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });

  it('an uploaded avatar is served as the image type it was stored with and never sniffed', async () => {
    const { token } = await signUp();
    const form = new FormData();
    // HTML wearing an image type: a browser that sniffed would render it as a page on this site.
    form.set('file', new File(['<html><script>alert(1)</script></html>'], 'me.png', { type: 'image/png' }));
    const stored = await call<{ avatar: string }>('/prod-api/system/user/avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const image = await exports.default.fetch(new Request(`http://tingyi.test${stored.body.data.avatar}`));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    await image.arrayBuffer();
  });

  it("the web app's pages may not be framed by another site either", async () => {
    for (const path of ['/', '/recordList', '/meetingShareIng?invite=abcdefgh']) {
      const res = await env.ASSETS.fetch(new Request(`http://tingyi.test${path}`));
      await res.arrayBuffer();
      for (const [name, value] of Object.entries(FRAMING)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });
});

describe('requests no client sends', () => {
  const envelopeOf = async (res: Response) => {
    const body = (await res.json()) as Envelope;
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    return body;
  };

  it('a broken avatar form is a bad request, not a server error', async () => {
    const { token } = await signUp();
    for (const [body, type] of [
      ['--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', 'multipart/form-data; boundary=y'],
      ['abc', 'multipart/form-data'],
    ]) {
      const res = await exports.default.fetch(
        new Request('http://tingyi.test/prod-api/system/user/avatar', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': type! },
          body,
        }),
      );
      expect(res.status).toBe(400);
      expect((await envelopeOf(res)).msg).toMatch(/PNG/);
    }
  });

  it('an avatar name of 3,000 characters, or one the app never gives, is simply not found', async () => {
    for (const path of [`/prod-api/system/avatar/1/${'a'.repeat(3000)}`, '/prod-api/system/avatar/1/..%2F..%2Fsecret.png', '/prod-api/system/avatar/x/a.png']) {
      const res = await exports.default.fetch(new Request(`http://tingyi.test${path}`));
      expect(res.status, path).toBe(404);
      expect((await envelopeOf(res)).code).toBe(Code.NOT_FOUND);
    }
  });

  it('the meeting socket asked for without an upgrade answers 426 in the envelope', async () => {
    const res = await exports.default.fetch(new Request('http://tingyi.test/prod-api/speech/meeting/socket?ticket=x'));
    expect(res.status).toBe(426);
    expect((await envelopeOf(res)).msg).toMatch(/WebSocket/);
  });

  it('a payment notification for an unknown method is not found, in the envelope', async () => {
    const res = await exports.default.fetch(new Request('http://tingyi.test/prod-api/pay/notify/bitcoin', { method: 'POST', body: '{}' }));
    expect(res.status).toBe(404);
    expect((await envelopeOf(res)).code).toBe(Code.NOT_FOUND);
  });

  it("the development payment's notifications come only from this machine", async () => {
    const notification = await signedDevNotification({ outTradeNo: 'TY-NOT-LOCAL', amountFen: 100, transactionId: 'DEV-1' }, Date.now());
    const outside: Record<string, string>[] = [
      { 'cf-connecting-ip': '203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.9' },
      { 'cf-ray': '8f00000000000000-SJC' },
    ];
    for (const from of outside) {
      const res = await exports.default.fetch(
        new Request('http://tingyi.test/prod-api/pay/notify/devPay', {
          method: 'POST',
          body: notification.body,
          headers: { ...notification.headers, ...from },
        }),
      );
      expect(res.status, JSON.stringify(from)).toBe(404);
      await res.arrayBuffer();
    }
  });
});

describe('names that display differently from what they are', () => {
  const RLO = '\u202E';

  it.each([
    ['a dubbing upload (it becomes the project name)', '/prod-api/speech/video/transcribe/create', { oriFileName: `invoice${RLO}4pm.exe.mp4`, fileSize: 1000 }],
    [
      'a transcription upload (it becomes the record name)',
      '/prod-api/speech/audio/transcribe/uploadInit',
      { oriFileName: `invoice${RLO}3pm.exe.mp3`, fileSize: 1000 },
    ],
    ['a dubbing version', '/prod-api/speech/video/transcribe/createIteration', { id: 1, name: `final${RLO}` }],
    ['a dubbing speaker', '/prod-api/speech/video/transcribe/editSpeaker', { id: 1, speaker: 'Speaker 1', name: `Ann${RLO}` }],
    [
      'a speaker in the transcript editor',
      '/prod-api/speech/audio/transcribe/editDetails',
      { id: 1, lines: [{ start: 0, end: 1000, text: 'hello', speaker: `\u2067Ann\u2069` }] },
    ],
  ])('are refused in %s', async (_what, path, body) => {
    const { token } = await signUp();
    const res = await send(path, body, { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/text-direction/);
  });

  it.each([
    ['an Arabic letter mark in a version name', '/prod-api/speech/video/transcribe/createIteration', { id: 1, name: 'final\u061C' }],
    ['a lone surrogate in a version name', '/prod-api/speech/video/transcribe/createIteration', { id: 1, name: 'v2\uD800' }],
    ['a zero-width space in an upload name', '/prod-api/speech/audio/transcribe/uploadInit', { oriFileName: 'pay\u200Broll.mp3', fileSize: 1000 }],
    ['a soft hyphen in a nickname', '/prod-api/system/client/user/edit', { name: 'Ad\u00ADmin' }],
    ['a word joiner in a speaker name', '/prod-api/speech/video/transcribe/editSpeaker', { id: 1, speaker: 'Speaker 1', name: 'Ann\u2060' }],
    ['a Hangul filler as a whole name', '/prod-api/system/client/user/edit', { name: '\u3164' }],
  ])('are refused with %s, as every invisible or broken character', async (_what, path, body) => {
    const { token } = await signUp();
    const res = await send(path, body, { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/invisible characters or lone surrogates/);
  });

  it('while emoji, whose joiners and selectors are drawn, pass', async () => {
    const { token } = await signUp();
    const res = await send('/prod-api/system/client/user/edit', { name: '👩\u200D💻 Ann ❤\uFE0F 👍🏽' }, { token });
    expect(res.body.code, res.body.msg).toBe(200);
  });

  it('while ordinary names, and an empty speaker, still pass that check', async () => {
    const { token } = await signUp();
    const res = await send<{ uploadId: string }>('/prod-api/speech/audio/transcribe/uploadInit', { oriFileName: '季度会议 ✓.mp3', fileSize: 1000 }, { token });
    expect(res.body.code, res.body.msg).toBe(200);
    const unnamed = await send(
      '/prod-api/speech/audio/transcribe/editDetails',
      { id: 1, lines: [{ start: 0, end: 1000, text: 'hello', speaker: '' }] },
      { token },
    );
    expect(unnamed.body.msg).not.toMatch(/text-direction/);
    expect((await get('/prod-api/auth/loginOptions')).status).toBe(200);
  });
});
