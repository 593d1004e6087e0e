import { WifiOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { MeetingAccess, MeetingSummary } from '../../../contracts/meeting';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { PATHS } from '../../lib/paths';
import { screenCodeKey } from '../../lib/query-keys';
import { fetchNetworkLink } from './api';
import { CastCodeEntry } from './CastCodeEntry';
import { lastCastCode, rememberCastCode, useCastApp, useOnline, useWakeLock } from './cast-app';
import { castPath, isScreenCode } from './links';
import { ConnectionRefused, JoinFailed, LinkExpired, MeetingEnded, MeetingOutcome } from './MeetingStates';
import { ProjectionView } from './ProjectionView';
import { useRoomAccess } from './use-room-access';
import { useViewerSession } from './use-viewer-session';
import './meeting.css';
import './meeting-live.css';
import './cast.css';

/**
 * A screen showing a meeting's subtitles by its six-digit code, with no account (spec §2 /screenProjection,
 * /cast): the projection itself, or what stands in its way (an unknown or expired code, another screen that
 * took over). Without a code it asks for one.
 */
export function ScreenProjection({ code }: { code: string | null }) {
  useCastApp();
  // The installed app starts at /cast: it goes back to the screen it showed last.
  const last = !code && window.location.pathname === PATHS.cast ? lastCastCode() : null;
  if (last && isScreenCode(last)) return <Navigate to={castPath(last)} replace />;
  if (!code) {
    return (
      <StandaloneFrame>
        <CastCodeEntry />
      </StandaloneFrame>
    );
  }
  return isScreenCode(code) ? (
    <Projection key={code} code={code} />
  ) : (
    <Framed>
      <CodeNotFound />
    </Framed>
  );
}

function Framed({ children }: { children: ReactNode }) {
  return (
    <StandaloneFrame>
      <div className="meeting-page">{children}</div>
    </StandaloneFrame>
  );
}

function CodeNotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MeetingOutcome
      status="404"
      title={t('meeting.projection.notFound')}
      description={t('meeting.projection.notFoundHelp')}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.cast)} data-testid="cast-enter-another">
          {t('meeting.projection.enterAnother')}
        </Button>
      }
      testId="projection-not-found"
    />
  );
}

function Projection({ code }: { code: string }) {
  const { t } = useTranslation();
  const room = useRoomAccess(screenCodeKey(code), () => fetchNetworkLink(code));
  const { data, error } = room.query;
  // Opened without a network, the code is asked again as soon as there is one.
  const online = useOnline(() => {
    if (!room.query.data) void room.query.refetch();
  });
  // The app opens on the last code next time, until that code is unknown or over.
  useEffect(() => {
    if (data) rememberCastCode(code);
    if (room.gone || room.notFound) rememberCastCode(null);
  }, [data, room.gone, room.notFound, code]);

  if (!online && !data) return <WaitingForNetwork />;

  if (room.gone)
    return (
      <Framed>
        <LinkExpired description={t('meeting.projection.expired')} />
      </Framed>
    );
  if (room.notFound)
    return (
      <Framed>
        <CodeNotFound />
      </Framed>
    );
  // Asked again after the network came back: the earlier failure stands until the answer.
  if (error && room.query.isFetching)
    return (
      <Framed>
        <Spin size="large" />
      </Framed>
    );
  if (error) {
    return (
      <Framed>
        <JoinFailed reason={error.message} onRetry={() => void room.query.refetch()} />
      </Framed>
    );
  }
  if (!data)
    return (
      <Framed>
        <Spin size="large" />
      </Framed>
    );
  if (data.meeting.status === 'ended')
    return (
      <Framed>
        <MeetingEnded />
      </Framed>
    );
  return <LiveProjection meeting={data.meeting} access={room.access} recheck={() => void room.query.refetch()} />;
}

interface LiveProjectionProps {
  meeting: MeetingSummary;
  access: () => Promise<MeetingAccess>;
  /** Asks the code again: an ended meeting (or a code given up) then shows as such. */
  recheck: () => void;
}

/** How often a screen another one took over asks whether its meeting still runs. */
const TAKEN_OVER_RECHECK_MS = 5000;

/**
 * A screen another one took over: it may take the meeting back while the meeting runs. Its socket is closed,
 * so it asks the code again now and then; once the meeting has ended (or its code is given up) the page
 * says so instead of offering to show it again.
 */
function TakenOver({ recheck }: { recheck: () => void }) {
  const { t } = useTranslation();
  // The latest callback, so a re-render does not restart the clock.
  const latest = useRef(recheck);
  latest.current = recheck;
  useEffect(() => {
    const timer = setInterval(() => latest.current(), TAKEN_OVER_RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <MeetingOutcome
      status="info"
      title={t('meeting.projection.takenOver')}
      description={t('meeting.projection.takenOverHelp')}
      extra={<Button onClick={() => window.location.reload()}>{t('meeting.projection.showHere')}</Button>}
      testId="projection-taken-over"
    />
  );
}

function LiveProjection({ meeting, access, recheck }: LiveProjectionProps) {
  const { t } = useTranslation();
  const { socket, language, setLanguage } = useViewerSession(meeting, access);
  const online = useOnline(socket.reconnect);
  if (!online && socket.connection !== 'closed') return <WaitingForNetwork />;
  if (socket.closedReason === 'expired')
    return (
      <Framed>
        <LinkExpired description={t('meeting.projection.expired')} />
      </Framed>
    );
  if (socket.closedReason === 'forbidden') {
    // Without the multi-screen right the newest screen takes over from this one (spec §6).
    return (
      <Framed>
        <TakenOver recheck={recheck} />
      </Framed>
    );
  }
  if (socket.closedReason === 'ended' || socket.status === 'ended')
    return (
      <Framed>
        <MeetingEnded />
      </Framed>
    );
  if (socket.closedReason === 'badTicket')
    return (
      <Framed>
        <ConnectionRefused />
      </Framed>
    );
  return <LiveView meeting={meeting} socket={socket} language={language} onLanguage={setLanguage} />;
}

/**
 * No network: said plainly (not as a failed join), drawn with what the app already holds so it shows offline
 * too. The screen goes on by itself when the network is back.
 */
function WaitingForNetwork() {
  const { t } = useTranslation();
  return (
    <Framed>
      <div className="cast-offline" role="status" data-testid="cast-waiting-network">
        <WifiOutlined className="cast-offline-icon" />
        <h2>{t('meeting.projection.waitingNetwork')}</h2>
        <p>{t('meeting.projection.waitingNetworkHelp')}</p>
        <Spin />
      </div>
    </Framed>
  );
}

/** The subtitles themselves: the screen stays awake while they show. */
function LiveView(props: Parameters<typeof ProjectionView>[0]) {
  useWakeLock(true);
  return <ProjectionView {...props} />;
}
