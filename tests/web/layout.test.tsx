import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountItem } from '../../contracts/rights';
import { usePayDialog } from '../../web/features/pay/store';
import { setLocale } from '../../web/i18n';
import { getToken, setToken } from '../../web/lib/auth';
import { setRequestHooks } from '../../web/lib/request';
import { setVisitorLogin } from '../../web/lib/route-guard';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { renderAt } from './helpers/render-app';
import { userInfo } from './helpers/users';

const server = useApiServer();
/** Minutes left on the duration account of the fake server; a redeemed card adds 600. */
let durationMinutes = 0;

function accountItems(): AccountItem[] {
  const item = (accountType: AccountItem['accountType'], name: string, remark: string, packageType: AccountItem['packageType']) => {
    const minutes = accountType === 'duration' ? durationMinutes : 0;
    return {
      accountType,
      accountTypeName: name,
      remarkString: remark,
      operationString: 'Buy',
      active: minutes > 0,
      validUntil: minutes > 0 ? Date.UTC(2027, 0, 1) : null,
      remainingSeconds: minutes * 60,
      packageType,
    };
  };
  return [
    item('vip', 'VIP membership', 'Not activated', '2'),
    item('duration', 'Duration', durationMinutes ? `${durationMinutes} min left, valid until 2027-01-01` : 'Not activated', '3'),
    item('dubbing', 'Smart dubbing', 'Not activated', '5'),
    item('svip', 'SVIP membership', 'Not activated', '1'),
  ];
}

/** The few endpoints the layout calls, answered like the real Worker. */
function fakeApi({ url }: RecordedRequest): Reply {
  const ok = (data: unknown): Reply => ({ body: { code: 200, msg: 'ok', data } });
  const path = url.pathname.replace('/prod-api', '');
  if (path === '/expense/account/queryAccountDetail') return ok(accountItems());
  if (path === '/expense/account/queryUserFunctionJudge') return ok({ recognitionCount: 2, translateCount: 2 });
  if (path === '/expense/cardPassword/exchangeCardPassword/GOOD-CODE') {
    durationMinutes += 600;
    return ok({ packageName: '10 hours', packageType: '3', accounts: accountItems() });
  }
  if (path.startsWith('/expense/cardPassword/')) return { status: 400, body: { code: 400, msg: 'This card code is not valid.', data: null } };
  if (path === '/auth/logout') return ok(null);
  return { status: 404, body: { code: 404, msg: `No route ${path}`, data: null } };
}

beforeEach(() => {
  durationMinutes = 0;
  server.requests.length = 0;
  server.reply(fakeApi);
  // Guest sign-in has its own tests (visitor.test.tsx); here a visitor simply stays signed out.
  setVisitorLogin(async () => {});
});

afterEach(async () => {
  useSession.setState({ userInfo: null });
  await setLocale('en-US');
});

describe('layout shell', () => {
  it.each(['/', '/recordList', '/favourList', '/shareList'])('shows the background image on %s', async (path) => {
    renderAt(path);
    expect((await screen.findByTestId('layout-bg')).dataset.background).toBe('on');
  });

  it.each(['/vocabulary', '/user/profile'])('hides the background image on %s', async (path) => {
    renderAt(path);
    await screen.findByTestId('page-title');
    expect(screen.getByTestId('layout-bg').dataset.background).toBe('off');
  });

  it('offers login when no user info is stored, and the avatar menu when it is', async () => {
    renderAt('/recordList');
    expect(await screen.findByTestId('login-button')).toBeTruthy();
    expect(screen.queryByTestId('user-menu')).toBeNull();

    act(() => useSession.getState().setUserInfo(userInfo()));
    // The avatar's menu loads with the first signed-in user.
    expect(await screen.findByTestId('user-menu')).toBeTruthy();
    expect(screen.queryByTestId('login-button')).toBeNull();
  });

  it('logs out from the avatar menu: session revoked, token and user gone, on /login', async () => {
    setToken('tok');
    useSession.getState().setUserInfo(userInfo());
    const router = renderAt('/');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByText('Log out'));
    await screen.findByText('Log in', { selector: '[data-testid=page-title]' });
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeUndefined();
    expect(useSession.getState().userInfo).toBeNull();
    const logout = server.requests.find((r) => r.url.pathname === '/prod-api/auth/logout');
    expect(logout?.headers.authorization).toBe('Bearer tok');
  });

  it('lists the four account items with their remarks and buy actions in the avatar menu', async () => {
    setToken('tok');
    useSession.getState().setUserInfo(userInfo());
    renderAt('/');
    fireEvent.click(await screen.findByTestId('user-menu'));
    const items = await screen.findAllByTestId(/^account-item-/);
    expect(items.map((li) => li.dataset.testid)).toEqual(['account-item-vip', 'account-item-duration', 'account-item-dubbing', 'account-item-svip']);
    expect(items[1]!.textContent).toContain('Duration');
    expect(items[1]!.textContent).toContain('Not activated');
    // The buy action opens the pay dialog on that item's category (pay-dialog.test.tsx covers the dialog).
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByTestId('pay-dialog')).toBeTruthy();
    expect(usePayDialog.getState().packageType).toBe('2');
    act(() => usePayDialog.getState().close(true));
  });

  it('shows the minutes left (the trial’s) in the header, in full, and opens the purchase from them', async () => {
    durationMinutes = 60;
    setToken('tok');
    useSession.getState().setUserInfo(userInfo());
    renderAt('/');
    const chip = await screen.findByTestId('minutes-left');
    expect(chip.textContent?.trim()).toBe('60 min left');
    expect(chip.title).toBe('Duration: 60 min left, valid until 2027-01-01');
    fireEvent.click(chip);
    expect(await screen.findByTestId('pay-dialog')).toBeTruthy();
    expect(usePayDialog.getState().packageType).toBe('3');
    act(() => usePayDialog.getState().close(true));
  });

  it('redeems a card code: success message, dialog closed, account items reloaded', async () => {
    setToken('tok');
    useSession.getState().setUserInfo(userInfo());
    renderAt('/');
    fireEvent.click(await screen.findByTestId('user-menu'));
    await screen.findByText('Not activated', { selector: '[data-testid=account-item-duration] *' });
    fireEvent.click(screen.getByTestId('card-exchange-button'));
    fireEvent.change(await screen.findByTestId('card-code-input'), { target: { value: ' GOOD-CODE ' } });
    fireEvent.click(screen.getByTestId('card-code-submit'));
    expect(await screen.findByText('Card code redeemed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('card-code-input')).toBeNull());
    await screen.findByText('600 min left, valid until 2027-01-01');
  });

  it('keeps the card dialog open and toasts the server message when the code is refused', async () => {
    const toasts: string[] = [];
    setRequestHooks({ toast: (text) => toasts.push(text) });
    setToken('tok');
    useSession.getState().setUserInfo(userInfo());
    renderAt('/');
    fireEvent.click(await screen.findByTestId('card-exchange-button'));
    fireEvent.change(await screen.findByTestId('card-code-input'), { target: { value: 'BAD' } });
    fireEvent.click(screen.getByTestId('card-code-submit'));
    await waitFor(() => expect(toasts).toEqual(['This card code is not valid.']));
    expect(screen.getByTestId('card-code-input')).toBeTruthy();
  });

  it('switches the language from the header picker', async () => {
    renderAt('/');
    expect((await screen.findByTestId('product-name')).textContent).toBe('Tingyi');
    fireEvent.click(screen.getByTestId('lang-picker'));
    fireEvent.click(await screen.findByTestId('lang-option-zh-TW'));
    await screen.findByText('聽譯', { selector: '[data-testid=product-name]' });
    expect(screen.getByTestId('side-nav').textContent).toContain('我的帳戶');
    expect(localStorage.getItem('locale')).toBe('zh-TW');
    // The menu closed with the choice and opens again for the next one.
    await waitFor(() => expect(document.querySelector('.ant-dropdown-hidden')).not.toBeNull());
    fireEvent.click(screen.getByTestId('lang-picker'));
    await waitFor(() => expect(document.querySelector('.ant-dropdown-hidden')).toBeNull());
    fireEvent.click(screen.getByTestId('lang-option-en-US'));
    await screen.findByText('Tingyi', { selector: '[data-testid=product-name]' });
  });

  it('navigates by links in the side navigation and marks the current page', async () => {
    const router = renderAt('/vocabularyDetail?id=1');
    const nav = await screen.findByTestId('side-nav');
    const link = (name: string) => within(nav).getByRole('link', { name });
    // A library's page belongs to the vocabulary entry.
    expect(link('Vocabulary').getAttribute('aria-current')).toBe('page');
    expect(link('Home').getAttribute('aria-current')).toBeNull();
    expect(link('Favourites').getAttribute('href')).toBe('/favourList');
    fireEvent.click(link('Favourites'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/favourList'));
    // The router has moved on before React draws the new page: the mark follows with it.
    await waitFor(() => expect(link('Favourites').getAttribute('aria-current')).toBe('page'));
    expect(link('Vocabulary').getAttribute('aria-current')).toBeNull();
    // Without an account the records entry leads to its page rather than to a folder tree.
    expect(screen.getByTestId('nav-records').getAttribute('href')).toBe('/recordList');
  });

  it('keeps the card exchange button disabled until a trimmed code is typed', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('card-exchange-button'));
    const submit = (await screen.findByTestId('card-code-submit')) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('card-code-input'), { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('card-code-input'), { target: { value: ' ABCD-1234 ' } });
    expect(submit.disabled).toBe(false);
  });

  it('shows the translated not-found page for unknown paths', async () => {
    renderAt('/no/such/page');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Page not found');
  });
});
