import { afterEach, beforeEach } from 'vitest';
import { setLocale } from '../../../web/i18n';
import { setToken } from '../../../web/lib/auth';
import { setRequestHooks } from '../../../web/lib/request';
import { setVisitorLogin } from '../../../web/lib/route-guard';
import { useSession } from '../../../web/lib/session';
import type { ApiServer, Handler } from './api-server';
import { userInfo } from './users';

/**
 * Each test starts against `handler` on the fake API server with no requests recorded, a signed-in user
 * (unless `signedIn` is false) and the request layer's toasts collected in the returned array; afterwards
 * the session and the language are reset.
 */
export function useFakeApp(server: ApiServer, handler: Handler, { signedIn = true } = {}) {
  const toasts: string[] = [];
  beforeEach(() => {
    toasts.length = 0;
    setRequestHooks({ toast: (text) => toasts.push(text) });
    server.requests.length = 0;
    server.reply(handler);
    setVisitorLogin(async () => {});
    if (signedIn) {
      setToken('tok');
      useSession.getState().setUserInfo(userInfo());
    }
  });
  afterEach(async () => {
    useSession.setState({ userInfo: null });
    await setLocale('en-US');
  });
  return toasts;
}
