import { describe, expect, it } from 'vitest';
import { decideGuard, isUsableToken, loginRedirect, redirectAfterUserInfoError } from '../../web/lib/guard';
import type { GuardFacts } from '../../web/lib/guard';

const NOW = Date.UTC(2026, 0, 1);

function jwt(payload: object): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

function facts(overrides: Partial<GuardFacts>): GuardFacts {
  return { pathname: '/', search: '', storedToken: undefined, hasUserInfo: false, visitor: false, now: NOW, ...overrides };
}

const SKIP_USER_INFO = [
  '/login',
  '/register',
  '/userLogin',
  '/resetPassword',
  '/googleLoginCallBack',
  '/meetingShare',
  '/meetingShareIng',
  '/myQrCodeMiddlePage',
  '/meetingShareDownload',
];
const LOGIN_TYPE = ['/login', '/register', '/userLogin', '/resetPassword', '/googleLoginCallBack'];

describe('decideGuard (spec §2)', () => {
  it('loads user info on an ordinary page when a token exists and no user info is stored', () => {
    expect(decideGuard(facts({ pathname: '/recordList', storedToken: 'tok' }))).toEqual({
      takeToken: null,
      recordVisitor: false,
      loadUserInfo: true,
      redirectTo: null,
    });
  });

  it('does not reload user info that is already stored', () => {
    const d = decideGuard(facts({ pathname: '/recordList', storedToken: 'tok', hasUserInfo: true }));
    expect(d.loadUserInfo).toBe(false);
    expect(d.redirectTo).toBeNull();
  });

  it.each(SKIP_USER_INFO)('skips the user-info load on %s', (pathname) => {
    expect(decideGuard(facts({ pathname, storedToken: 'tok' })).loadUserInfo).toBe(false);
  });

  it.each(LOGIN_TYPE)('sends a signed-in user from %s home', (pathname) => {
    expect(decideGuard(facts({ pathname, storedToken: 'tok', hasUserInfo: true })).redirectTo).toBe('/');
  });

  it.each(LOGIN_TYPE)('lets a guest (visitor token and guest user info) open %s', (pathname) => {
    const d = decideGuard(facts({ pathname, storedToken: 'guest-token', hasUserInfo: true, visitor: true }));
    expect(d).toEqual({ takeToken: null, recordVisitor: false, loadUserInfo: false, redirectTo: null });
  });

  it.each(LOGIN_TYPE)('lets a signed-out visitor open %s', (pathname) => {
    expect(decideGuard(facts({ pathname })).redirectTo).toBeNull();
    expect(decideGuard(facts({ pathname, storedToken: 'tok' })).redirectTo).toBeNull();
  });

  it('does not send signed-in users home from skip-only pages such as /meetingShare', () => {
    expect(decideGuard(facts({ pathname: '/meetingShare', storedToken: 'tok', hasUserInfo: true })).redirectTo).toBeNull();
  });

  it('skips all guard logic on /screenProjection', () => {
    expect(decideGuard(facts({ pathname: '/screenProjection', search: '?token=abc' }))).toEqual({
      takeToken: null,
      recordVisitor: false,
      loadUserInfo: false,
      redirectTo: null,
    });
  });

  it.each(['/', '/recordList', '/login', '/meetingShare', '/dub'])('takes a token from the query on %s', (pathname) => {
    const d = decideGuard(facts({ pathname, search: '?token=from-link&x=1' }));
    expect(d.takeToken).toBe('from-link');
    expect(d.recordVisitor).toBe(false);
  });

  it.each(['/paypalReturn', '/paypalCallBack'])('leaves PayPal’s token on %s alone', (pathname) => {
    const d = decideGuard(facts({ pathname, search: '?token=EC-123&PayerID=P1' }));
    expect(d.takeToken).toBeNull();
    expect(d.recordVisitor).toBe(true);
  });

  it('uses the query token for the rest of the decision (signed in via link → user info loads)', () => {
    const d = decideGuard(facts({ pathname: '/recordList', search: '?token=fresh' }));
    expect(d.loadUserInfo).toBe(true);
  });

  it('records a visitor when no token is stored', () => {
    const d = decideGuard(facts({ pathname: '/recordList' }));
    expect(d.recordVisitor).toBe(true);
    expect(d.loadUserInfo).toBe(false);
  });

  it.each(['', 'undefined', 'null', 'two words', jwt({ sub: '1', exp: NOW / 1000 - 60 })])(
    'records a visitor when the stored token is invalid (%s)',
    (storedToken) => {
      const d = decideGuard(facts({ pathname: '/recordList', storedToken }));
      expect(d.recordVisitor).toBe(true);
      expect(d.loadUserInfo).toBe(false);
    },
  );

  it('records visitors on skip-user-info pages too', () => {
    expect(decideGuard(facts({ pathname: '/meetingShare' })).recordVisitor).toBe(true);
  });

  it('treats a trailing slash like the bare path', () => {
    expect(decideGuard(facts({ pathname: '/login/', storedToken: 'tok', hasUserInfo: true })).redirectTo).toBe('/');
    expect(decideGuard(facts({ pathname: '/screenProjection/' })).recordVisitor).toBe(false);
  });
});

describe('authentication failure', () => {
  it('redirects to /login keeping the query when user info answers 401', () => {
    expect(redirectAfterUserInfoError(true, '?folder=3&lang=zh-TW')).toBe('/login?folder=3&lang=zh-TW');
    expect(redirectAfterUserInfoError(true, '')).toBe('/login');
  });

  it('stays put on any other failure', () => {
    expect(redirectAfterUserInfoError(false, '?folder=3')).toBeNull();
  });

  it('builds the login target with or without the leading ?', () => {
    expect(loginRedirect('a=1')).toBe('/login?a=1');
    expect(loginRedirect('?a=1')).toBe('/login?a=1');
  });
});

describe('isUsableToken', () => {
  it('accepts opaque tokens and unexpired JWTs', () => {
    expect(isUsableToken('opaque-token', NOW)).toBe(true);
    expect(isUsableToken(jwt({ sub: '1', exp: NOW / 1000 + 3600 }), NOW)).toBe(true);
    expect(isUsableToken(jwt({ sub: '1' }), NOW)).toBe(true);
  });

  it('rejects missing and expired tokens', () => {
    expect(isUsableToken(undefined, NOW)).toBe(false);
    expect(isUsableToken(null, NOW)).toBe(false);
    expect(isUsableToken(jwt({ sub: '1', exp: NOW / 1000 }), NOW)).toBe(false);
  });
});
