import type { RouteObject } from 'react-router';
import { PageSpinner } from './components/PageSpinner';
import { RootShell } from './shell/RootShell';
import { RouteErrorView } from './components/RouteErrorView';
import { lazyPage } from './lib/lazy-page';
import type { PageModule } from './lib/lazy-page';
import type { PageHandle, PageTitleKey } from './lib/page-title';
import { PATHS } from './lib/paths';
import { runRouteGuard } from './lib/route-guard';

/** The one route table (spec §2). Every page is code-split; later issues swap a placeholder's `load` for their page. */

interface PageEntry {
  path: string;
  title: PageTitleKey;
  load: () => Promise<PageModule>;
}

const loginPage = () => import('./pages/LoginPage');
// One screen shows a meeting by its code, whether the code comes in the query, the path, or is typed in.
const screenProjectionPage = () => import('./pages/ScreenProjectionPage');
const dubPage = () => import('./pages/DubPage');

const LAYOUT_PAGES: PageEntry[] = [
  { path: PATHS.home, title: 'home', load: () => import('./pages/HomePage') },
  { path: PATHS.recordList, title: 'records', load: () => import('./pages/RecordListPage') },
  { path: PATHS.favourList, title: 'favourites', load: () => import('./pages/FavouritesPage') },
  { path: PATHS.shareList, title: 'shares', load: () => import('./pages/SharesPage') },
  { path: PATHS.vocabulary, title: 'vocabulary', load: () => import('./pages/VocabularyPage') },
  { path: PATHS.vocabularyDetail, title: 'vocabularyDetail', load: () => import('./pages/VocabularyDetailPage') },
  { path: PATHS.userProfile, title: 'profile', load: () => import('./pages/ProfilePage') },
  { path: PATHS.userAccount, title: 'account', load: () => import('./pages/BillsPage') },
  { path: PATHS.search, title: 'search', load: () => import('./pages/SearchPage') },
];

const STANDALONE_PAGES: PageEntry[] = [
  { path: PATHS.login, title: 'login', load: loginPage },
  { path: PATHS.register, title: 'register', load: () => import('./pages/RegisterPage') },
  // /userLogin is the same sign-in screen under its older name.
  { path: PATHS.userLogin, title: 'userLogin', load: loginPage },
  { path: PATHS.resetPassword, title: 'resetPassword', load: () => import('./pages/ResetPasswordPage') },
  { path: PATHS.googleLoginCallBack, title: 'googleLoginCallback', load: () => import('./pages/GoogleCallbackPage') },
  { path: PATHS.meetingShare, title: 'meetingShare', load: () => import('./pages/MeetingSharePage') },
  { path: PATHS.meetingShareIng, title: 'meetingShareIng', load: () => import('./pages/MeetingJoinPage') },
  { path: PATHS.meetingShareDownload, title: 'meetingShareDownload', load: () => import('./pages/MeetingShareDownloadPage') },
  { path: PATHS.meeting, title: 'meeting', load: () => import('./pages/MeetingPage') },
  // /audioEdit is the same dubbing editor under its older name.
  { path: PATHS.dub, title: 'dub', load: dubPage },
  { path: PATHS.audioEdit, title: 'dub', load: dubPage },
  { path: PATHS.meetingDetail, title: 'meetingDetail', load: () => import('./pages/MeetingDetailPage') },
  { path: PATHS.screenProjection, title: 'screenProjection', load: screenProjectionPage },
  { path: PATHS.paypalCallBack, title: 'paypalCallback', load: () => import('./pages/PaypalCancelPage') },
  { path: PATHS.paypalReturn, title: 'paypalReturn', load: () => import('./pages/PaypalReturnPage') },
  { path: PATHS.pluginPay, title: 'pluginPay', load: () => import('./pages/PluginPayPage') },
  { path: PATHS.pluginSignIn, title: 'pluginSignIn', load: () => import('./pages/PluginSignInPage') },
  { path: PATHS.myQrCodeMiddlePage, title: 'myQrCode', load: () => import('./pages/MyQrCodePage') },
  { path: PATHS.cast, title: 'cast', load: screenProjectionPage },
  { path: PATHS.castCode, title: 'cast', load: screenProjectionPage },
  { path: PATHS.developers, title: 'developers', load: () => import('./pages/DevelopersPage') },
  { path: '*', title: 'notFound', load: () => import('./pages/NotFoundPage') },
];

/** The route whose element is the header and side navigation around the account pages. */
export const LAYOUT_ROUTE_ID = 'layout';

function toRoute({ path, title, load }: PageEntry): RouteObject {
  const handle: PageHandle = { title };
  return { path, handle, lazy: lazyPage(load) };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootShell />,
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <PageSpinner />,
    loader: async ({ request }) => runRouteGuard(new URL(request.url)),
    // The guard must run on every navigation, not only when this route's params change.
    shouldRevalidate: () => true,
    children: [
      {
        // The header and side navigation load beside the page they frame (the router fetches both at once),
        // so pages without them, such as sign-in, do not download them.
        id: LAYOUT_ROUTE_ID,
        lazy: lazyPage(() => import('./shell/AppLayout').then((m) => ({ default: m.AppLayout }))),
        // A pathless boundary inside the layout keeps header and navigation around a failed page.
        children: [{ errorElement: <RouteErrorView />, children: LAYOUT_PAGES.map(toRoute) }],
      },
      { errorElement: <RouteErrorView />, children: STANDALONE_PAGES.map(toRoute) },
    ],
  },
];
