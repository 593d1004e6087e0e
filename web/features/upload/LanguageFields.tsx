import type { UseQueryResult } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageLists } from '../../../contracts/engine-languages';
import { MissingLanguages } from '../../components/MissingLanguages';

interface LanguageFieldsProps {
  /** The languages the deployment can recognise and translate into. */
  languages: UseQueryResult<LanguageLists>;
  /** Test ids are `${testIdPrefix}-audio-language` and `${testIdPrefix}-translation-language`. */
  testIdPrefix: string;
  /** The placeholder of an empty translation choice. */
  noTranslation: string;
  /** A note under the spoken language (the plan's language count). */
  audioExtra?: ReactNode;
}

/**
 * An upload dialog's `audioLanguage` and `translationLanguage` fields. The spoken language is always one
 * the deployment offers, and translating into it is no translation at all, so that choice is cleared.
 */
export function LanguageFields({ languages, testIdPrefix, noTranslation, audioExtra }: LanguageFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const audioLanguage = Form.useWatch('audioLanguage', form) as string | undefined;

  const offered = languages.data?.transcribeLanguage;
  useEffect(() => {
    if (!offered?.length) return;
    if (!offered.some((l) => l.code === form.getFieldValue('audioLanguage'))) form.setFieldValue('audioLanguage', offered[0]!.code);
  }, [offered, form]);

  useEffect(() => {
    if (audioLanguage && audioLanguage === form.getFieldValue('translationLanguage')) form.setFieldValue('translationLanguage', undefined);
  }, [audioLanguage, form]);

  const options = (list: LanguageLists['translation'] | undefined) => (list ?? []).map((l) => ({ value: l.code, label: l.name }));
  const missing = languages.data?.missing;
  return (
    <div className="upload-form-row">
      <Form.Item
        name="audioLanguage"
        label={t('upload.audioLanguage')}
        extra={
          <>
            {audioExtra}
            <MissingLanguages missing={missing?.transcribeLanguage} kind="sources" testId={`${testIdPrefix}-missing-sources`} />
          </>
        }
      >
        <Select showSearch optionFilterProp="label" loading={languages.isLoading} options={options(offered)} data-testid={`${testIdPrefix}-audio-language`} />
      </Form.Item>
      <Form.Item
        name="translationLanguage"
        label={t('upload.translationLanguage')}
        extra={
          <MissingLanguages missing={missing?.translation.filter((l) => l.code !== audioLanguage)} kind="targets" testId={`${testIdPrefix}-missing-targets`} />
        }
      >
        <Select
          showSearch
          allowClear
          optionFilterProp="label"
          placeholder={noTranslation}
          loading={languages.isLoading}
          options={options(languages.data?.translation.filter((l) => l.code !== audioLanguage))}
          data-testid={`${testIdPrefix}-translation-language`}
        />
      </Form.Item>
    </div>
  );
}
