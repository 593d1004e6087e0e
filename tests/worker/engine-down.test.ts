import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../contracts/api-paths';
import { Code, type Envelope } from '../../contracts/errors';
import type { Locale } from '../../contracts/locale';
import type { UploadInitResponse } from '../../contracts/uploads';
import { app } from '../../worker/app';
import { send, signUp } from './api';

/**
 * The whole Worker with its engine gone (ENGINE_URL at a port nothing listens on): every call that needs the
 * engine tells the user, in their language, that the service is busy and to try again (503), never a 500.
 */

const engineDown = { ...env, ENGINE_URL: 'http://127.0.0.1:9' };
const TRY_AGAIN: Record<Locale, string> = {
  'zh-CN': '媒体服务繁忙或不可用，请稍后重试。',
  'zh-TW': '媒體服務繁忙或無法使用，請稍後重試。',
  'en-US': 'The media service is busy or unavailable. Please try again in a moment.',
};

async function callEngineDown(path: string, locale: Locale, token: string, init: RequestInit = {}) {
  const headers = { 'accept-language': locale, authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) };
  const res = await app.request(`http://tingyi.test/prod-api${path}`, { ...init, headers }, engineDown);
  return { status: res.status, body: (await res.json()) as Envelope<unknown> };
}

describe('an unreachable engine', () => {
  it('turns every language list into "try again" in the envelope, in zh-CN, zh-TW and en-US', async () => {
    const { token } = await signUp();
    for (const path of Object.values(API.languages)) {
      for (const locale of Object.keys(TRY_AGAIN) as Locale[]) {
        const res = await callEngineDown(path, locale, token);
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 503,
          body: { code: Code.UNAVAILABLE, msg: TRY_AGAIN[locale], data: null },
        });
      }
    }
  });

  it('answers an upload whose media cannot be probed with "try again", and probes it once the engine is back', async () => {
    const { token } = await signUp();
    const content = new Uint8Array(4096).map((_, i) => (i * 7) & 0xff);
    const up = (await send<UploadInitResponse>(`/prod-api${API.uploads.uploadInit}`, { oriFileName: 'talk.mp3', fileSize: content.length }, { token })).body
      .data;
    const part = await exports.default.fetch(new Request(up.uploadUrls[0]!, { method: 'PUT', body: content }));
    await send(`/prod-api${API.uploads.uploadBlock}`, { uploadId: up.uploadId, partNumber: 1, etag: part.headers.get('etag')! }, { token });

    const merge = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uploadId: up.uploadId }) };
    const down = await callEngineDown(API.uploads.mergeFileData, 'zh-TW', token, merge);
    expect(down).toEqual({ status: 503, body: { code: Code.UNAVAILABLE, msg: TRY_AGAIN['zh-TW'], data: null } });

    // The real engine, reachable again, reads the same bytes: not audio, so the retry is a 400 with its reason.
    const back = await send(`/prod-api${API.uploads.mergeFileData}`, { uploadId: up.uploadId }, { token });
    expect(back.status).toBe(400);
    expect(back.body.msg).toMatch(/^The file could not be read as audio or video/);
  });
});
