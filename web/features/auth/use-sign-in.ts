import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LoginResult } from '../../../contracts/auth';
import { setToken } from '../../lib/auth';
import { safeRedirectPath } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { detectSource } from '../../lib/source';
import { refreshPermissions } from '../../lib/permissions';

/** The `source` to sign in with, from the query the page was opened with (spec §6). */
export function useSource(): number {
  return detectSource(useLocation().search);
}

/**
 * Finishes any sign-in: stores token and user, drops what was cached for the previous (guest) user, loads
 * the new user's permissions and goes where the `redirect` query asked, if that stays on this site.
 * `redirect` replaces the query's, for pages reached from elsewhere (Google's return page).
 */
export function useCompleteSignIn(redirect?: string | null): (result: LoginResult) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  return useCallback(
    ({ token, user }: LoginResult) => {
      setToken(token);
      useSession.getState().setUserInfo(user);
      queryClient.clear();
      void refreshPermissions();
      void navigate(safeRedirectPath(redirect === undefined ? params.get('redirect') : redirect), { replace: true });
    },
    [navigate, params, queryClient, redirect],
  );
}
