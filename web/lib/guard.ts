import { PATHS } from './paths';

/**
 * The route guard's decisions (spec §2), kept free of side effects so every rule can be unit-tested;
 * `route-guard.ts` gathers the facts and carries the decision out.
 */

/** Pages that render without loading the user's info (sign-in flows and pages for invited participants). */
export const SKIP_USER_INFO_PATHS: readonly string[] = [
  PATHS.login,
  PATHS.register,
  PATHS.userLogin,
  PATHS.resetPassword,
  PATHS.googleLoginCallBack,
  PATHS.meetingShare,
  PATHS.meetingShareIng,
  PATHS.myQrCodeMiddlePage,
  PATHS.meetingShareDownload,
];

/** Sign-in pages: a signed-in user has no business there and is sent home. */
export const LOGIN_PATHS: readonly string[] = [PATHS.login, PATHS.register, PATHS.userLogin, PATHS.resetPassword, PATHS.googleLoginCallBack];

/** PayPal puts its own `token` in the query of these return pages; it is not ours to store. */
export const FOREIGN_TOKEN_PATHS: readonly string[] = [PATHS.paypalReturn, PATHS.paypalCallBack];

/**
 * The only page that takes a sign-in token from its address: where the browser subtitle plugin hands its
 * session over to pay, and even there only once the person says yes. Anywhere else a `?token=` is a link
 * someone made to sign the visitor into another account, and is dropped; the page Google returns to signs in
 * with a code and the state this tab started the flow with (features/auth/google-flow.ts), never a token.
 */
export const TOKEN_HANDOVER_PATHS: readonly string[] = [PATHS.pluginPay];

/** Projected subtitles run on a shared screen without any account: no guard at all. */
export const UNGUARDED_PATHS: readonly string[] = [PATHS.screenProjection];

export interface GuardFacts {
  pathname: string;
  /** The location's query string, with or without the leading '?' (only `decideLinkToken` reads its token). */
  search: string;
  storedToken: string | undefined;
  hasUserInfo: boolean;
  /** The stored user info is a guest account's: sign-in pages stay open to it. */
  visitor: boolean;
  now: number;
}

export interface GuardDecision {
  /** No usable token: the visitor proceeds as a guest. */
  recordVisitor: boolean;
  /** Fetch the user's info before showing the page. */
  loadUserInfo: boolean;
  redirectTo: string | null;
}

const PASS: GuardDecision = { recordVisitor: false, loadUserInfo: false, redirectTo: null };

export interface LinkTokenDecision {
  /**
   * The token to sign in with once the person says yes, or null to keep the session as it is. Always asked,
   * guest or not: a link that signed its visitor in silently would put them in the sender's account (login
   * CSRF), where what they upload or pay for is the sender's to see.
   */
  token: string | null;
  /** Another (not guest) account is signed in here: the question says it will be signed out. */
  replacing: boolean;
  /** The address without the token, to replace the current one at once (null: there was none to remove). */
  cleanUrl: string | null;
}

/**
 * What to do with a `token` in the address, decided before anything else: taken only on a hand-over page, and
 * removed from the address bar everywhere (it would stay in history, bookmarks and shared screenshots).
 */
export function decideLinkToken(facts: Pick<GuardFacts, 'pathname' | 'search' | 'storedToken' | 'hasUserInfo' | 'visitor' | 'now'>): LinkTokenDecision {
  const path = normalizePath(facts.pathname);
  const query = new URLSearchParams(facts.search);
  const linkToken = query.get('token');
  if (linkToken === null || FOREIGN_TOKEN_PATHS.includes(path)) return { token: null, replacing: false, cleanUrl: null };
  query.delete('token');
  const rest = query.toString();
  const cleanUrl = `${facts.pathname}${rest ? `?${rest}` : ''}`;
  const usable = TOKEN_HANDOVER_PATHS.includes(path) && isUsableToken(linkToken, facts.now) && linkToken !== facts.storedToken;
  if (!usable) return { token: null, replacing: false, cleanUrl };
  // A guest's session is the one a visitor has before signing in; any other is someone's account.
  const signedIn = isUsableToken(facts.storedToken, facts.now) && !(facts.hasUserInfo && facts.visitor);
  return { token: linkToken, replacing: signedIn, cleanUrl };
}

export function decideGuard(facts: GuardFacts): GuardDecision {
  const path = normalizePath(facts.pathname);
  if (UNGUARDED_PATHS.includes(path)) return PASS;

  const hasToken = isUsableToken(facts.storedToken, facts.now);

  if (LOGIN_PATHS.includes(path) && hasToken && facts.hasUserInfo && !facts.visitor) {
    return { ...PASS, redirectTo: PATHS.home };
  }
  return {
    recordVisitor: !hasToken,
    loadUserInfo: hasToken && !facts.hasUserInfo && !SKIP_USER_INFO_PATHS.includes(path),
    redirectTo: null,
  };
}

/** Where an authentication failure sends the browser: the login page, keeping the current query. */
export function loginRedirect(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query ? `${PATHS.login}?${query}` : PATHS.login;
}

/** After loading the user's info failed: only a rejected token (401) leaves the page; other failures stay signed out. */
export function redirectAfterUserInfoError(unauthorized: boolean, search: string): string | null {
  return unauthorized ? loginRedirect(search) : null;
}

/**
 * A token is unusable when empty, a stringified nothing ('undefined', 'null' from old bugs), or a JWT
 * whose `exp` has passed — sending those only earns a 401.
 */
export function isUsableToken(token: string | null | undefined, now: number): token is string {
  if (!token || /\s/.test(token) || token === 'undefined' || token === 'null') return false;
  const parts = token.split('.');
  if (parts.length !== 3) return true;
  const exp = jwtExpiry(parts[1] ?? '');
  return exp === null || exp * 1000 > now;
}

function jwtExpiry(payloadPart: string): number | null {
  try {
    const json = atob(payloadPart.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = JSON.parse(json).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
