import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../web/lib/auth';
import { setRequestHooks } from '../../web/lib/request';
import { runRouteGuard, setVisitorLogin } from '../../web/lib/route-guard';
import { useSession } from '../../web/lib/session';
import { VISITOR_ID_STORAGE_KEY, signInAsVisitor } from '../../web/lib/visitor';
import { useApiServer } from './helpers/api-server';
import { renderAt } from './helpers/render-app';
import { userInfo } from './helpers/users';

const server = useApiServer();
const toast = vi.fn();
const guest = userInfo({ id: 42, name: 'Guest-abc123', email: null, visitor: true });

beforeEach(() => {
  toast.mockReset();
  setRequestHooks({ toast });
  server.requests.length = 0;
  useSession.setState({ userInfo: null });
  setVisitorLogin(signInAsVisitor);
  server.reply(({ url }) =>
    url.pathname === '/prod-api/auth/visitorlogin'
      ? { body: { code: 200, msg: 'ok', data: { token: 'guest-token', user: guest } } }
      : { status: 404, body: { code: 404, msg: 'No route', data: null } },
  );
});

const visitorCalls = () => server.requests.filter((r) => r.url.pathname === '/prod-api/auth/visitorlogin');

describe('guest sign-in through the guard’s visitor hook', () => {
  it('signs in as a guest when no token exists, storing the token and the guest user', async () => {
    await expect(runRouteGuard(new URL('http://localhost/recordList'))).resolves.toBeNull();
    expect(getToken()).toBe('guest-token');
    expect(useSession.getState().userInfo).toEqual(guest);

    const call = visitorCalls()[0]!;
    const body = JSON.parse(call.body) as { visitorId: string; source: number };
    expect(body.visitorId).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(body.visitorId).toBe(localStorage.getItem(VISITOR_ID_STORAGE_KEY));
    expect(body.source).toBe(1);
  });

  it('keeps the same guest identity across visits', async () => {
    await signInAsVisitor();
    await signInAsVisitor();
    const [first, second] = visitorCalls().map((r) => (JSON.parse(r.body) as { visitorId: string }).visitorId);
    expect(second).toBe(first);
  });

  it('signs the subtitle plugin’s guest in with source 2', async () => {
    window.history.replaceState(null, '', '/?source=browser_plugin_media');
    await signInAsVisitor();
    expect((JSON.parse(visitorCalls()[0]!.body) as { source: number }).source).toBe(2);
  });

  it('replaces an unusable stored identity', async () => {
    localStorage.setItem(VISITOR_ID_STORAGE_KEY, 'bad id!');
    await signInAsVisitor();
    expect((JSON.parse(visitorCalls()[0]!.body) as { visitorId: string }).visitorId).toMatch(/^[A-Za-z0-9-]{16,64}$/);
  });

  it('only logs a failed guest sign-in: no toast, no token, the page still opens', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.reply(() => ({ status: 500, body: { code: 500, msg: 'Guest sign-in is down', data: null } }));
    await expect(runRouteGuard(new URL('http://localhost/'))).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(getToken()).toBeUndefined();
  });

  it('still offers log in / sign up in the header to a guest', async () => {
    renderAt('/');
    expect(await screen.findByTestId('login-button')).toBeTruthy();
    expect(getToken()).toBe('guest-token');
    expect(useSession.getState().userInfo?.visitor).toBe(true);
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it('lets a guest redeem a card code from the header with the guest session', async () => {
    server.reply(({ url }) => {
      if (url.pathname === '/prod-api/auth/visitorlogin') return { body: { code: 200, msg: 'ok', data: { token: 'guest-token', user: guest } } };
      if (url.pathname === '/prod-api/expense/cardPassword/exchangeCardPassword/GUEST-CARD') {
        return { body: { code: 200, msg: 'ok', data: { packageName: '10 hours', packageType: '3', accounts: [] } } };
      }
      return { status: 404, body: { code: 404, msg: 'No route', data: null } };
    });
    renderAt('/');
    fireEvent.click(await screen.findByTestId('card-exchange-button'));
    fireEvent.change(await screen.findByTestId('card-code-input'), { target: { value: ' GUEST-CARD ' } });
    fireEvent.click(screen.getByTestId('card-code-submit'));
    await waitFor(() => expect(screen.queryByTestId('card-code-input')).toBeNull());
    const redeem = server.requests.find((r) => r.url.pathname.endsWith('/GUEST-CARD'));
    expect(redeem?.headers.authorization).toBe('Bearer guest-token');
    // What the redeemed package allows is reloaded for the guest too.
    await waitFor(() => expect(server.requests.some((r) => r.url.pathname.endsWith('/queryUserFunctionJudge'))).toBe(true));
  });
});
