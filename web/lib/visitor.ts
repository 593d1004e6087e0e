import { API } from '../../contracts/api-paths';
import type { LoginResult } from '../../contracts/auth';
import { setToken } from './auth';
import { post } from './request';
import { useSession } from './session';
import { detectSource } from './source';

/** Guest sign-in (spec §1 "visitors can log in as guests", §7 POST /auth/visitorlogin). */

export const VISITOR_ID_STORAGE_KEY = 'visitorId';

/**
 * The browser's guest identity. It is kept, so a returning guest gets the same guest account (and its
 * records) back instead of a new one on every visit.
 */
export function visitorId(): string {
  const stored = localStorage.getItem(VISITOR_ID_STORAGE_KEY);
  if (stored && /^[A-Za-z0-9-]{16,64}$/.test(stored)) return stored;
  const fresh = crypto.randomUUID();
  localStorage.setItem(VISITOR_ID_STORAGE_KEY, fresh);
  return fresh;
}

/** Signs the browser in as its guest and stores token and user info; the caller logs failures (spec §8). */
export async function signInAsVisitor(): Promise<void> {
  const { data } = await post<LoginResult>(
    API.auth.visitorLogin,
    { visitorId: visitorId(), source: detectSource(window.location.search) },
    { silent: true, authRedirect: false },
  );
  setToken(data.token);
  useSession.getState().setUserInfo(data.user);
}
