import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMEOUT_MS, TOKEN_COOKIE } from '../../contracts/constants';
import { setLocale } from '../../web/i18n';
import { MESSAGES } from './helpers/messages';
import { getToken, setToken } from '../../web/lib/auth';
import { RequestError, download, get, post, request, setRequestHooks } from '../../web/lib/request';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import { userInfo } from './helpers/users';

const en = MESSAGES['en-US'];
const server = useApiServer();
const toast = vi.fn<(text: string, seconds: number) => void>();
const navigate = vi.fn<(to: string) => void>();

beforeEach(() => {
  toast.mockReset();
  navigate.mockReset();
  setRequestHooks({ toast, navigate });
  server.requests.length = 0;
  server.reply(() => ({ body: { code: 200, msg: 'ok', data: null } }));
});
afterEach(() => setLocale('en-US'));

function rejection(promise: Promise<unknown>): Promise<RequestError> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(RequestError);
      return error as RequestError;
    },
  );
}

/** jsdom's Blob has no text(); FileReader it is. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('request layer against a real HTTP server', () => {
  it('resolves with the envelope when code is 200', async () => {
    server.reply(() => ({ body: { code: 200, msg: 'ok', data: { id: 7 } } }));
    await expect(get('/system/thing')).resolves.toEqual({ code: 200, msg: 'ok', data: { id: 7 } });
    expect(server.requests[0]!.url.pathname).toBe('/prod-api/system/thing');
    expect(toast).not.toHaveBeenCalled();
  });

  it('resolves when the success code comes as resultCode', async () => {
    server.reply(() => ({ body: { resultCode: 200, msg: 'ok', data: [1] } }));
    await expect(post('/expense/pay/getQrPay', { a: 1 })).resolves.toMatchObject({ resultCode: 200, data: [1] });
  });

  it('toasts the server msg for 5 s on a business failure and rejects with code and msg', async () => {
    server.reply(() => ({ body: { code: 500, msg: 'Folder name taken', data: null } }));
    const error = await rejection(post('/speech/document/editFolder', { folderName: 'x' }));
    expect(error).toMatchObject({ kind: 'business', code: 500, message: 'Folder name taken' });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Folder name taken', 5);
  });

  it("toasts 'Error' when the failure carries no msg", async () => {
    server.reply(() => ({ body: { code: 500 } }));
    await rejection(get('/x'));
    expect(toast).toHaveBeenCalledExactlyOnceWith(en.errors.fallback, 5);
  });

  it('treats an error envelope sent with an HTTP error status like any envelope', async () => {
    server.reply(() => ({ status: 404, body: { code: 404, msg: 'No such route', data: null } }));
    const error = await rejection(get('/not/there'));
    expect(error).toMatchObject({ kind: 'business', code: 404, message: 'No such route' });
    expect(toast).toHaveBeenCalledExactlyOnceWith('No such route', 5);
  });

  it('does not toast when the call opts out', async () => {
    server.reply(() => ({ body: { code: 500, msg: 'quiet please' } }));
    const error = await rejection(get('/x', undefined, { silent: true }));
    expect(error.message).toBe('quiet please');
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([
    ['HTTP status', { status: 401, body: { code: 401, msg: 'Unauthorized' } }],
    ['envelope code', { status: 200, body: { code: 401, msg: 'Login expired' } }],
  ])('on 401 (%s) clears token and login and goes to /login keeping the query', async (_, reply) => {
    window.history.replaceState(null, '', '/recordList?folder=3&lang=zh-TW');
    setToken('stale');
    useSession.getState().setUserInfo(userInfo());
    server.reply(() => reply);

    const error = await rejection(get('/auth/getUserInfo'));
    expect(error).toMatchObject({ kind: 'unauthorized', code: 401 });
    expect(getToken()).toBeUndefined();
    expect(document.cookie).not.toContain(TOKEN_COOKIE);
    expect(useSession.getState().userInfo).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login?folder=3&lang=zh-TW');
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([92505000, 92505001, 92505003, 9250747])('lets code %i reach the caller without a toast', async (code) => {
    server.reply(() => ({ body: { code, msg: 'Insufficient balance, please buy and recharge', data: { tab: 2 } } }));
    const error = await rejection(post('/speech/audio/transcribe/transwrite', {}));
    expect(error).toMatchObject({ kind: 'business', code, message: 'Insufficient balance, please buy and recharge' });
    expect(error.data).toMatchObject({ data: { tab: 2 } });
    expect(toast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a timed-out call with a readable, translated message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.reply(() => ({ body: { code: 200 }, delayMs: 400 }));
    await setLocale('zh-CN');
    const error = await rejection(get('/slow', undefined, { timeout: 50 }));
    expect(error).toMatchObject({ kind: 'network', message: MESSAGES['zh-CN'].errors.timeout });
    expect(toast).toHaveBeenCalledExactlyOnceWith(MESSAGES['zh-CN'].errors.timeout, 5);
    expect(log).toHaveBeenCalled();
  });

  it('rejects an unreachable server with the network message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await rejection(get('/x', undefined, { baseURL: 'http://127.0.0.1:9/prod-api' }));
    expect(error).toMatchObject({ kind: 'network', message: en.errors.network });
  });

  it('names the status when a failure response is not an envelope', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.reply(() => ({ status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' }));
    const error = await rejection(get('/x'));
    expect(error).toMatchObject({ kind: 'network', code: 502, message: 'The server could not handle the request (status 502).' });
  });

  it('rejects an aborted call silently', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.reply(() => ({ body: { code: 200 }, delayMs: 400 }));
    const controller = new AbortController();
    const pending = rejection(get('/slow', undefined, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    const error = await pending;
    expect(error.kind).toBe('cancelled');
    expect(toast).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('puts GET params in the query string, nested objects as key[sub]', async () => {
    await get('/speech/audio/transcribe/query', { pageNum: 1, params: { beginTime: '2026-01-01', folderId: 3 } });
    const { url } = server.requests[0]!;
    expect(url.searchParams.get('pageNum')).toBe('1');
    expect(url.searchParams.get('params[beginTime]')).toBe('2026-01-01');
    expect(url.searchParams.get('params[folderId]')).toBe('3');
  });

  it('sends FormData as multipart, with the boundary the browser chose', async () => {
    const body = new FormData();
    body.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await post('/system/user/avatar', body);
    expect(server.requests[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.requests[0]!.body).toContain('filename="a.png"');
  });

  it('hands the upload’s progress events to the caller', async () => {
    const progress: { loaded: number; total?: number }[] = [];
    await post('/system/user/avatar', new Blob(['x'.repeat(64 * 1024)]), { onUploadProgress: (event) => progress.push(event) });
    // jsdom reports only that the upload began; a browser reports each step until loaded equals total.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every(({ loaded }) => typeof loaded === 'number')).toBe(true);
  });

  it('sends the bearer token from the auth cookie and accept-language from the locale', async () => {
    setToken('tok-123');
    await setLocale('zh-TW');
    await get('/x');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer tok-123');
    expect(server.requests[0]!.headers['accept-language']).toBe('zh-TW');
  });

  it('sends no Authorization header without a token', async () => {
    await get('/x');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(server.requests[0]!.headers['accept-language']).toBe('en-US');
  });

  it('passes blob responses through untouched, with the header that names the file', async () => {
    server.reply(() => ({
      body: 'WEBVTT\n\n00:00.000 --> 00:01.000\nhello',
      contentType: 'text/vtt',
      headers: { 'Content-Disposition': 'attachment; filename="a.vtt"' },
    }));
    const { blob, disposition } = await download({ url: '/speech/video/transcribe/download/zip' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await readText(blob)).toContain('hello');
    expect(disposition).toBe('attachment; filename="a.vtt"');
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([
    ['an HTTP error status', 403],
    ['HTTP 200', 200],
  ])('turns a download answered by an error envelope (%s) into the usual failure and toast', async (_, status) => {
    server.reply(() => ({ status, body: { code: 403, msg: 'Not your record', data: null } }));
    const error = await rejection(download({ url: '/speech/audio/transcribe/export', params: { ids: '9' } }));
    expect(error).toMatchObject({ kind: 'business', code: 403, message: 'Not your record' });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Not your record', 5);
  });

  it('signs out on a download answered 401', async () => {
    setToken('stale');
    server.reply(() => ({ status: 401, body: { code: 401, msg: 'Login expired' } }));
    const error = await rejection(download({ url: '/speech/audio/transcribe/export' }));
    expect(error.kind).toBe('unauthorized');
    expect(getToken()).toBeUndefined();
    expect(navigate).toHaveBeenCalledOnce();
  });
});

describe('timeouts', () => {
  it('defaults to 60 s and gives long transcription calls 600 s', async () => {
    // The timeout each call's XMLHttpRequest carries when it is sent.
    const timeouts: number[] = [];
    const send = XMLHttpRequest.prototype.send;
    const spy = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      timeouts.push(this.timeout);
      send.call(this, body);
    });
    try {
      await request({ url: '/a' });
      await request({ url: '/a', long: true });
    } finally {
      spy.mockRestore();
    }
    expect(timeouts).toEqual([TIMEOUT_MS.default, TIMEOUT_MS.long]);
  });
});
