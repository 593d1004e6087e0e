import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYMENT_CODES } from '../../../contracts/errors';
import type { SocketProblem } from '../../../contracts/meeting';
import { ShortageAlert } from '../pay/ShortageAlert';
import type { Connection } from './use-meeting-socket';
import type { MicProblem } from './use-microphone';

/** The warnings of spec §8 above a meeting that goes on: the console's banners and the viewers' lag notice. */

interface BannersProps {
  mic: MicProblem | null;
  onRetryMic: () => void;
  silent: boolean;
  connection: Connection;
  problem: SocketProblem | null;
  lagSeconds: number;
  recognitionLost: boolean;
}

/** What stands between the host and a working meeting right now, most urgent first. */
export function MeetingBanners({ mic, onRetryMic, silent, connection, problem, lagSeconds, recognitionLost }: BannersProps) {
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
      <RecognitionAlert lost={recognitionLost} host />
      <LagAlert seconds={lagSeconds} />
      {silent && (
        <Alert type="warning" showIcon message={t('meeting.states.noSound')} description={t('meeting.states.noSoundHelp')} data-testid="meeting-no-sound" />
      )}
    </div>
  );
}

/**
 * "Reconnecting to speech recognition…" while the room's recogniser is lost (the room's `recognition` message):
 * the host is told to keep talking and what happens if it does not come back; viewers that subtitles resume.
 */
export function RecognitionAlert({ lost, host = false }: { lost: boolean; host?: boolean }) {
  const { t } = useTranslation();
  if (!lost) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      message={t('meeting.states.recognitionLost')}
      description={t(host ? 'meeting.states.recognitionLostHost' : 'meeting.states.recognitionLostViewer')}
      data-testid="meeting-recognition-lost"
    />
  );
}

/** "Subtitles delayed by N s" while live recognition runs behind the speech (the room's `lag` message). */
export function LagAlert({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  if (!seconds) return null;
  return <Alert type="warning" showIcon role="status" message={t('meeting.states.lagging', { seconds })} data-testid="meeting-lag" />;
}
