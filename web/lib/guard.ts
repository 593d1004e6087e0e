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

/** Projected subtitles run on a shared screen without any account: no guard at all. */
export const UNGUARDED_PATHS: readonly string[] = [PATHS.screenProjection];

export interface GuardFacts {
  pathname: string;
  /** The location's query string, with or without the leading '?'. */
  search: string;
  storedToken: string | undefined;
  hasUserInfo: boolean;
  /** The stored user info is a guest account's: sign-in pages stay open to it. */
  visitor: boolean;
  now: number;
}

export interface GuardDecision {
  /** A token from the query to store as the auth cookie before anything else. */
  takeToken: string | null;
  /** No usable token: the visitor proceeds as a guest. */
  recordVisitor: boolean;
  /** Fetch the user's info before showing the page. */
  loadUserInfo: boolean;
  redirectTo: string | null;
}

const PASS: GuardDecision = { takeToken: null, recordVisitor: false, loadUserInfo: false, redirectTo: null };

export function decideGuard(facts: GuardFacts): GuardDecision {
  const path = normalizePath(facts.pathname);
  if (UNGUARDED_PATHS.includes(path)) return PASS;

  const queryToken = new URLSearchParams(facts.search).get('token');
  const takeToken = !FOREIGN_TOKEN_PATHS.includes(path) && isUsableToken(queryToken, facts.now) ? queryToken : null;
  const token = takeToken ?? facts.storedToken;
  const hasToken = isUsableToken(token, facts.now);

  if (LOGIN_PATHS.includes(path) && hasToken && facts.hasUserInfo && !facts.visitor) {
    return { ...PASS, takeToken, redirectTo: PATHS.home };
  }
  return {
    takeToken,
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
