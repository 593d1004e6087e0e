import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contracts/locale';
import { MESSAGES } from './helpers/messages';

/** Every leaf of a message tree as "path: value", so trees can be compared key by key. */
function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [p, v] of leaves(value, path)) out.set(p, v);
    } else out.set(path, value);
  }
  return out;
}

describe('interface texts', () => {
  const reference = leaves(MESSAGES['en-US']);

  it.each(LOCALES)('%s has exactly the reference keys, each a non-empty string', (locale) => {
    const texts = leaves(MESSAGES[locale]);
    expect([...texts.keys()].sort()).toEqual([...reference.keys()].sort());
    const empty = [...texts].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('keeps interpolation placeholders in every translation', () => {
    for (const locale of LOCALES) {
      const texts = leaves(MESSAGES[locale]);
      for (const [key, english] of reference) {
        const placeholders = String(english).match(/{{\w+}}/g) ?? [];
        for (const p of placeholders) expect(String(texts.get(key)), `${locale} ${key}`).toContain(p);
      }
    }
  });

  it('translates the Chinese locales rather than copying English', () => {
    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      expect(MESSAGES[locale].app.name).not.toBe(MESSAGES['en-US'].app.name);
      expect(MESSAGES[locale].pages.home).not.toBe(MESSAGES['en-US'].pages.home);
    }
    expect(MESSAGES['zh-CN'].app.name).toBe('听译');
    expect(MESSAGES['zh-TW'].app.name).toBe('聽譯');
  });
});
