import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../contracts/locale';
import { speakerColors, speakerLabel } from '../../contracts/speaker-labels';

/** How speakers are shown on any page with a transcript: their colour, and default names in the viewer's language. */
export interface SpeakerLook {
  label(name: string): string;
  color(name: string): string | undefined;
}

/** The look of a transcript's speakers, `names` in the order they first speak (repeats are fine). */
export function useSpeakerLook(names: readonly string[]): SpeakerLook {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en-US';
  const key = [...new Set(names)].join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names' content, not the array's identity, decides.
  const colors = useMemo(() => speakerColors(names), [key]);
  return useMemo(() => ({ label: (name) => speakerLabel(name, locale), color: (name) => colors.get(name) }), [colors, locale]);
}
