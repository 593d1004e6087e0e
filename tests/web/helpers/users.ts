import type { UserInfo } from '../../../contracts/auth';

/** A complete UserInfo (contracts/auth.ts) for tests; override what the test is about. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    name: 'Lin Wei',
    avatar: '',
    username: null,
    email: 'lin@example.com',
    phone: null,
    hasPassword: true,
    wechatBound: false,
    googleBound: false,
    visitor: false,
    shareStatus: '1',
    memberLevel: null,
    validUntil: null,
    ...overrides,
  };
}
