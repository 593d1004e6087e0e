import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAYMENT_CODES } from '../../../contracts/errors';
import type { SocketProblem } from '../../../contracts/meeting';
import { lazyComponent } from '../../lib/lazy-component';
import { ShortageAlert } from '../pay/shortage';
import type { Connection } from './use-meeting-socket';
import type { MicProblem } from './use-microphone';

/** The clear texts of spec §8 for live meetings, shared by the console and the viewers' pages. */

// antd's Result, which an outcome is drawn with, carries every status's illustration (10 KB gzip); the pages
// show an outcome only when a meeting cannot be followed, so its code loads then, and its test id appears
// with it.
export const MeetingOutcome = lazyComponent(() => import('./MeetingOutcome'));

interface BannersProps {
  mic: MicProblem | null;
  onRetryMic: () => void;
  silent: boolean;
  connection: Connection;
  problem: SocketProblem | null;
  lagSeconds: number;
}

/** What stands between the host and a working meeting right now, most urgent first. */
export function MeetingBanners({ mic, onRetryMic, silent, connection, problem, lagSeconds }: BannersProps) {
  const { t } = useTranslation();
  return (
    <div className="meeting-banners">
      {problem &&
        (PAYMENT_CODES.includes(problem.code) ? (
          // The room has paused the meeting, or not started it; once paid, the host goes on with it.
          <ShortageAlert msg={problem.msg} note={t('meeting.states.shortageNote')} testId="meeting-shortage" />
        ) : (
          <Alert type="error" showIcon message={problem.msg} data-testid="meeting-problem" />
        ))}
      {mic && (
        <Alert
          type="error"
          showIcon
          message={t(mic === 'denied' ? 'meeting.states.micDenied' : 'meeting.states.micUnavailable')}
          description={t(mic === 'denied' ? 'meeting.states.micDeniedHelp' : 'meeting.states.micUnavailableHelp')}
          action={
            <Button size="small" onClick={onRetryMic} data-testid="meeting-mic-retry">
              {t('common.retry')}
            </Button>
          }
          data-testid="meeting-mic-problem"
        />
      )}
      {connection === 'reconnecting' && (
        <Alert
          type="warning"
          showIcon
          message={t('meeting.states.reconnecting')}
          description={t('meeting.states.reconnectingHelp')}
          data-testid="meeting-reconnecting"
        />
      )}
      <LagAlert seconds={lagSeconds} />
      {silent && (
        <Alert type="warning" showIcon message={t('meeting.states.noSound')} description={t('meeting.states.noSoundHelp')} data-testid="meeting-no-sound" />
      )}
    </div>
  );
}

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

/** "Subtitles delayed by N s" while live recognition runs behind the speech (the room's `lag` message). */
export function LagAlert({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  if (!seconds) return null;
  return <Alert type="warning" showIcon role="status" message={t('meeting.states.lagging', { seconds })} data-testid="meeting-lag" />;
}
