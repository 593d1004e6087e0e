import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { removeToken } from './auth';

/** The signed-in user as the header shows it (spec §3 "User info"). */
export interface UserInfo {
  id: number | string;
  name: string;
  avatar?: string | null;
}

interface SessionState {
  userInfo: UserInfo | null;
  /** No usable token: browsing as a guest. Not persisted — the guard decides it again on every load. */
  visitor: boolean;
  setUserInfo: (userInfo: UserInfo) => void;
  setVisitor: (visitor: boolean) => void;
  clear: () => void;
}

export const USER_INFO_STORAGE_KEY = 'userInfo';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      userInfo: null,
      visitor: false,
      setUserInfo: (userInfo) => set({ userInfo, visitor: false }),
      setVisitor: (visitor) => set({ visitor }),
      clear: () => set({ userInfo: null, visitor: false }),
    }),
    {
      // Spec §3: user info is stored locally, so a reload shows the header at once without a round trip.
      name: USER_INFO_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ userInfo: state.userInfo }),
    },
  ),
);

/** Forgets the credentials and the user (logout, or the server rejected the token). */
export function signOut(): void {
  removeToken();
  useSession.getState().clear();
}
