import { Button } from 'antd';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Code } from '../../../contracts/errors';
import { PageSpinner } from '../../components/PageSpinner';
import { lazyComponent } from '../../lib/lazy-component';
import { PATHS, signInPath } from '../../lib/paths';
import { meetingKey } from '../../lib/query-keys';
import { isRequestError } from '../../lib/request';
import { useSession } from '../../lib/session';
import { recordLink } from '../records/links';
import { fetchMeeting } from './api';
import { MeetingSetup } from './MeetingSetup';
import { MeetingEnded, MeetingOutcome } from './MeetingStates';
import { useRoomAccess } from './use-room-access';
import './meeting.css';

// The console (live subtitles, the room's socket, invitation and projection) is code the setup form does not
// need; it is fetched as soon as a meeting is asked for, alongside the meeting itself.
const loadConsole = () => import('./MeetingConsole').then((module) => ({ default: module.MeetingConsole }));
const MeetingConsole = lazyComponent(loadConsole, <PageSpinner inline />);

/** `?id=` as a meeting id, or null when not an id. */
function meetingId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * The host's side of a meeting (spec §2 /meeting): without a meeting id the setup card that creates a
 * meeting; with one, that meeting's console. Both need an account.
 */
export function HostMeeting({ rawId }: { rawId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const hasAccount = useSession((s) => s.userInfo !== null);

  let content: ReactNode;
  if (!hasAccount) {
    content = (
      <MeetingOutcome
        status="info"
        title={t('meeting.page.signInFirst')}
        extra={
          <Button type="primary" onClick={() => void navigate(signInPath(pathname + search))}>
            {t('header.loginShort')}
          </Button>
        }
        testId="meeting-sign-in"
      />
    );
  } else if (rawId === null) content = <MeetingSetup />;
  else {
    const id = meetingId(rawId);
    // Spec §8 "missing parameters".
    content = id === null ? <MeetingOutcome status="warning" title={t('recordDetail.missingId')} testId="meeting-bad-id" /> : <HostRoom key={id} id={id} />;
  }
  return <div className="meeting-page">{content}</div>;
}

function HostRoom({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const room = useRoomAccess(meetingKey(id), () => fetchMeeting(id));
  const { data, error } = room.query;
  // A failed fetch here is reported when the console renders and loads it again.
  useEffect(() => void loadConsole().catch(() => {}), []);

  if (data) {
    // An ended meeting has nothing left to control: it is a record now.
    if (data.meeting.status === 'ended') return <MeetingEnded recordHref={recordLink(id)} />;
    return <MeetingConsole meeting={data.meeting} access={room.access} />;
  }
  if (error) {
    const missing = isRequestError(error) && (error.code === Code.NOT_FOUND || error.code === Code.FORBIDDEN);
    return (
      <MeetingOutcome
        status={missing ? '404' : 'error'}
        title={t(missing ? 'meeting.page.notFound' : 'meeting.page.loadFailed')}
        description={missing ? undefined : error.message}
        extra={
          <>
            {!missing && <Button onClick={() => void room.query.refetch()}>{t('common.retry')}</Button>}
            <Button type={missing ? 'primary' : 'default'} onClick={() => void navigate(PATHS.meeting)}>
              {t('meeting.page.newMeeting')}
            </Button>
          </>
        }
        testId="meeting-load-error"
      />
    );
  }
  return <PageSpinner inline />;
}
