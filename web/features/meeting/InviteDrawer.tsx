import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Drawer, QRCode, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeetingAccess, MeetingDetail } from '../../../contracts/meeting';
import { useIsMobile } from '../../lib/use-is-mobile';
import { shortageMessage } from '../pay/shortage';
import { ShortageAlert } from '../pay/ShortageAlert';
import { editMeeting } from './api';
import { CopyLink } from './CopyLink';
import { inviteLink } from './links';
import { meetingKey } from '../../lib/query-keys';

/**
 * Inviting participants (spec §1, §4, §6): the owner opens or closes the invitation; while open, its link
 * and QR code let anyone follow the subtitles without an account. Closing it turns the link away at once.
 */
export function InviteDrawer({ meeting, open, onClose }: { meeting: MeetingDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [shortage, setShortage] = useState<string | null>(null);

  const toggle = useMutation({
    mutationFn: (inviteOpen: boolean) => editMeeting({ id: meeting.id, inviteOpen }),
    onMutate: () => setShortage(null),
    onSuccess: (next) => queryClient.setQueryData<MeetingAccess<MeetingDetail>>(meetingKey(meeting.id), (old) => old && { ...old, meeting: next }),
    // Inviting is an SVIP benefit (spec §6): the refusal says so in the server's words.
    onError: (error) => setShortage(shortageMessage(error)),
  });

  const link = meeting.inviteOpen && meeting.inviteToken ? inviteLink(window.location.origin, meeting.inviteToken) : null;
  return (
    <Drawer open={open} onClose={onClose} title={t('meeting.page.inviteTitle')} width={isMobile ? '100%' : 400} destroyOnHidden>
      <div className="meeting-invite" data-testid="meeting-invite">
        <label className="meeting-invite-switch">
          <span>
            <strong>{t('meeting.page.inviteOpen')}</strong>
            <small>{t(meeting.inviteOpen ? 'meeting.page.inviteOnHint' : 'meeting.page.inviteOffHint')}</small>
          </span>
          <Switch checked={meeting.inviteOpen} loading={toggle.isPending} onChange={(on) => toggle.mutate(on)} data-testid="meeting-invite-switch" />
        </label>
        {shortage !== null && (
          <ShortageAlert msg={shortage} note={t('meeting.states.paidOpensInvite')} events={{ onPaid: () => toggle.mutate(true) }} testId="meeting-shortage" />
        )}
        {link ? (
          <>
            <CopyLink link={link} testId="meeting-invite-link" />
            <div className="meeting-invite-qr" data-testid="meeting-invite-qr">
              <QRCode value={link} size={180} type="svg" bgColor="#ffffff" bordered={false} />
            </div>
            <p className="meeting-hint">{t('meeting.page.inviteScan')}</p>
          </>
        ) : (
          <Alert type="info" showIcon message={t('meeting.page.inviteClosed')} />
        )}
      </div>
    </Drawer>
  );
}
