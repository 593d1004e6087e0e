import { Alert, Card, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../contracts/errors';
import type { MeetingAccess, MeetingSummary } from '../../../contracts/meeting';
import { meetingJoinKey } from '../../lib/query-keys';
import { isRequestError } from '../../lib/request';
import { joinMeeting } from './api';
import type { JoinBy } from './api';
import { CaptionStrip } from './LiveCaptions';
import { LiveSubtitles } from './LiveSubtitles';
import { LiveSummaryPanel } from './LiveSummaryPanel';
import { LagAlert, RecognitionAlert } from './MeetingBanners';
import { ConnectionRefused, JoinFailed, LinkExpired, MeetingEnded } from './MeetingStates';
import { TranslationPicker } from './TranslationPicker';
import { OWNER_KEY_PARAM, OWNER_PARAM } from '../account/links';
import { INVITE_PARAM } from './links';
import { FONT_SIZES } from './projection-config';
import type { FontSize } from './projection-config';
import { useRoomAccess } from './use-room-access';
import { useViewerSession } from './use-viewer-session';
import './meeting.css';
import './meeting-live.css';
import { MeetingHead } from './MeetingHead';

/** Reading sizes a participant may pick, in px; the same steps as a projected screen's. */
const READING_SIZES: Record<FontSize, number> = { S: 15, M: 18, L: 22, XL: 28 };

/** Who let the participant in, as the link's query says: an invitation, or the owner's QR code. */
export function joinBy(params: URLSearchParams): JoinBy | null {
  const invite = params.get(INVITE_PARAM);
  if (invite) return { invite };
  const userId = params.get(OWNER_PARAM);
  const key = params.get(OWNER_KEY_PARAM);
  return userId && /^\d+$/.test(userId) && key ? { userId, key } : null;
}

/**
 * A participant following a live meeting without an account (spec §1, §2, §6), come by an invitation link or
 * the owner's personal QR code: the live subtitles in their own translation and reading size. A closed or
 * expired invitation says the link has expired.
 */
export function ParticipantRoom({ by }: { by: JoinBy | null }) {
  const { t } = useTranslation();
  return (
    <div className="meeting-page">{by ? <Joined key={JSON.stringify(by)} by={by} /> : <LinkExpired description={t('meeting.states.inviteExpired')} />}</div>
  );
}

function Joined({ by }: { by: JoinBy }) {
  const { t } = useTranslation();
  const room = useRoomAccess(meetingJoinKey(by), () => joinMeeting(by));
  const { data, error } = room.query;

  // A mangled token (refused as a bad request) is as useless to the participant as an expired one.
  if (room.gone || (isRequestError(error) && error.code === Code.BAD_REQUEST)) {
    return <LinkExpired description={t('meeting.states.inviteExpired')} />;
  }
  if (error) return <JoinFailed reason={error.message} onRetry={() => void room.query.refetch()} />;
  if (!data) return <Spin size="large" />;
  if (data.meeting.status === 'ended') return <MeetingEnded />;
  return <ParticipantView meeting={data.meeting} access={room.access} />;
}

function ParticipantView({ meeting, access }: { meeting: MeetingSummary; access: () => Promise<MeetingAccess> }) {
  const { t } = useTranslation();
  const { socket, language, setLanguage, status, name } = useViewerSession(meeting, access);
  const [size, setSize] = useState<FontSize>('M');
  // Come after the meeting had begun: the summary so far is their catch-up, read before the live lines.
  const [late] = useState(() => meeting.durationMs > 0);

  if (socket.closedReason === 'expired' || socket.closedReason === 'forbidden') {
    return <LinkExpired description={t('meeting.states.inviteExpired')} />;
  }
  if (socket.closedReason === 'ended' || status === 'ended') return <MeetingEnded />;
  if (socket.closedReason === 'badTicket') return <ConnectionRefused />;

  const waiting = status === 'not_started' ? 'meeting.viewer.waiting' : status === 'paused' ? 'meeting.viewer.paused' : null;
  return (
    <div className="meeting-console" data-testid="meeting-participant">
      <MeetingHead name={name} status={status}>
        <div className="meeting-viewer-controls">
          <TranslationPicker languages={socket.languages} targets={meeting.targetLanguages} value={language} onChange={setLanguage} />
          <label className="meeting-language">
            <span>{t('meeting.viewer.fontSize')}</span>
            <Segmented<FontSize>
              value={size}
              onChange={setSize}
              options={FONT_SIZES.map((key) => ({ value: key, label: t(`meeting.projection.sizes.${key}`) }))}
              data-testid="meeting-font-size"
            />
          </label>
        </div>
      </MeetingHead>
      {socket.connection === 'reconnecting' && <Alert type="warning" showIcon message={t('meeting.states.reconnecting')} data-testid="meeting-reconnecting" />}
      {waiting && <Alert type="info" showIcon message={t(waiting)} data-testid="meeting-waiting" />}
      {/* A refusal the room sent this viewer, e.g. a translation language past the host's plan, in its words. */}
      {socket.problem && <Alert type="warning" showIcon message={socket.problem.msg} data-testid="meeting-problem" />}
      <RecognitionAlert lost={socket.recognitionLost} />
      <LagAlert seconds={socket.lagSeconds} />
      <CaptionStrip socket={socket} language={language} />
      {status !== 'not_started' && <LiveSummaryPanel summary={socket.summary} catchUp={late} />}
      <Card variant="borderless" className="meeting-transcript">
        <LiveSubtitles
          lines={socket.lines}
          partial={socket.partial}
          language={language}
          placeholder={t('meeting.viewer.placeholder')}
          fontSize={READING_SIZES[size]}
        />
      </Card>
    </div>
  );
}
