import { LOGIN_PATHS } from './guard';
import { PATHS } from './paths';

const PROBE_ORIGIN = 'http://same-origin.invalid';

/**
 * Where to go after signing in: the `redirect` query if it is a path on this site, else home. Anything
 * that could leave the site (`//host`, `/\host`, `https:…`, control characters the URL parser drops) is
 * refused, and so are the sign-in pages themselves, which would only bounce the user home anyway.
 */
export function safeRedirectPath(raw: string | null | undefined): string {
  if (!raw?.startsWith('/')) return PATHS.home;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return PATHS.home;
  }
  if (url.origin !== PROBE_ORIGIN || LOGIN_PATHS.includes(url.pathname)) return PATHS.home;
  return url.pathname + url.search + url.hash;
}
