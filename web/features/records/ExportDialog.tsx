import { Checkbox, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_CONTENTS, EXPORT_FORMATS } from '../../../contracts/record-vocabulary';
import { exportRecords } from './api';
import type { ExportChoice } from './api';
import { useFeedback } from '../../lib/feedback';

/** Subtitle formats carry a time range on every cue whatever the option says. */
const TIMED_FORMATS: readonly string[] = ['srt', 'vtt'];

/** Exporting one record as a file or several as a zip (spec §7 export): format, text and what each line carries. */
export function ExportDialog({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [choice, setChoice] = useState<ExportChoice>({ format: 'txt', content: 'source', speaker: '1', timestamps: '1' });
  const [busy, setBusy] = useState(false);
  const alwaysTimed = TIMED_FORMATS.includes(choice.format);

  const submit = async () => {
    setBusy(true);
    try {
      const name = await exportRecords(ids, choice);
      void message.success(name ? t('export.saved', { name }) : t('export.started'));
      onClose();
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('export.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('export.submit')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'export-submit' }}
      width={480}
    >
      <Form layout="vertical" className="export-dialog">
        <Form.Item label={t('export.format')}>
          <Radio.Group value={choice.format} onChange={(e) => setChoice({ ...choice, format: e.target.value as ExportChoice['format'] })}>
            {EXPORT_FORMATS.map((format) => (
              <Radio key={format} value={format}>
                <span data-testid={`export-format-${format}`}>{t(`export.formats.${format}`)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('export.content')}>
          <Radio.Group
            value={choice.content}
            onChange={(e) => setChoice({ ...choice, content: e.target.value as ExportChoice['content'] })}
            optionType="button"
            options={EXPORT_CONTENTS.map((content) => ({ value: content, label: t(`export.contents.${content}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('export.include')} extra={alwaysTimed ? t('export.timesAlways') : undefined}>
          <Checkbox
            checked={choice.speaker === '1'}
            onChange={(e) => setChoice({ ...choice, speaker: e.target.checked ? '1' : '0' })}
            data-testid="export-speaker"
          >
            {t('export.speaker')}
          </Checkbox>
          <Checkbox
            checked={alwaysTimed || choice.timestamps === '1'}
            disabled={alwaysTimed}
            onChange={(e) => setChoice({ ...choice, timestamps: e.target.checked ? '1' : '0' })}
            data-testid="export-timestamps"
          >
            {t('export.timestamps')}
          </Checkbox>
        </Form.Item>
        {ids.length > 1 && <p className="dialog-hint">{t('export.zip', { count: ids.length })}</p>}
      </Form>
    </Modal>
  );
}
