import { describe, expect, it } from 'vitest';
import { decideGuard, decideLinkToken, isUsableToken, loginRedirect, redirectAfterUserInfoError } from '../../web/lib/guard';
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
    expect(d).toEqual({ recordVisitor: false, loadUserInfo: false, redirectTo: null });
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
      recordVisitor: false,
      loadUserInfo: false,
      redirectTo: null,
    });
  });

  it('decides on the stored token only: a token in the address never counts here', () => {
    const d = decideGuard(facts({ pathname: '/recordList', search: '?token=fresh' }));
    expect(d.recordVisitor).toBe(true);
    expect(d.loadUserInfo).toBe(false);
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

describe('a token in the address (decideLinkToken)', () => {
  it.each(['/', '/recordList', '/login', '/meetingShare', '/dub', '/user/profile', '/screenProjection', '/googleLoginCallBack'])(
    'drops a token on %s and removes it from the address, keeping the rest of the query',
    (pathname) => {
      expect(decideLinkToken(facts({ pathname, search: '?folder=2&token=someone-else&lang=en-US' }))).toEqual({
        token: null,
        replacing: false,
        cleanUrl: `${pathname}?folder=2&lang=en-US`,
      });
    },
  );

  it("offers the plugin's hand-over token on /pluginPay when nobody is signed in, to be taken only on a yes", () => {
    expect(decideLinkToken(facts({ pathname: '/pluginPay', search: '?token=handed-over&source=browser_plugin_media' }))).toEqual({
      token: 'handed-over',
      replacing: false,
      cleanUrl: '/pluginPay?source=browser_plugin_media',
    });
  });

  it('says when a hand-over would replace the account signed in here', () => {
    const d = decideLinkToken(facts({ pathname: '/pluginPay', search: '?token=other', storedToken: 'mine', hasUserInfo: true }));
    expect(d).toEqual({ token: 'other', replacing: true, cleanUrl: '/pluginPay' });
    // Not knowing whose the stored session is (no user info yet) is no reason to assume a guest.
    expect(decideLinkToken(facts({ pathname: '/pluginPay', search: '?token=other', storedToken: 'mine' })).replacing).toBe(true);
  });

  it("replaces a guest's session only as a new sign-in, and takes nothing when the link holds the session already there", () => {
    expect(decideLinkToken(facts({ pathname: '/pluginPay', search: '?token=other', storedToken: 'guest', hasUserInfo: true, visitor: true }))).toEqual({
      token: 'other',
      replacing: false,
      cleanUrl: '/pluginPay',
    });
    expect(decideLinkToken(facts({ pathname: '/pluginPay', search: '?token=mine', storedToken: 'mine' }))).toEqual({
      token: null,
      replacing: false,
      cleanUrl: '/pluginPay',
    });
  });

  it('takes no unusable token, even on a hand-over page', () => {
    const expired = jwt({ sub: '1', exp: NOW / 1000 - 60 });
    expect(decideLinkToken(facts({ pathname: '/pluginPay', search: `?token=${expired}` })).token).toBeNull();
    expect(decideLinkToken(facts({ pathname: '/pluginPay', search: '?token=undefined' })).token).toBeNull();
  });

  it.each(['/paypalReturn', '/paypalCallBack'])('leaves PayPal’s token on %s alone, in the address too', (pathname) => {
    expect(decideLinkToken(facts({ pathname, search: '?token=EC-123&PayerID=P1' }))).toEqual({ token: null, replacing: false, cleanUrl: null });
  });

  it('has nothing to do without a token', () => {
    expect(decideLinkToken(facts({ pathname: '/recordList', search: '?folder=2' })).cleanUrl).toBeNull();
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
