import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordRow } from '../../../contracts/records';
import { useAddTranslation, useTranslationTargets } from './hooks';
import { useFeedback } from '../../lib/feedback';

/** Translating a finished transcript later (spec §7 addTranslation): pick a language, the job does the rest. */
export function AddTranslationDialog({ record, changed, onClose }: { record: RecordRow; changed: () => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const languages = useTranslationTargets(record.audioLanguage);
  const add = useAddTranslation(record.id, changed);
  const [language, setLanguage] = useState<string | undefined>();

  const submit = () => {
    if (!language) return;
    add.mutate(language, {
      onSuccess: () => {
        void message.success(t('recordDetail.translationStarted'));
        onClose();
      },
    });
  };

  return (
    <Modal
      open
      title={t('recordDetail.addTranslation')}
      onCancel={onClose}
      onOk={submit}
      okText={t('recordDetail.translate')}
      okButtonProps={{ disabled: !language, 'data-testid': 'detail-translation-submit' }}
      confirmLoading={add.isPending}
      width={420}
    >
      <Form layout="vertical">
        <Form.Item label={t('recordDetail.translateInto')} extra={record.translationLanguage ? t('recordDetail.replacesTranslation') : undefined}>
          <Select
            showSearch
            optionFilterProp="label"
            value={language}
            onChange={setLanguage}
            loading={languages.isLoading}
            placeholder={t('recordDetail.chooseLanguage')}
            options={languages.targets.map((l) => ({ value: l.code, label: l.name }))}
            notFoundContent={languages.isLoading ? undefined : t('recordDetail.noLanguages')}
            data-testid="detail-translation-language"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
