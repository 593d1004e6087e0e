import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { UserInfo } from '../../contracts/auth';
import { DEFAULT_PERMISSIONS } from '../../contracts/rights';
import type { Permissions } from '../../contracts/rights';
import { removeToken } from './auth';

export type { UserInfo };

interface SessionState {
  /** The signed-in user, or the guest account a visitor browses with (`userInfo.visitor`). */
  userInfo: UserInfo | null;
  /** What the user's plan allows (spec §3 "account permissions"); features gate on it without a round trip. */
  permissions: Permissions;
  setUserInfo: (userInfo: UserInfo) => void;
  setPermissions: (permissions: Permissions) => void;
  clear: () => void;
}

export const USER_INFO_STORAGE_KEY = 'userInfo';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      userInfo: null,
      permissions: DEFAULT_PERMISSIONS,
      setUserInfo: (userInfo) => set({ userInfo }),
      setPermissions: (permissions) => set({ permissions }),
      clear: () => set({ userInfo: null, permissions: DEFAULT_PERMISSIONS }),
    }),
    {
      // Spec §3: user info and account permissions are stored locally, so a reload shows the header at once.
      name: USER_INFO_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ userInfo: state.userInfo, permissions: state.permissions }),
    },
  ),
);

/** A real account's info; null for nobody and for guests, who are offered sign-in like nobody. */
export function signedInUser(userInfo: UserInfo | null): UserInfo | null {
  return userInfo && !userInfo.visitor ? userInfo : null;
}

export function useSignedInUser(): UserInfo | null {
  return useSession((s) => signedInUser(s.userInfo));
}

/** Forgets the credentials and the user (logout, or the server rejected the token). */
export function signOut(): void {
  removeToken();
  useSession.getState().clear();
}
