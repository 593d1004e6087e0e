import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Messages } from '../i18n/en-US';

export type PageTitleKey = keyof Messages['pages'];

/** Each page route carries its title key in `handle`, so the document title and placeholders can name it. */
export interface PageHandle {
  title: PageTitleKey;
}

/** The translated title of the deepest matched page, or null outside any titled route. */
export function usePageTitle(): string | null {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle as PageHandle | undefined)
    .reverse()
    .find((h) => h?.title !== undefined);
  return handle ? t(`pages.${handle.title}`) : null;
}
