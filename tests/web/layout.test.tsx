import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../web/i18n';
import { getToken, setToken } from '../../web/lib/auth';
import { useSession } from '../../web/lib/session';
import { routes } from '../../web/routes';

/** The real route table (guard included) in memory, with the providers the app gives it. */
function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return router;
}

afterEach(async () => {
  useSession.setState({ userInfo: null, visitor: false });
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

    act(() => useSession.getState().setUserInfo({ id: 1, name: 'Lin Wei' }));
    expect(screen.getByTestId('user-menu')).toBeTruthy();
    expect(screen.queryByTestId('login-button')).toBeNull();
  });

  it('logs out from the avatar menu: token and user gone, on /login', async () => {
    setToken('tok');
    useSession.getState().setUserInfo({ id: 1, name: 'Lin Wei' });
    const router = renderAt('/');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByText('Log out'));
    await screen.findByText('Log in', { selector: '[data-testid=page-title]' });
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeUndefined();
    expect(useSession.getState().userInfo).toBeNull();
  });

  it('switches the language from the header picker', async () => {
    renderAt('/');
    expect((await screen.findByTestId('product-name')).textContent).toBe('Tingyi');
    fireEvent.click(screen.getByTestId('lang-picker'));
    fireEvent.click(await screen.findByTestId('lang-option-zh-TW'));
    await screen.findByText('聽譯', { selector: '[data-testid=product-name]' });
    expect(screen.getByTestId('side-nav').textContent).toContain('我的帳戶');
    expect(localStorage.getItem('locale')).toBe('zh-TW');
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
