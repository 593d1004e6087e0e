import { AudioOutlined, DesktopOutlined, PauseOutlined, PoweroffOutlined, QrcodeOutlined, TeamOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Tooltip } from 'antd';
import type { BadgeProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MeetingAccess, MeetingDetail } from '../../../contracts/meeting';
import { recordLink } from '../records/links';
import { formatDuration } from '../records/format';
import { stopMeeting } from './api';
import { InviteDrawer } from './InviteDrawer';
import { TranslationPicker } from './TranslationPicker';
import { CaptionStrip } from './LiveCaptions';
import { LiveSummaryPanel } from './LiveSummaryPanel';
import { LiveSubtitles } from './LiveSubtitles';
import { MeetingBanners } from './MeetingBanners';
import { ConnectionRefused, MeetingEnded } from './MeetingStates';
import { ScreenCodeDialog } from './ScreenCodeDialog';
import { ScreenViewPicker } from './ScreenViewPicker';
import { useElapsed } from './use-elapsed';
import type { Connection } from './use-meeting-socket';
import { useViewerSession } from './use-viewer-session';
import { useMicrophone } from './use-microphone';
import { MeetingHead } from './MeetingHead';
import { useFeedback } from '../../lib/feedback';
import './meeting-live.css';

/** How long End waits for the room to confirm before ending the meeting over HTTP instead. */
const END_CONFIRM_MS = 5000;

const CONNECTION_BADGE: Record<Connection, BadgeProps['status']> = {
  connecting: 'processing',
  open: 'success',
  reconnecting: 'warning',
  closed: 'default',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The console's two counters: who follows the subtitles, and on how many screens. */
const VIEWER_COUNTERS = [
  { key: 'participants', icon: <TeamOutlined aria-hidden />, count: (v: { participants: number }) => v.participants },
  { key: 'screens', icon: <DesktopOutlined aria-hidden />, count: (v: { projections: number }) => v.projections },
] as const;

/**
 * The host's console for one meeting (spec §2 meeting page, §4 meeting states, §8): start, pause, resume and
 * end; the microphone with its level; the live subtitles; invitation and screen projection; and the states
 * that need the host's attention. The microphone only ever starts from a click, and stops on pause, end and
 * leaving the page.
 */
export function MeetingConsole({ meeting, access }: { meeting: MeetingDetail; access: () => Promise<MeetingAccess<MeetingDetail>> }) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const [panel, setPanel] = useState<'invite' | 'screen' | null>(null);
  const [ending, setEnding] = useState(false);

  const { socket, language, setLanguage, status, name } = useViewerSession(meeting, access);
  const sendAudio = useRef(socket.sendAudio);
  sendAudio.current = socket.sendAudio;
  const mic = useMicrophone((frame) => sendAudio.current(frame));

  const ended = status === 'ended' || socket.closedReason === 'ended' || socket.closedReason === 'expired';
  const live = socket.connection === 'open' && socket.role === 'host';
  const elapsed = useElapsed(socket.meeting ? socket.durationMs : meeting.durationMs, status === 'in_progress' && !ended);

  // The room paused or ended the meeting (the host's own click, a quota running out, another tab): stop
  // listening. A problem the room reports re-checks, since a refused resume leaves the status as it was.
  const { stop: stopMic } = mic;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new problem from the room is a reason to check again.
  useEffect(() => {
    if (status === 'paused' || status === 'ended' || socket.closedReason !== null) stopMic();
  }, [status, socket.closedReason, socket.problem, stopMic]);

  const endedRef = useRef(ended);
  endedRef.current = ended;

  /** What the host last tried, so retrying after a microphone refusal carries it out. */
  const attempted = useRef<'start' | 'resume' | null>(null);
  const begin = async (action: 'start' | 'resume' | null) => {
    attempted.current = action;
    if (!(await mic.start())) return;
    if (action && status === (action === 'start' ? 'not_started' : 'paused')) socket.control(action);
  };

  const pause = () => {
    socket.control('pause');
    mic.stop();
  };

  const end = async () => {
    setEnding(true);
    mic.stop();
    try {
      let confirmed = false;
      if (live) {
        socket.control('end');
        const until = Date.now() + END_CONFIRM_MS;
        confirmed = endedRef.current;
        while (!confirmed && Date.now() < until) {
          await sleep(100);
          confirmed = endedRef.current;
        }
      }
      // The room is out of reach (or slow): end it over HTTP, which also repairs a meeting left paused.
      if (!confirmed) await stopMeeting(meeting.id);
      void navigate(recordLink(meeting.id));
    } catch {
      setEnding(false); // the request layer told why
    }
  };

  const confirmEnd = () =>
    modal.confirm({
      title: t('meeting.page.endConfirmTitle'),
      content: t('meeting.page.endConfirmBody'),
      okText: t('meeting.page.end'),
      okButtonProps: { danger: true },
      cancelText: t('meeting.page.cancel'),
      onOk: () => void end(),
    });

  if (ended && !ending) return <MeetingEnded recordHref={recordLink(meeting.id)} />;
  if (socket.closedReason === 'forbidden' || socket.closedReason === 'badTicket') return <ConnectionRefused />;

  const needsMic = status === 'in_progress' && !mic.active && !mic.starting;
  return (
    <div className="meeting-console" data-testid="meeting-console">
      <MeetingHead
        name={name}
        status={status}
        meta={
          <>
            <span className="meeting-elapsed" data-testid="meeting-elapsed">
              {formatDuration(elapsed / 1000)}
            </span>
            <Badge status={CONNECTION_BADGE[socket.connection]} text={t(`meeting.page.connection.${socket.connection}`)} data-testid="meeting-connection" />
            <span className="meeting-viewers" data-testid="meeting-viewers">
              {VIEWER_COUNTERS.map(({ key, icon, count }) => (
                <Tooltip key={key} title={t(`meeting.page.${key}Tip`)}>
                  <span className="meeting-counter" data-testid={`meeting-${key}`}>
                    {icon}
                    <span className="meeting-counter-label">{t(`meeting.page.${key}`)}</span>
                    <strong>{count(socket.viewers)}</strong>
                  </span>
                </Tooltip>
              ))}
            </span>
          </>
        }
      >
        <div className="meeting-share-actions">
          <Button icon={<QrcodeOutlined />} onClick={() => setPanel('invite')} data-testid="meeting-open-invite">
            {t('meeting.page.invite')}
          </Button>
          <Button icon={<DesktopOutlined />} onClick={() => setPanel('screen')} data-testid="meeting-open-screen">
            {t('meeting.page.projection')}
          </Button>
        </div>
      </MeetingHead>

      <MeetingBanners
        mic={mic.problem}
        onRetryMic={() => void begin(attempted.current)}
        silent={mic.silent}
        connection={socket.connection}
        problem={socket.problem}
        lagSeconds={socket.lagSeconds}
        recognitionLost={socket.recognitionLost}
      />

      <Card variant="borderless" className="meeting-controls">
        <div className="meeting-buttons">
          {(status === 'not_started' || status === 'paused') && (
            <Button
              type="primary"
              size="large"
              icon={<AudioOutlined />}
              disabled={!live}
              loading={mic.starting}
              onClick={() => void begin(status === 'not_started' ? 'start' : 'resume')}
              data-testid={status === 'not_started' ? 'meeting-start' : 'meeting-resume'}
            >
              {t(status === 'not_started' ? 'meeting.page.start' : 'meeting.page.resume')}
            </Button>
          )}
          {status === 'in_progress' && (
            <Button size="large" icon={<PauseOutlined />} disabled={!live} onClick={pause} data-testid="meeting-pause">
              {t('meeting.page.pause')}
            </Button>
          )}
          {needsMic && (
            <Button type="primary" size="large" icon={<AudioOutlined />} onClick={() => void begin(null)} data-testid="meeting-resume-mic">
              {t('meeting.page.resumeMic')}
            </Button>
          )}
          <Button danger size="large" icon={<PoweroffOutlined />} loading={ending} onClick={confirmEnd} data-testid="meeting-end">
            {t('meeting.page.end')}
          </Button>
        </div>
        <LevelMeter level={mic.active ? mic.level : 0} />
        <TranslationPicker languages={socket.languages} targets={meeting.targetLanguages} value={language} onChange={setLanguage} />
      </Card>
      {needsMic && <p className="meeting-hint meeting-mic-hint">{t('meeting.page.resumeMicHint')}</p>}

      <ScreenViewPicker value={socket.screen} onChange={socket.chooseScreen} />
      <CaptionStrip socket={socket} language={language} onStyle={socket.chooseCaptions} />
      {status !== 'not_started' && <LiveSummaryPanel summary={socket.summary} />}

      <Card variant="borderless" className="meeting-transcript">
        <LiveSubtitles
          lines={socket.lines}
          partial={socket.partial}
          language={language}
          placeholder={t(status === 'not_started' ? 'meeting.page.placeholderIdle' : 'meeting.viewer.placeholder')}
        />
      </Card>

      <InviteDrawer meeting={meeting} open={panel === 'invite'} onClose={() => setPanel(null)} />
      {panel === 'screen' && <ScreenCodeDialog meeting={meeting} onClose={() => setPanel(null)} />}
    </div>
  );
}

/** The microphone's loudness, so the host sees at a glance that they are heard. */
export function LevelMeter({ level }: { level: number }) {
  const { t } = useTranslation();
  // Speech sits low on a linear scale: a square root spreads it over the bar.
  const percent = Math.round(Math.min(1, Math.sqrt(Math.max(0, level))) * 100);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a styled bar that updates many times a second; <meter> cannot be styled alike across browsers.
    <div
      className="meeting-level"
      role="meter"
      aria-label={t('meeting.page.level')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="meeting-level"
    >
      <AudioOutlined />
      <div className="meeting-level-track">
        <div className="meeting-level-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
