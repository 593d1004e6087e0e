import Cookies from 'js-cookie';
import { TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '../../contracts/constants';

/** The bearer token lives in a cookie (spec §3, §6: valid 180 days) so every tab shares one sign-in. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE);
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { expires: TOKEN_COOKIE_DAYS, path: '/', sameSite: 'Lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
