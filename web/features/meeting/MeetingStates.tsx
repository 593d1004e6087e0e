import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../../lib/lazy-component';

/** The clear texts of spec §8 for a meeting that cannot be followed, shared by the console and the viewers' pages. */

// antd's Result, which an outcome is drawn with, carries every status's illustration (10 KB gzip); the pages
// show an outcome only when a meeting cannot be followed, so its code loads then, and its test id appears
// with it.
export const MeetingOutcome = lazyComponent(() => import('./MeetingOutcome'));

/** An invitation closed or expired, or a code whose meeting is over (spec §8 "link expired"). */
export function LinkExpired({ description }: { description: string }) {
  const { t } = useTranslation();
  return <MeetingOutcome status="warning" title={t('sharedPage.expiredTitle')} description={description} testId="meeting-link-expired" />;
}

/** The meeting is over; its owner gets the way to the record it became. */
export function MeetingEnded({ recordHref }: { recordHref?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MeetingOutcome
      status="success"
      title={t('meeting.states.endedTitle')}
      description={t(recordHref ? 'meeting.states.endedOwner' : 'meeting.states.endedViewer')}
      extra={
        recordHref && (
          <Button type="primary" onClick={() => void navigate(recordHref)} data-testid="meeting-open-record">
            {t('meeting.states.openRecord')}
          </Button>
        )
      }
      testId="meeting-ended"
    />
  );
}

/** A viewer's way in failed for another reason than an unknown or expired link: say why, and try again. */
export function JoinFailed({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <MeetingOutcome
      status="error"
      title={t('meeting.states.joinFailed')}
      description={reason}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      testId="meeting-load-error"
    />
  );
}

/** The room turned this socket away for good (a refused or mistaken ticket): offer a fresh start. */
export function ConnectionRefused() {
  const { t } = useTranslation();
  return (
    <MeetingOutcome
      status="error"
      title={t('meeting.states.refusedTitle')}
      description={t('meeting.states.refusedHelp')}
      extra={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
      testId="meeting-refused"
    />
  );
}
