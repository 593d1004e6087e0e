import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DubProject } from '../../../contracts/dubbing';
import { JobProgress } from '../records/JobProgress';
import { isDubRunning } from './hooks';
import { useRedub } from './use-redub';
import { useFeedback } from '../../lib/feedback';

/** While dubbing runs: its stage, progress and time left. After a failure: the reason and Retry. */
export function DubStatus({ project, onProject }: { project: DubProject; onProject: (project: DubProject) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const retry = useRedub(project.record.id, onProject);
  const { record } = project;

  if (isDubRunning(record.status)) {
    // The whole run as the records list shows it: each stage by name, recognition and speech as they go, the time left.
    return (
      <div className="dub-running" data-testid="dub-progress" data-stage={project.stage}>
        {record.progress ? <JobProgress progress={record.progress} /> : <span role="status">{t(`dubbing.stages.${project.stage}`)}</span>}
      </div>
    );
  }
  if (record.status === 'dub_err') {
    const onRetry = () => retry.run().catch((error: Error) => void message.error(error.message));
    return (
      <Alert
        className="dub-failed"
        type="error"
        showIcon
        message={t('records.statuses.dub_err')}
        description={record.errorReason || t('recordDetail.noReason')}
        action={
          <Button size="small" danger loading={retry.busy} onClick={() => void onRetry()} data-testid="dub-retry">
            {t('recordDetail.retry')}
          </Button>
        }
      />
    );
  }
  return null;
}
