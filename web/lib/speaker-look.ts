import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../contracts/locale';
import { speakerColors, speakerLabel } from '../../contracts/speaker-labels';

/** How speakers are shown on any page with a transcript: their colour, and default names in the viewer's language. */
export interface SpeakerLook {
  label(name: string): string;
  color(name: string): string | undefined;
}

/** A speaker's name as the viewer reads it: a default name ("Speaker 2", "说话人2") in the interface's language. */
export function useSpeakerLabel(): SpeakerLook['label'] {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en-US';
  return useCallback((name: string) => speakerLabel(name, locale), [locale]);
}

/** The look of a transcript's speakers, `names` in the order they first speak (repeats are fine). */
export function useSpeakerLook(names: readonly string[]): SpeakerLook {
  const label = useSpeakerLabel();
  const key = [...new Set(names)].join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names' content, not the array's identity, decides.
  const colors = useMemo(() => speakerColors(names), [key]);
  return useMemo(() => ({ label, color: (name) => colors.get(name) }), [colors, label]);
}
