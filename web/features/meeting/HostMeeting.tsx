import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { lazyComponent } from '../../lib/lazy-component';
import { signInPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { MeetingSetup } from './MeetingSetup';
import { MeetingOutcome } from './MeetingStates';
import './meeting.css';

// The host's room (the meeting's fetch, and its console with the list of the console's chunks to fetch
// together) is code the setup card does not need: it loads when a meeting is asked for.
const HostRoom = lazyComponent(() => import('./HostRoom').then((module) => ({ default: module.HostRoom })), <Spinner size="large" />);

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
