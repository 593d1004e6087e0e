import { useTranslation } from 'react-i18next';
import type { RecordStatus, RecordType } from '../../../contracts/record-vocabulary';
import { Tag } from '../../components/Tag';
import type { TagColor } from '../../components/Tag';

/** Running work is blue, finished green, failures red, the rest plain. */
const STATUS_COLOR: Record<RecordStatus, TagColor> = {
  transcribing: 'processing',
  translating: 'processing',
  in_progress: 'processing',
  finishing: 'processing',
  dub_start: 'processing',
  dubbing: 'processing',
  transcription_completed: 'success',
  translation_completed: 'success',
  dub_complete: 'success',
  ended: 'success',
  transcription_err: 'error',
  translation_err: 'error',
  dub_err: 'error',
  paused: 'warning',
  not_started: 'default',
};

const TYPE_COLOR: Record<RecordType, TagColor> = { meeting: 'geekblue', transcription: 'cyan', dubbing: 'purple' };

export function StatusTag({ status }: { status: RecordStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-status={status}>
      {t(`records.statuses.${status}`)}
    </Tag>
  );
}

export function TypeTag({ type }: { type: RecordType }) {
  const { t } = useTranslation();
  return (
    <Tag color={TYPE_COLOR[type]} bordered={false}>
      {t(`records.types.${type}`)}
    </Tag>
  );
}
