import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { RecordRow } from '../../../contracts/records';
import { LanguagePicker } from '../../components/LanguagePicker';
import { Tooltip } from '../../components/Tooltip';
import { PATHS } from '../../lib/paths';
import { useIsMobile } from '../../lib/use-is-mobile';
import { formatDuration, formatTime } from '../records/format';
import { useEditRecords } from '../records/hooks';
import { StatusTag } from '../records/RecordTags';
import { RecordTitle } from './RecordTitle';
import { useFeedback } from '../../lib/feedback';

/** The record's name (renamed in place), status and facts, a way back, and export. */
interface DetailHeaderProps {
  record: RecordRow;
  /** Why exporting would not give what is on screen (unsaved edits), or null. */
  exportBlocked: string | null;
  onExport: () => void;
  changed: () => Promise<void>;
}

export function DetailHeader({ record, exportBlocked, onExport, changed }: DetailHeaderProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const edit = useEditRecords();
  const isMobile = useIsMobile();

  // Opened straight from a link there is no page to go back to: the records list is the way out.
  const back = () => void (location.key === 'default' ? navigate(PATHS.recordList) : navigate(-1));

  const rename = (value: string) => {
    const name = value.trim();
    if (name === record.name) return;
    if (!name) {
      void message.warning(t('records.nameRequired'));
      return;
    }
    edit.mutate(
      { ids: [record.id], name },
      {
        onSuccess: () => {
          void message.success(t('records.renamed'));
          void changed();
        },
      },
    );
  };

  return (
    <header className="detail-header">
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        aria-label={t('recordDetail.back')}
        title={t('recordDetail.back')}
        onClick={back}
        data-testid="detail-back"
      />
      <div className="detail-heading">
        <RecordTitle name={record.name} onRename={rename} />
        <div className="detail-meta">
          <span data-testid="detail-status" data-status={record.status}>
            <StatusTag status={record.status} />
          </span>
          <span>{t('recordDetail.created', { date: formatTime(record.createTime) })}</span>
          {record.duration > 0 && <span>{t('recordDetail.duration', { duration: formatDuration(record.duration) })}</span>}
        </div>
      </div>
      <div className="detail-header-actions">
        <Tooltip title={exportBlocked}>
          <Button icon={<ExportOutlined />} disabled={exportBlocked !== null} onClick={onExport} data-testid="detail-export">
            <span className="detail-label">{t('records.export')}</span>
          </Button>
        </Tooltip>
        <LanguagePicker compact={isMobile} />
      </div>
    </header>
  );
}
