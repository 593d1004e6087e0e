import { redirect, replace } from 'react-router';
import { API } from '../../contracts/api-paths';
import { i18n } from '../i18n';
import { getToken, setToken } from './auth';
import { decideGuard, decideLinkToken, redirectAfterUserInfoError } from './guard';
import { get, isRequestError } from './request';
import { useSession } from './session';
import type { UserInfo } from './session';
import { signInAsVisitor } from './visitor';

/** Carries out the guard's decision before each navigation (the root route's loader). */

/** What happens to a visitor without a usable token: a guest sign-in. Injectable so tests need no server. */
let visitorLogin: () => Promise<void> = signInAsVisitor;

export function setVisitorLogin(login: () => Promise<void>): void {
  visitorLogin = login;
}

/**
 * Asks before a link's token signs anyone in: `replacing` when it would sign out the account signed in here.
 * Injectable so tests can answer.
 */
let confirmAccountSwitch: (replacing: boolean) => Promise<boolean> = async (replacing) =>
  window.confirm(i18n.t(replacing ? 'guard.switchAccount' : 'guard.linkSignIn'));

export function setConfirmAccountSwitch(confirm: (replacing: boolean) => Promise<boolean>): void {
  confirmAccountSwitch = confirm;
}

export async function runRouteGuard(url: URL): Promise<Response | null> {
  const session = useSession.getState();
  const facts = {
    pathname: url.pathname,
    search: url.search,
    storedToken: getToken(),
    hasUserInfo: session.userInfo !== null,
    visitor: session.userInfo?.visitor === true,
    now: Date.now(),
  };

  const link = decideLinkToken(facts);
  if (link.token && (await confirmAccountSwitch(link.replacing))) {
    setToken(link.token);
    // The stored info is the previous account's: the next run loads the new one's.
    session.clear();
  }
  // The guard runs again on the clean address, with whichever session is now stored.
  if (link.cleanUrl !== null) return replace(link.cleanUrl);

  const decision = decideGuard(facts);
  if (decision.recordVisitor) {
    // Spec §8: visitor-login failures are only logged; the page still opens.
    await visitorLogin().catch((error: unknown) => console.warn('[guard] visitor login failed', error));
  }
  if (decision.redirectTo) return redirect(decision.redirectTo);
  if (decision.loadUserInfo) {
    try {
      const envelope = await get<UserInfo>(API.auth.getUserInfo, undefined, { silent: true, authRedirect: false });
      session.setUserInfo(envelope.data);
    } catch (error) {
      const to = redirectAfterUserInfoError(isRequestError(error, 'unauthorized'), url.search);
      if (to) return redirect(to);
    }
  }
  return null;
}
