import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteErrorView } from '../../web/components/RouteErrorView';
import { MESSAGES } from './helpers/messages';
import { ChunkLoadError, lazyPage } from '../../web/lib/lazy-page';
import { LAYOUT_ROUTE_ID, routes } from '../../web/routes';
import { FeedbackOutlet } from '../../web/shell/FeedbackOutlet';

/** Spec §2, every route, as written there. */
const SPEC_PATHS = [
  '/',
  '/recordList',
  '/favourList',
  '/shareList',
  '/vocabulary',
  '/vocabularyDetail',
  '/user/profile',
  '/user/account',
  '/login',
  '/register',
  '/userLogin',
  '/resetPassword',
  '/googleLoginCallBack',
  '/meetingShare',
  '/meetingShareIng',
  '/meetingShareDownload',
  '/meeting',
  '/dub',
  '/audioEdit',
  '/meetingDetail',
  '/screenProjection',
  '/paypalCallBack',
  '/paypalReturn',
  '/pluginPay',
  '/myQrCodeMiddlePage',
  '/cast',
  '/cast/:code',
];
// Beside spec §2's account pages: /search, search across records (issue 39).
const LAYOUT_PATHS = ['/', '/recordList', '/favourList', '/shareList', '/vocabulary', '/vocabularyDetail', '/user/profile', '/user/account', '/search'];

/** Page routes (those with a lazy page) with whether they sit inside the side-nav layout. */
function pageRoutes(list: RouteObject[], inLayout = false): { path: string; inLayout: boolean; lazy: boolean }[] {
  return list.flatMap((route) => {
    const layoutHere = inLayout || isLayout(route);
    const own = route.lazy && !isLayout(route) ? [{ path: route.path ?? '', inLayout: layoutHere, lazy: true }] : [];
    return [...own, ...pageRoutes(route.children ?? [], layoutHere)];
  });
}
function isLayout(route: RouteObject): boolean {
  return route.id === LAYOUT_ROUTE_ID;
}

describe('route table', () => {
  const pages = pageRoutes(routes);

  it('contains every path of spec §2 as a lazily loaded page', () => {
    const paths = pages.map((p) => p.path);
    for (const path of SPEC_PATHS) expect(paths, path).toContain(path);
    expect(pages.every((p) => p.lazy)).toBe(true);
  });

  it('puts exactly the account pages inside the side-nav layout', () => {
    const inLayout = pages.filter((p) => p.inLayout).map((p) => p.path);
    expect(inLayout.sort()).toEqual([...LAYOUT_PATHS].sort());
  });

  it('has a catch-all not-found page', () => {
    expect(pages.map((p) => p.path)).toContain('*');
  });

  it('runs the guard on every navigation', () => {
    const root = routes[0]!;
    expect(root.loader).toBeTypeOf('function');
    expect(typeof root.shouldRevalidate === 'function' && root.shouldRevalidate({} as never)).toBe(true);
  });
});

describe('lazy page loading', () => {
  it('turns a failed chunk import into a ChunkLoadError', async () => {
    const load = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('gives up on a chunk that hangs past the timeout', async () => {
    const load = lazyPage(() => new Promise<never>(() => {}), 30);
    await expect(load()).rejects.toThrow(/timed out after 30 ms/);
  });

  it('shows the translated chunk-load error with a reload button', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteErrorView />,
          hydrateFallbackElement: <p>loading</p>,
          lazy: lazyPage(() => Promise.reject(new Error('offline'))),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <>
        <FeedbackOutlet />
        <RouterProvider router={router} />
      </>,
    );
    expect(await screen.findByTestId('page-title')).toHaveProperty('textContent', MESSAGES['en-US'].errors.chunkLoadTitle);
    expect(screen.getByRole('button', { name: MESSAGES['en-US'].common.reload })).toBeTruthy();
  });
});
