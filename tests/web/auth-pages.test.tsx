import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginOptions } from '../../contracts/auth';
import { MESSAGES } from './helpers/messages';
import { getToken } from '../../web/lib/auth';
import { setRequestHooks } from '../../web/lib/request';
import { setVisitorLogin } from '../../web/lib/route-guard';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { renderAt } from './helpers/render-app';
import { userInfo } from './helpers/users';

const en = MESSAGES['en-US'];
const server = useApiServer();
let options: LoginOptions;
let captchaAnswer: 'right' | 'wrong';
const toasts: string[] = [];
const user = userInfo({ id: 7, name: 'Ann' });

function fakeApi({ url, body }: RecordedRequest): Reply {
  const ok = (data: unknown): Reply => ({ body: { code: 200, msg: 'ok', data } });
  const fail = (status: number, msg: string): Reply => ({ status, body: { code: status, msg, data: null } });
  switch (url.pathname.replace('/prod-api', '')) {
    case '/auth/loginOptions':
      return ok(options);
    case '/auth/captcha':
      return ok({
        id: `pic-${Date.now()}`,
        svg: '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="160"><text x="50" y="40">听</text></svg>',
        prompt: ['听', '译', '云'],
        width: 300,
        height: 160,
      });
    case '/auth/captcha/verify':
      return captchaAnswer === 'right' ? ok({ pass: 'PASS-1' }) : fail(400, 'Verification failed.');
    case '/auth/c/doLogin':
      return ok({ token: 'user-token', user });
    case '/auth/c/getValidCode':
      return JSON.parse(body).target === 'busy@example.com' ? fail(429, 'A code was just sent.') : ok({ cooldownSeconds: 60 });
    case '/auth/c/doLoginByValidCode':
      return ok({ token: 'new-user-token', user });
    case '/expense/account/queryUserFunctionJudge':
      return ok({
        recognitionCount: 10,
        translateCount: 4,
        proprietaryWords: true,
        translateGlossary: true,
        sensitiveWords: true,
        inviteMeeting: true,
        screenCasting: true,
      });
    default:
      return fail(404, 'No route');
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;

beforeEach(() => {
  options = { emailCode: true, smsCode: true, google: false, wechat: false, captcha: 'click' };
  captchaAnswer = 'right';
  toasts.length = 0;
  setRequestHooks({ toast: (text) => toasts.push(text) });
  server.requests.length = 0;
  server.reply(fakeApi);
  useSession.setState({ userInfo: null });
  setVisitorLogin(async () => {});
});

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** jsdom lays nothing out: give the captcha picture a box, shown at half size like on a narrow phone. */
function layOutCaptcha(picture: HTMLElement) {
  vi.spyOn(picture, 'getBoundingClientRect').mockReturnValue({ left: 10, top: 100, width: 150, height: 80 } as DOMRect);
}

describe('/login', () => {
  it('shows only the configured methods: no Google or WeChat', async () => {
    renderAt('/login');
    await screen.findByTestId('tab-password');
    expect(screen.getByTestId('tab-code')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Google|WeChat/);
  });

  it('hides the code tab when no code channel is configured', async () => {
    options = { ...options, emailCode: false, smsCode: false };
    renderAt('/login');
    await screen.findByTestId('tab-password');
    expect(screen.queryByTestId('tab-code')).toBeNull();
  });

  it('signs in with password after the click captcha: mapped points, single-use pass, source, redirect', async () => {
    const router = renderAt('/login?source=2&redirect=%2FrecordList%3Fx%3D1');
    await screen.findByTestId('username-input');
    type('username-input', 'ann@example.com');
    type('password-input', 'abcdef12');
    fireEvent.click(screen.getByTestId('login-submit'));

    const picture = await screen.findByTestId('captcha-image');
    await within(picture).findByText('听');
    expect(screen.getByTestId('captcha-prompt').textContent).toBe(`${en.captcha.clickInOrder}听译云`);
    expect(calls('/auth/c/doLogin')).toHaveLength(0); // no login before the captcha is done
    layOutCaptcha(picture);
    fireEvent.click(picture, { clientX: 10 + 25, clientY: 100 + 20 });
    fireEvent.click(picture, { clientX: 10 + 75, clientY: 100 + 40 });
    fireEvent.click(picture, { clientX: 10 + 140, clientY: 100 + 70 });

    await waitFor(() => expect(router.state.location.pathname).toBe('/recordList'));
    expect(router.state.location.search).toBe('?x=1');
    expect(jsonOf(calls('/auth/captcha/verify')[0]!).points).toEqual([
      { x: 50, y: 40 },
      { x: 150, y: 80 },
      { x: 280, y: 140 },
    ]);
    expect(jsonOf(calls('/auth/c/doLogin')[0]!)).toEqual({ username: 'ann@example.com', password: 'abcdef12', captcha: 'PASS-1', source: 2 });
    expect(getToken()).toBe('user-token');
    expect(useSession.getState().userInfo).toEqual(user);
    await waitFor(() => expect(useSession.getState().permissions.screenCasting).toBe(true));
  });

  it('loads a new picture after a wrong answer and does not log in', async () => {
    captchaAnswer = 'wrong';
    renderAt('/login');
    await screen.findByTestId('username-input');
    type('username-input', 'ann');
    type('password-input', 'x');
    fireEvent.click(screen.getByTestId('login-submit'));
    const picture = await screen.findByTestId('captcha-image');
    await within(picture).findByText('听');
    layOutCaptcha(picture);
    for (let i = 0; i < 3; i += 1) fireEvent.click(picture, { clientX: 20 + i * 30, clientY: 120 });
    await waitFor(() => expect(calls('/auth/captcha')).toHaveLength(2));
    expect(toasts).toEqual(['Verification failed.']);
    expect(calls('/auth/c/doLogin')).toHaveLength(0);
  });

  it('asks for account and password before showing the captcha', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText(en.validation.accountRequired)).toBeTruthy();
    expect(screen.getByText(en.validation.passwordRequired)).toBeTruthy();
    expect(screen.queryByTestId('captcha-image')).toBeNull();
  });

  it('logs in directly when the captcha is off', async () => {
    options = { ...options, captcha: 'off' };
    const router = renderAt('/login?redirect=https%3A%2F%2Fevil.example');
    await screen.findByTestId('username-input');
    type('username-input', 'ann');
    type('password-input', 'abcdef12');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(jsonOf(calls('/auth/c/doLogin')[0]!)).toEqual({ username: 'ann', password: 'abcdef12', source: 1 });
  });

  it('sends a code and counts the cooldown down on the button; a refusal shows the server message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/login');
    fireEvent.click(await screen.findByTestId('tab-code'));
    await screen.findByTestId('target-input'); // the code method's form loads when it is first chosen
    type('target-input', 'busy@example.com');
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(toasts).toEqual(['A code was just sent.']));
    expect(screen.getByTestId('send-code').textContent).toBe(en.auth.sendCode);

    type('target-input', 'ann@example.com');
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('Resend in 60 s'));
    expect((screen.getByTestId('send-code') as HTMLButtonElement).disabled).toBe(true);
    for (let second = 0; second < 3; second += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('send-code').textContent).toBe('Resend in 57 s');
    vi.useRealTimers();
  });

  it('does not send a code to an invalid address', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByTestId('tab-code'));
    await screen.findByTestId('target-input'); // the code method's form loads when it is first chosen
    type('target-input', 'ann@');
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText(en.validation.emailInvalid)).toBeTruthy();
    expect(calls('/auth/c/getValidCode')).toHaveLength(0);
  });
});

describe('/register', () => {
  it('states the password rule once: as the hint, then as the error when it is broken', async () => {
    renderAt('/register');
    await screen.findByTestId('register-submit', {}, { timeout: 45_000 });
    const rule = () => screen.queryAllByText(en.validation.passwordFormat);
    expect(rule()).toHaveLength(1);
    type('password-input', 'short');
    await waitFor(() => expect(screen.queryByTestId('password-rule')).toBeNull());
    // Now said by the error alone.
    await waitFor(() => expect(rule()).toHaveLength(1));
    expect(screen.queryByTestId('password-rule')).toBeNull();
    type('password-input', 'abcdef12');
    await screen.findByTestId('password-rule');
    // The error leaves (antd fades it out): the hint alone says it again.
    await waitFor(() => expect(rule()).toHaveLength(1));
  });

  it('refuses mismatched passwords without calling the server', async () => {
    renderAt('/register');
    await screen.findByTestId('register-submit');
    type('target-input', 'new@example.com');
    type('code-input', '123456');
    type('password-input', 'abcdef12');
    type('password-confirm-input', 'abcdef13');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText(en.validation.confirmMismatch)).toBeTruthy();
    expect(calls('/auth/c/doLoginByValidCode')).toHaveLength(0);
  });

  it('registers with code and password and signs the new account in', async () => {
    const router = renderAt('/register?source=browser_plugin_media');
    await screen.findByTestId('register-submit');
    type('target-input', 'new@example.com');
    type('code-input', '123456');
    type('password-input', 'abcdef12');
    type('password-confirm-input', 'abcdef12');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(jsonOf(calls('/auth/c/doLoginByValidCode')[0]!)).toEqual({ target: 'new@example.com', code: '123456', password: 'abcdef12', source: 2 });
    expect(getToken()).toBe('new-user-token');
    await waitFor(() => expect(calls('/expense/account/queryUserFunctionJudge')).toHaveLength(1));
  });
});
