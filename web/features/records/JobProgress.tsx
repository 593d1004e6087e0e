import { useTranslation } from 'react-i18next';
import type { JobProgress as Progress_ } from '../../../contracts/job-progress';
import './job-progress.css';

/**
 * A running job as the records list and the record page show it: what it is doing, how much of it is done
 * and roughly how long is left (contracts/job-progress.ts). Where the job cannot count its work the bar
 * moves without a number, rather than inventing one.
 */

/** "about 3 min left", "about 1 h 20 min left", "less than a minute left"; null while no pace is known. */
function useTimeLeft() {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    if (seconds === null) return null;
    if (seconds < 60) return t('jobProgress.lessThanMinute');
    const minutes = Math.ceil(seconds / 60);
    if (minutes < 60) return t('jobProgress.minutesLeft', { minutes });
    return t('jobProgress.hoursLeft', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
}

export function JobProgress({ progress, size = 'small' }: { progress: Progress_; size?: 'small' | 'default' }) {
  const { t } = useTranslation();
  const timeLeft = useTimeLeft()(progress.etaSeconds);
  const stage = t(`jobProgress.stages.${progress.stage}`);
  const pieces = progress.total ? t('jobProgress.pieces', { done: progress.done ?? 0, total: progress.total }) : null;
  const facts = [stage, pieces, timeLeft].filter(Boolean).join(' · ');
  return (
    <div className={`job-progress job-progress-${size}`} data-testid="job-progress" data-stage={progress.stage} role="status">
      {progress.percent === null ? (
        <div className="job-progress-indeterminate" aria-hidden="true" />
      ) : (
        <div
          className="job-progress-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-label={t('jobProgress.label', { percent: progress.percent })}
        >
          <span className="job-progress-track">
            <span className="job-progress-fill" style={{ width: `${progress.percent}%` }} />
          </span>
          <span className="job-progress-percent">{progress.percent}%</span>
        </div>
      )}
      <span className="job-progress-facts" title={facts} data-testid="job-progress-facts">
        {facts}
      </span>
    </div>
  );
}
