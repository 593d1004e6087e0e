import { ArrowLeftOutlined, ExportOutlined, ShareAltOutlined } from '@ant-design/icons';
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
  /** Why exporting cannot give what is on screen (no lines, edits that cannot be saved), or null. */
  exportBlocked: string | null;
  /** Export is saving the edits on screen first, and says so. */
  exportWaiting: boolean;
  onExport: () => void;
  /** Opens the share dialog (as the records list does); null while there is nothing to share. */
  onShare: (() => void) | null;
  changed: () => Promise<void>;
}

export function DetailHeader({ record, exportBlocked, exportWaiting, onExport, onShare, changed }: DetailHeaderProps) {
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
          {record.sourceUrl && (
            // The page a browser plugin session subtitled: its note, a link out that gets no hold on this page.
            <a className="detail-source" href={record.sourceUrl} target="_blank" rel="noopener noreferrer" title={record.sourceUrl} data-testid="detail-source">
              {t('recordDetail.sourcePage', { address: record.sourceUrl })}
            </a>
          )}
        </div>
      </div>
      <div className="detail-header-actions">
        {onShare && (
          <Tooltip title={t('records.share')}>
            <Button icon={<ShareAltOutlined />} aria-label={t('records.share')} onClick={onShare} data-testid="detail-share">
              <span className="detail-label">{t('records.share')}</span>
            </Button>
          </Tooltip>
        )}
        <Tooltip title={exportWaiting ? t('recordDetail.editing.savingFirst') : exportBlocked}>
          <Button
            icon={<ExportOutlined />}
            aria-label={t('records.export')}
            disabled={exportBlocked !== null}
            loading={exportWaiting}
            onClick={onExport}
            data-testid="detail-export"
          >
            <span className="detail-label">{t('records.export')}</span>
          </Button>
        </Tooltip>
        <LanguagePicker compact={isMobile} />
      </div>
    </header>
  );
}
