/** Every route of the app (spec §2), named once; links and the route table use these, never literals. */
export const PATHS = {
  home: '/',
  recordList: '/recordList',
  favourList: '/favourList',
  shareList: '/shareList',
  vocabulary: '/vocabulary',
  vocabularyDetail: '/vocabularyDetail',
  userProfile: '/user/profile',
  userAccount: '/user/account',
  search: '/search',
  login: '/login',
  register: '/register',
  userLogin: '/userLogin',
  resetPassword: '/resetPassword',
  googleLoginCallBack: '/googleLoginCallBack',
  meetingShare: '/meetingShare',
  meetingShareIng: '/meetingShareIng',
  meetingShareDownload: '/meetingShareDownload',
  meeting: '/meeting',
  dub: '/dub',
  audioEdit: '/audioEdit',
  meetingDetail: '/meetingDetail',
  screenProjection: '/screenProjection',
  paypalCallBack: '/paypalCallBack',
  paypalReturn: '/paypalReturn',
  pluginPay: '/pluginPay',
  /** The browser subtitle plugin's sign-in: hands it the token by extension messaging. */
  pluginSignIn: '/pluginSignIn',
  myQrCodeMiddlePage: '/myQrCodeMiddlePage',
  cast: '/cast',
  castCode: '/cast/:code',
  /** The public API's reference, drawn from /prod-api/openapi.json. */
  developers: '/developers',
} as const;

/** The layout's background image shows only on these pages (spec §2). */
export const BACKGROUND_PATHS: readonly string[] = [PATHS.home, PATHS.recordList, PATHS.favourList, PATHS.shareList];

/** The sign-in page, coming back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  return `${PATHS.login}?redirect=${encodeURIComponent(returnTo)}`;
}
