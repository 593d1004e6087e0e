import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Code } from '../../../contracts/errors';
import { Spinner } from '../../components/Spinner';
import { lazyComponent } from '../../lib/lazy-component';
import { PATHS } from '../../lib/paths';
import { meetingKey } from '../../lib/query-keys';
import { isRequestError } from '../../lib/request';
import { recordLink } from '../records/links';
import { fetchMeeting } from './api';
import { MeetingEnded, MeetingOutcome } from './MeetingStates';
import { useRoomAccess } from './use-room-access';

// The console (live subtitles, the room's socket, invitation and projection) is fetched as soon as a meeting
// is asked for, alongside the meeting itself.
const loadConsole = () => import('./MeetingConsole').then((module) => ({ default: module.MeetingConsole }));
const MeetingConsole = lazyComponent(loadConsole, <Spinner size="large" />);

/** A meeting of the host's (`/meeting?id=`): its console, or what became of it. */
export function HostRoom({ id }: { id: number }) {
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
  return <Spinner size="large" />;
}
