import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../web/lib/auth';
import { setRequestHooks } from '../../web/lib/request';
import { runRouteGuard, setConfirmAccountSwitch, setVisitorLogin } from '../../web/lib/route-guard';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import { userInfo } from './helpers/users';

const server = useApiServer();
const toast = vi.fn();
const navigate = vi.fn();
const page = (path: string) => new URL(path, 'http://localhost:3000');

beforeEach(() => {
  toast.mockReset();
  navigate.mockReset();
  setRequestHooks({ toast, navigate });
  server.requests.length = 0;
  useSession.setState({ userInfo: null });
  setVisitorLogin(async () => {});
  setConfirmAccountSwitch(async () => false);
});

describe('runRouteGuard', () => {
  it("never signs in with a token from an ordinary page's link, and removes it from the address at once", async () => {
    setToken('mine');
    useSession.getState().setUserInfo(userInfo({ id: 9, name: 'Lin' }));
    const response = await runRouteGuard(page('/recordList?token=someone-else&folder=2'));
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/recordList?folder=2');
    expect(response?.headers.get('X-Remix-Replace')).toBe('true');
    expect(getToken()).toBe('mine');
    expect(useSession.getState().userInfo?.id).toBe(9);
    expect(server.requests).toHaveLength(0);
  });

  it("takes the plugin's hand-over token when nobody is signed in only once the person says yes, then loads that user", async () => {
    const user = userInfo({ id: 12, name: 'Plugin user' });
    server.reply(() => ({ body: { code: 200, msg: 'ok', data: user } }));
    const confirm = vi.fn(async (_replacing: boolean) => false);
    setConfirmAccountSwitch(confirm);
    // No: nothing is signed in, and the token is gone from the address all the same.
    const refused = await runRouteGuard(page('/pluginPay?token=handed-over&source=browser_plugin_media'));
    expect(refused?.headers.get('Location')).toBe('/pluginPay?source=browser_plugin_media');
    expect(confirm).toHaveBeenCalledWith(false);
    expect(getToken()).not.toBe('handed-over');

    confirm.mockResolvedValue(true);
    const first = await runRouteGuard(page('/pluginPay?token=handed-over&source=browser_plugin_media'));
    expect(first?.headers.get('Location')).toBe('/pluginPay?source=browser_plugin_media');
    expect(getToken()).toBe('handed-over');
    await expect(runRouteGuard(page('/pluginPay?source=browser_plugin_media'))).resolves.toBeNull();
    expect(server.requests[0]!.url.pathname).toBe('/prod-api/auth/getUserInfo');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer handed-over');
    expect(useSession.getState().userInfo).toEqual(user);
  });

  it("asks a guest too: a link cannot move a visitor into the sender's account unasked", async () => {
    setToken('guest-token');
    useSession.getState().setUserInfo(userInfo({ id: 5, visitor: true }));
    const confirm = vi.fn(async (_replacing: boolean) => false);
    setConfirmAccountSwitch(confirm);
    await runRouteGuard(page('/pluginPay?token=attacker'));
    expect(confirm).toHaveBeenCalledWith(false);
    expect(getToken()).toBe('guest-token');
    expect(useSession.getState().userInfo?.id).toBe(5);
  });

  it("never takes a token on the page Google returns to: that page signs in only with its own flow's code and state", async () => {
    const confirm = vi.fn(async () => true);
    setConfirmAccountSwitch(confirm);
    const response = await runRouteGuard(page('/googleLoginCallBack?token=attacker'));
    expect(response?.headers.get('Location')).toBe('/googleLoginCallBack');
    expect(confirm).not.toHaveBeenCalled();
    expect(getToken()).not.toBe('attacker');
  });

  it('asks before a hand-over replaces the signed-in account, and keeps it when the answer is no', async () => {
    setToken('mine');
    useSession.getState().setUserInfo(userInfo({ id: 9 }));
    const confirm = vi.fn(async (_replacing: boolean) => false);
    setConfirmAccountSwitch(confirm);
    await runRouteGuard(page('/pluginPay?token=other'));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(true);
    expect(getToken()).toBe('mine');
    expect(useSession.getState().userInfo?.id).toBe(9);

    confirm.mockResolvedValue(true);
    await runRouteGuard(page('/pluginPay?token=other'));
    expect(getToken()).toBe('other');
    // The previous account's info is gone, so the next run loads the new account's.
    expect(useSession.getState().userInfo).toBeNull();
  });

  it('redirects to /login with the query kept when the user info answers 401', async () => {
    setToken('revoked');
    server.reply(() => ({ status: 401, body: { code: 401, msg: 'Unauthorized' } }));
    const response = await runRouteGuard(page('/favourList?folder=2&lang=en-US'));
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/login?folder=2&lang=en-US');
    expect(getToken()).toBeUndefined();
    // The guard redirects by itself; the request layer must not navigate a second time.
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the user signed out without a toast when user info fails otherwise', async () => {
    setToken('fine');
    server.reply(() => ({ status: 404, body: { code: 404, msg: 'Not found' } }));
    await expect(runRouteGuard(page('/recordList'))).resolves.toBeNull();
    expect(useSession.getState().userInfo).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(getToken()).toBe('fine');
  });

  it('records a visitor through the injectable visitor login when no token exists', async () => {
    const visitorLogin = vi.fn(async () => {});
    setVisitorLogin(visitorLogin);
    await expect(runRouteGuard(page('/'))).resolves.toBeNull();
    expect(visitorLogin).toHaveBeenCalledOnce();
    expect(server.requests).toHaveLength(0);
  });

  it('only logs a failed visitor login', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setVisitorLogin(async () => {
      throw new Error('guest login down');
    });
    await expect(runRouteGuard(page('/'))).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('sends a signed-in user away from /login', async () => {
    setToken('good');
    useSession.getState().setUserInfo(userInfo());
    const response = await runRouteGuard(page('/login'));
    expect(response?.headers.get('Location')).toBe('/');
  });

  it('lets a guest with a visitor token open /login without asking the server anything', async () => {
    setToken('guest-token');
    useSession.getState().setUserInfo(userInfo({ visitor: true }));
    await expect(runRouteGuard(page('/login'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('does nothing at all on /screenProjection but take a token out of its address', async () => {
    const visitorLogin = vi.fn(async () => {});
    setVisitorLogin(visitorLogin);
    await expect(runRouteGuard(page('/screenProjection?code=123456'))).resolves.toBeNull();
    expect((await runRouteGuard(page('/screenProjection?token=abc&code=123456')))?.headers.get('Location')).toBe('/screenProjection?code=123456');
    expect(getToken()).toBeUndefined();
    expect(visitorLogin).not.toHaveBeenCalled();
  });
});
