import { afterEach, describe, expect, it } from 'vitest';
import { checkConfirm, checkPassword, checkTarget, required, rule, targetKind } from '../../web/features/auth/rules';
import { i18n, setLocale } from '../../web/i18n';
import { MESSAGES } from './helpers/messages';

afterEach(() => setLocale('en-US'));

describe('password rule (spec §5: 8–24 characters, letters and digits)', () => {
  it.each(['abcdef12', 'A1bcdefg', `${'a'.repeat(23)}1`, 'pass word 1'])('accepts %j', async (value) => {
    expect(await checkPassword(value)).toBeNull();
  });

  it.each([
    ['abc123', 'too short'],
    [`${'a'.repeat(24)}1`, 'too long'],
    ['abcdefgh', 'no digit'],
    ['12345678', 'no letter'],
  ])('refuses %j (%s)', async (value) => {
    expect(await checkPassword(value)).toBe('passwordFormat');
  });

  it('asks for a password when empty', async () => {
    expect(await checkPassword('')).toBe('passwordRequired');
    expect(await checkPassword(undefined)).toBe('passwordRequired');
  });
});

describe('confirmation rule', () => {
  it('passes only when both entries match, reading the first at check time', () => {
    let first = 'abcdef12';
    const check = checkConfirm(() => first);
    expect(check('abcdef12')).toBeNull();
    expect(check('abcdef13')).toBe('confirmMismatch');
    first = 'abcdef13';
    expect(check('abcdef13')).toBeNull();
    expect(check('')).toBe('confirmRequired');
  });
});

describe('email or phone target', () => {
  it('accepts a valid email or phone when both channels are available', async () => {
    const check = checkTarget('any');
    expect(await check('lin@example.com')).toBeNull();
    expect(await check(' 13800138000 ')).toBeNull();
    expect(await check('+8613800138000')).toBeNull();
  });

  it('refuses invalid addresses and empty fields with the matching message', async () => {
    expect(await checkTarget('any')('lin@')).toBe('emailInvalid');
    expect(await checkTarget('any')('12ab')).toBe('phoneInvalid');
    expect(await checkTarget('any')('  ')).toBe('targetRequired');
    expect(await checkTarget('email')('')).toBe('emailRequired');
    expect(await checkTarget('phone')('')).toBe('phoneRequired');
  });

  it('refuses the kind of address that cannot receive codes', async () => {
    expect(await checkTarget('email')('13800138000')).toBe('emailInvalid');
    expect(await checkTarget('phone')('lin@example.com')).toBe('phoneInvalid');
  });

  it('derives the accepted kind from the login options', () => {
    expect(targetKind({ emailCode: true, smsCode: false })).toBe('email');
    expect(targetKind({ emailCode: false, smsCode: true })).toBe('phone');
    expect(targetKind({ emailCode: true, smsCode: true })).toBe('any');
  });
});

describe('required fields (code, old password, account)', () => {
  it('refuses blank input', () => {
    expect(required('codeRequired')('   ')).toBe('codeRequired');
    expect(required('oldPasswordRequired')(undefined)).toBe('oldPasswordRequired');
    expect(required('codeRequired')('123456')).toBeNull();
  });
});

describe('antd rule adapter', () => {
  const run = (value: unknown) => {
    const { validator } = rule(i18n.t, checkPassword) as { validator: (r: unknown, v: unknown) => Promise<void> };
    return validator({}, value);
  };

  it('rejects with the translated message in the current language', async () => {
    await expect(run('short')).rejects.toThrow(MESSAGES['en-US'].validation.passwordFormat);
    await setLocale('zh-CN');
    await expect(run('short')).rejects.toThrow(MESSAGES['zh-CN'].validation.passwordFormat);
  });

  it('resolves for a valid value and marks the field required', async () => {
    await expect(run('abcdef12')).resolves.toBeUndefined();
    expect(rule(i18n.t, checkPassword)).toMatchObject({ required: true });
  });
});
