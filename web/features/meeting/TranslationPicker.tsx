import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORIGINAL_ONLY, useTranslationOptions } from './languages';

/** Which translation a viewer reads under each line; shown only when the room can translate at all. */
export function TranslationPicker({
  languages,
  targets,
  value,
  onChange,
}: {
  languages: readonly string[];
  targets: readonly string[];
  value: string | null;
  onChange: (language: string | null) => void;
}) {
  const { t } = useTranslation();
  const options = useTranslationOptions(languages, targets);
  if (options.length < 2) return null;
  return (
    <label className="meeting-language">
      <span>{t('meeting.viewer.translation')}</span>
      <Select
        value={value ?? ORIGINAL_ONLY}
        onChange={(next: string) => onChange(next === ORIGINAL_ONLY ? null : next)}
        options={options}
        popupMatchSelectWidth={false}
        data-testid="meeting-language"
      />
    </label>
  );
}
