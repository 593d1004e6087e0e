import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '../../web/i18n';
import { LOCALE_STORAGE_KEY, resolveLocale } from '../../web/i18n/resolve';

describe('resolveLocale (spec §5)', () => {
  const none = { search: '', stored: null, browserLanguages: [] as string[] };

  it('takes a valid lang query before the stored choice and the browser', () => {
    expect(resolveLocale({ search: '?lang=zh-TW', stored: 'zh-CN', browserLanguages: ['en-US'] })).toBe('zh-TW');
  });

  it('ignores an invalid lang query and falls back to the stored choice', () => {
    expect(resolveLocale({ search: '?lang=fr-FR', stored: 'zh-CN', browserLanguages: ['en-US'] })).toBe('zh-CN');
  });

  it('takes the stored choice before the browser language', () => {
    expect(resolveLocale({ ...none, stored: 'zh-TW', browserLanguages: ['zh-CN'] })).toBe('zh-TW');
  });

  it('ignores an invalid stored value', () => {
    expect(resolveLocale({ ...none, stored: 'klingon', browserLanguages: ['zh-HK'] })).toBe('zh-TW');
    expect(resolveLocale({ ...none, stored: 'zh', browserLanguages: [] })).toBe('en-US');
  });

  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['en-GB', 'en-US'],
    ['fr', 'en-US'],
  ])('maps browser language %s to %s', (browser, expected) => {
    expect(resolveLocale({ ...none, browserLanguages: [browser] })).toBe(expected);
  });

  it('uses the first supported browser language', () => {
    expect(resolveLocale({ ...none, browserLanguages: ['fr-FR', 'de', 'zh-TW'] })).toBe('zh-TW');
  });

  it('defaults to en-US with nothing to go on', () => {
    expect(resolveLocale(none)).toBe('en-US');
  });
});

describe('setLocale', () => {
  afterEach(() => setLocale('en-US'));

  it('switches texts, persists the choice and updates <html lang> and dayjs', async () => {
    await setLocale('zh-TW');
    expect(i18n.t('app.name')).toBe('聽譯');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh-TW');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(dayjs.locale()).toBe('zh-tw');

    await setLocale('zh-CN');
    expect(i18n.t('nav.myAccount')).toBe('我的账户');
    expect(dayjs.locale()).toBe('zh-cn');
  });
});
