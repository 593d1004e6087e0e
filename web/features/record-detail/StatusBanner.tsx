import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordRow } from '../../../contracts/records';
import { Alert } from '../../components/Alert';
import { JobProgress } from '../records/JobProgress';
import { isRetryable, isRunning } from '../records/status';

const movingBar = <div className="job-progress-indeterminate" aria-hidden="true" />;

/**
 * While a job runs: its stage, percentage and time left when the server counts them (else a moving bar),
 * and what the page will do. After a failure: the reason and Retry.
 */
export function StatusBanner({ record, onRetry, retrying }: { record: RecordRow; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  const { status } = record;

  if (isRunning(status)) {
    const doing = status === 'transcribing' || status === 'translating' || status === 'finishing' ? status : 'other';
    return (
      <div className="detail-running" data-testid="detail-progress">
        {record.progress ? <JobProgress progress={record.progress} size="default" /> : movingBar}
        <span role="status">{t(`recordDetail.progress.${doing}`)}</span>
      </div>
    );
  }
  if (isRetryable(status)) {
    return (
      <Alert
        className="detail-failed"
        type="error"
        message={t(`records.statuses.${status}`)}
        description={record.errorReason || t('recordDetail.noReason')}
        action={
          <Button size="small" danger loading={retrying} onClick={onRetry} data-testid="detail-retry">
            {t('recordDetail.retry')}
          </Button>
        }
      />
    );
  }
  return null;
}
