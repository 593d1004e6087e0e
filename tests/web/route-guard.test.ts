import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../web/lib/auth';
import { setRequestHooks } from '../../web/lib/request';
import { USER_INFO_URL, runRouteGuard, setVisitorLogin } from '../../web/lib/route-guard';
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
});

describe('runRouteGuard', () => {
  it('stores a token from the link, loads the user with it and lets the page open', async () => {
    const user = userInfo({ id: 9, name: 'Lin' });
    server.reply(() => ({ body: { code: 200, msg: 'ok', data: user } }));
    await expect(runRouteGuard(page('/recordList?token=link-token'))).resolves.toBeNull();
    expect(getToken()).toBe('link-token');
    expect(server.requests[0]!.url.pathname).toBe(`/prod-api${USER_INFO_URL}`);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer link-token');
    expect(useSession.getState().userInfo).toEqual(user);
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

  it('does nothing at all on /screenProjection', async () => {
    const visitorLogin = vi.fn(async () => {});
    setVisitorLogin(visitorLogin);
    await expect(runRouteGuard(page('/screenProjection?token=abc'))).resolves.toBeNull();
    expect(getToken()).toBeUndefined();
    expect(visitorLogin).not.toHaveBeenCalled();
  });
});
