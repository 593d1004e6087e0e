/** Interface languages (spec §5, §9). Shared by the web app and the Worker. */
export const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps one language tag to a supported locale: exact matches win, Traditional-script or
 * Taiwan/Hong Kong/Macau Chinese goes to zh-TW, any other Chinese to zh-CN (spec: browser 'zh' → zh-CN).
 * Returns undefined for languages we do not offer, so callers can try the next candidate.
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const t = tag.trim();
  const exact = LOCALES.find((l) => l.toLowerCase() === t.toLowerCase());
  if (exact) return exact;
  const lower = t.toLowerCase();
  if (lower === 'zh' || lower.startsWith('zh-') || lower.startsWith('zh_')) {
    return /^(zh[-_](hant|tw|hk|mo))/.test(lower) ? 'zh-TW' : 'zh-CN';
  }
  if (lower === 'en' || lower.startsWith('en-') || lower.startsWith('en_')) return 'en-US';
  return undefined;
}

/** Picks the locale for an HTTP `accept-language` header, honouring q-values; en-US when nothing matches. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((c) => c.tag && c.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const c of ranked) {
    const found = matchLocale(c.tag);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}
