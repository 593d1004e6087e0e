import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../auth/api';
import { PATHS } from '../../lib/paths';
import { signOut } from '../../lib/session';

/**
 * Logout (spec §4): the server revokes the session, then credentials, user info and the user's cached data
 * are cleared and the browser goes to /login. A server that cannot be reached does not keep anyone signed in.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await logout().catch((error: unknown) => console.warn('[logout] session not revoked on the server', error));
    signOut();
    queryClient.clear();
    await navigate(PATHS.login);
  };
}
