import { useTranslation } from 'react-i18next';
import { languageOption } from '../../../contracts/engine-languages';
import { currentLocale } from '../../i18n';

/**
 * The room names translation languages by code only; viewers see them in the interface language. An empty
 * string stands for "original only" in the selects, which cannot hold null.
 */
export const ORIGINAL_ONLY = '';

function useLanguageName(): (code: string) => string {
  useTranslation(); // re-render when the interface language changes
  return (code) => languageOption(code, currentLocale()).name;
}

/**
 * The translation select's options: original only, then the meeting's own targets, then whatever else the
 * room can translate into (every viewer may ask for any of them).
 */
export function useTranslationOptions(languages: readonly string[], targets: readonly string[]) {
  const { t } = useTranslation();
  const name = useLanguageName();
  const codes = [...new Set([...targets, ...languages])];
  return [{ value: ORIGINAL_ONLY, label: t('meeting.viewer.originalOnly') }, ...codes.map((code) => ({ value: code, label: name(code) }))];
}
