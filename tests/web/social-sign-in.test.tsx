import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginOptions, WechatScanStatus } from '../../contracts/auth';
import { MESSAGES } from './helpers/messages';
import { getToken, setToken } from '../../web/lib/auth';
import { setRequestHooks } from '../../web/lib/request';
import { setVisitorLogin } from '../../web/lib/route-guard';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { renderAt } from './helpers/render-app';
import { userInfo } from './helpers/users';

const en = MESSAGES['en-US'];
const server = useApiServer();
const toasts: string[] = [];
let options: LoginOptions;
/** What getOpenId answers, per scene; scenes are `scene-1`, `scene-2`… in the order codes are made. */
let scans: Record<string, WechatScanStatus>;
let qrCount: number;
let failGoogle: string | null;
let unbindRefusal: string | null;
const member = userInfo({ id: 9, name: 'Wei', email: 'wei@example.com' });

function fakeApi({ method, url, body }: RecordedRequest): Reply {
  const ok = (data: unknown): Reply => ({ body: { code: 200, msg: 'ok', data } });
  const fail = (status: number, msg: string): Reply => ({ status, body: { code: status, msg, data: null } });
  const path = url.pathname.replace('/prod-api', '');
  switch (`${method} ${path}`) {
    case 'GET /auth/loginOptions':
      return ok(options);
    case 'GET /auth/getQrCode': {
      qrCount += 1;
      const scene = `scene-${qrCount}`;
      scans[scene] ??= { status: 'waiting', bound: false };
      return ok({ scene, qrUrl: `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=T${qrCount}`, expiresIn: 300 });
    }
    case 'GET /auth/getOpenId':
      return ok(scans[url.searchParams.get('scene') ?? ''] ?? { status: 'expired', bound: false });
    case 'POST /auth/wxlogin':
      return ok({ token: 'wechat-token', user: member });
    case 'POST /auth/wxRegisterWithLogin':
      return ok({ token: 'wechat-new-token', user: { ...member, wechatBound: true } });
    case 'GET /auth/render/google':
      return ok(`https://accounts.google.com/o/oauth2/v2/auth?client_id=c&state=STATE-${url.searchParams.get('mode')}&code_challenge=x`);
    case 'POST /auth/googleRegisterWithLogin':
      return failGoogle ? fail(400, failGoogle) : ok({ token: 'google-token', user: { ...member, googleBound: true } });
    case 'PUT /system/bindingOther': {
      const { type } = JSON.parse(body) as { type: string };
      return ok({ ...member, ...(type === 'wechat' ? { wechatBound: true } : { googleBound: true }) });
    }
    case 'PUT /system/unbindGoogle':
      return unbindRefusal ? fail(400, unbindRefusal) : ok({ ...member, googleBound: false });
    case 'POST /expense/account/queryUserFunctionJudge':
      return ok({ recognitionCount: 2, translateCount: 2 });
    default:
      return fail(404, `No route ${path}`);
  }
}

const calls = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.url.pathname === `/prod-api${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;

beforeEach(() => {
  options = { emailCode: true, smsCode: false, google: true, wechat: true, captcha: 'off' };
  scans = {};
  qrCount = 0;
  failGoogle = null;
  unbindRefusal = null;
  toasts.length = 0;
  sessionStorage.clear();
  setRequestHooks({ toast: (text) => toasts.push(text) });
  server.requests.length = 0;
  server.reply(fakeApi);
  useSession.setState({ userInfo: null });
  setVisitorLogin(async () => {});
});

afterEach(() => {
  vi.useRealTimers();
});

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('WeChat on the login screen', () => {
  it('shows the code, asks every 2 s whether it was scanned, and signs a bound WeChat in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderAt('/login?source=2&redirect=%2FrecordList');
    const image = (await screen.findByTestId('wechat-qr-image')) as HTMLImageElement;
    expect(image.src).toBe('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=T1');
    await waitFor(() => expect(calls('GET', '/auth/getOpenId')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(calls('GET', '/auth/getOpenId')).toHaveLength(2));
    expect(calls('GET', '/auth/getOpenId')[1]!.url.searchParams.get('scene')).toBe('scene-1');
    expect(calls('POST', '/auth/wxlogin')).toHaveLength(0);

    scans['scene-1'] = { status: 'scanned', bound: true };
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recordList'));
    expect(calls('POST', '/auth/wxlogin').map(jsonOf)).toEqual([{ scene: 'scene-1', source: 2 }]);
    expect(getToken()).toBe('wechat-token');
    expect(useSession.getState().userInfo).toEqual(member);
  });

  it('stops asking once another sign-in method is chosen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/login');
    await screen.findByTestId('wechat-qr-image');
    await waitFor(() => expect(calls('GET', '/auth/getOpenId')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('tab-password'));
    await screen.findByTestId('username-input');
    // A poll already on its way when the method changed may still land.
    await act(() => vi.advanceTimersByTimeAsync(300));
    const before = calls('GET', '/auth/getOpenId').length;
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(calls('GET', '/auth/getOpenId')).toHaveLength(before);
  });

  it('offers a new code once the shown one has expired', async () => {
    scans['scene-1'] = { status: 'expired', bound: false };
    renderAt('/login');
    fireEvent.click(await screen.findByTestId('wechat-qr-refresh'));
    await waitFor(() => expect((screen.getByTestId('wechat-qr-image') as HTMLImageElement).src).toMatch(/ticket=T2$/));
    expect(screen.queryByTestId('wechat-qr-expired')).toBeNull();
    expect(calls('GET', '/auth/getQrCode')).toHaveLength(2);
  });

  it('links an unbound WeChat to the account of an email proven with a code', async () => {
    scans['scene-1'] = { status: 'scanned', bound: false };
    const router = renderAt('/login');
    const step = await screen.findByTestId('wechat-bind-step');
    expect(step.textContent).toContain(en.social.notLinkedTitle);
    type('target-input', 'wei@example.com');
    type('code-input', '123456');
    fireEvent.click(screen.getByTestId('wechat-link-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls('POST', '/auth/wxRegisterWithLogin').map(jsonOf)).toEqual([{ scene: 'scene-1', target: 'wei@example.com', code: '123456', source: 1 }]);
    expect(calls('POST', '/auth/wxlogin')).toHaveLength(0);
    expect(getToken()).toBe('wechat-new-token');
  });

  it('signs an unbound WeChat up as a new account, or starts over with a new code', async () => {
    scans['scene-1'] = { status: 'scanned', bound: false };
    scans['scene-2'] = { status: 'scanned', bound: false };
    const router = renderAt('/login');
    fireEvent.click(await screen.findByTestId('wechat-scan-again'));
    await waitFor(() => expect(calls('GET', '/auth/getOpenId').map((r) => r.url.searchParams.get('scene'))).toEqual(['scene-1', 'scene-2']));
    fireEvent.click(await screen.findByTestId('wechat-create-account'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls('POST', '/auth/wxRegisterWithLogin').map(jsonOf)).toEqual([{ scene: 'scene-2', source: 1 }]);
  });

  it('has no WeChat tab or Google button when neither is configured', async () => {
    options = { ...options, wechat: false, google: false };
    renderAt('/login');
    await screen.findByTestId('username-input');
    expect(screen.queryByTestId('tab-wechat')).toBeNull();
    expect(screen.queryByTestId('google-login')).toBeNull();
    expect(calls('GET', '/auth/getQrCode')).toHaveLength(0);
  });
});

describe('Google sign-in', () => {
  it('leaves for Google remembering the state and where to go afterwards', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom cannot navigate to another site
    renderAt('/login?redirect=%2FshareList&source=2');
    fireEvent.click(await screen.findByTestId('google-login'));
    await waitFor(() => expect(sessionStorage.getItem('googleOAuth')).not.toBeNull());
    expect(calls('GET', '/auth/render/google')[0]!.url.searchParams.get('mode')).toBe('login');
    expect(JSON.parse(sessionStorage.getItem('googleOAuth')!)).toEqual({ state: 'STATE-login', mode: 'login', redirect: '/shareList', source: 2 });
  });

  it('signs in on the page Google returns to and goes where the login page was asked to', async () => {
    sessionStorage.setItem('googleOAuth', JSON.stringify({ state: 'S1', mode: 'login', redirect: '/shareList', source: 2 }));
    const router = renderAt('/googleLoginCallBack?state=S1&code=4%2F0Abc&scope=email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shareList'));
    expect(calls('POST', '/auth/googleRegisterWithLogin').map(jsonOf)).toEqual([{ code: '4/0Abc', state: 'S1', source: 2 }]);
    expect(getToken()).toBe('google-token');
    expect(useSession.getState().userInfo?.googleBound).toBe(true);
    expect(sessionStorage.getItem('googleOAuth')).toBeNull();
  });

  it('refuses a return this tab did not start, without calling the server', async () => {
    sessionStorage.setItem('googleOAuth', JSON.stringify({ state: 'MINE', mode: 'login', redirect: null, source: 1 }));
    const router = renderAt('/googleLoginCallBack?state=SOMEONE-ELSES&code=c');
    expect((await screen.findByTestId('google-error')).textContent).toBe(en.social.googleInvalid);
    expect(calls('POST', '/auth/googleRegisterWithLogin')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('google-back-to-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the server's reason when sign-in fails, with a way back to the login page that keeps the redirect", async () => {
    failGoogle = 'Google sign-in did not complete. Please try again.';
    sessionStorage.setItem('googleOAuth', JSON.stringify({ state: 'S2', mode: 'login', redirect: '/vocabulary', source: 1 }));
    const router = renderAt('/googleLoginCallBack?state=S2&code=c');
    expect((await screen.findByTestId('google-error')).textContent).toBe(failGoogle);
    expect(getToken()).toBeUndefined();
    fireEvent.click(screen.getByTestId('google-back-to-login'));
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fvocabulary'));
  });

  it('says so when the person cancelled at Google', async () => {
    sessionStorage.setItem('googleOAuth', JSON.stringify({ state: 'S3', mode: 'login', redirect: null, source: 1 }));
    renderAt('/googleLoginCallBack?error=access_denied&state=S3');
    expect((await screen.findByTestId('google-error')).textContent).toBe(en.social.googleDeclined);
    expect(calls('POST', '/auth/googleRegisterWithLogin')).toHaveLength(0);
  });
});

describe('third-party accounts on the profile', () => {
  function signedIn(overrides = {}) {
    setToken('member-token');
    useSession.setState({ userInfo: { ...member, ...overrides } });
  }
  const row = async (provider: string) => {
    const card = await screen.findByTestId('profile-third-party');
    return within(card)
      .getByText(provider === 'wechat' ? en.profile.wechat : en.profile.google)
      .closest('.security-row') as HTMLElement;
  };

  it('shows each configured provider bound or not, and only those', async () => {
    options = { ...options, google: false };
    signedIn({ wechatBound: true });
    renderAt('/user/profile');
    expect((await row('wechat')).textContent).toContain(en.profile.bound);
    expect(within(screen.getByTestId('profile-third-party')).queryByText(en.profile.google)).toBeNull();
  });

  it('binds WeChat by scanning a code made for this user', async () => {
    signedIn();
    renderAt('/user/profile');
    fireEvent.click(within(await row('wechat')).getByTestId('bind-wechat'));
    await screen.findByTestId('wechat-qr-bind');
    await waitFor(() => expect(calls('GET', '/auth/getQrCode')).toHaveLength(1));
    expect(calls('GET', '/auth/getQrCode')[0]!.url.searchParams.get('mode')).toBe('bind');
    expect(calls('GET', '/auth/getQrCode')[0]!.headers.authorization).toBe('Bearer member-token');
    scans['scene-1'] = { status: 'scanned', bound: false };
    await waitFor(() => expect(calls('PUT', '/system/bindingOther').map(jsonOf)).toEqual([{ type: 'wechat', scene: 'scene-1' }]));
    await waitFor(() => expect(screen.queryByTestId('wechat-qr-bind')).toBeNull());
    expect(useSession.getState().userInfo?.wechatBound).toBe(true);
    expect((await row('wechat')).textContent).toContain(en.profile.bound);
  });

  async function confirmUnbindGoogle() {
    fireEvent.click(within(await row('google')).getByTestId('unbind-google'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: en.profile.unbind }));
  }

  it('unbinds Google after confirmation', async () => {
    signedIn({ googleBound: true });
    renderAt('/user/profile');
    await confirmUnbindGoogle();
    await waitFor(() => expect(useSession.getState().userInfo?.googleBound).toBe(false));
    expect(calls('PUT', '/system/unbindGoogle')).toHaveLength(1);
  });

  it('shows why the server refuses to unbind the last way to sign in, and keeps it bound', async () => {
    signedIn({ googleBound: true });
    unbindRefusal = 'This is the only way to sign in to your account.';
    renderAt('/user/profile');
    await confirmUnbindGoogle();
    await waitFor(() => expect(toasts).toContain(unbindRefusal));
    expect(useSession.getState().userInfo?.googleBound).toBe(true);
  });

  it('starts Google binding, and finishes it when Google returns to the profile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom cannot navigate to another site
    signedIn();
    renderAt('/user/profile');
    fireEvent.click(within(await row('google')).getByTestId('bind-google'));
    await waitFor(() => expect(sessionStorage.getItem('googleOAuth')).not.toBeNull());
    expect(calls('GET', '/auth/render/google')[0]!.url.searchParams.get('mode')).toBe('bind');
    expect(JSON.parse(sessionStorage.getItem('googleOAuth')!)).toMatchObject({ state: 'STATE-bind', mode: 'bind' });
    cleanup();

    const back = renderAt('/user/profile?state=STATE-bind&code=g-code&scope=openid');
    await waitFor(() => expect(calls('PUT', '/system/bindingOther').map(jsonOf)).toEqual([{ type: 'google', code: 'g-code', state: 'STATE-bind' }]));
    await waitFor(() => expect(useSession.getState().userInfo?.googleBound).toBe(true));
    expect(back.state.location.search).toBe('');
    expect(sessionStorage.getItem('googleOAuth')).toBeNull();
  });
});
