import { useMutation } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeetingDetail } from '../../../contracts/meeting';
import { shortageMessage } from '../pay/shortage';
import { ShortageAlert } from '../pay/ShortageAlert';
import { createScreenCode } from './api';
import { CopyLink } from './CopyLink';
import { castLink, projectionLink } from './links';

/**
 * Screen projection (spec §1, §2): a six-digit code any screen can open without an account, shown large
 * enough to read across a room, with the projection page's link and the casting app's route.
 */
export function ScreenCodeDialog({ meeting, onClose }: { meeting: MeetingDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const issue = useMutation({ mutationFn: () => createScreenCode(meeting.id) });
  const { mutate } = issue;
  // Asked on every opening: the server answers with the meeting's live code (the same one while it lasts).
  useEffect(() => mutate(), [mutate]);

  const code = issue.data?.shortCode;
  const refusal = issue.error;
  const shortage = shortageMessage(refusal);
  const origin = window.location.origin;
  return (
    <Modal open onCancel={onClose} footer={null} title={t('meeting.page.projectionTitle')} width={440} centered>
      <div className="meeting-screen-code" data-testid="meeting-screen-dialog">
        {code ? (
          <>
            <p className="meeting-hint">{t('meeting.page.projectionLead')}</p>
            <div className="meeting-code-digits" data-testid="meeting-screen-code" role="status" aria-label={code}>
              {code}
            </div>
            <span className="meeting-code-label">{t('meeting.page.projectionLink')}</span>
            <CopyLink link={projectionLink(origin, code)} testId="meeting-projection-link" />
            <span className="meeting-code-label">{t('meeting.page.castLink')}</span>
            <CopyLink link={castLink(origin, code)} testId="meeting-cast-link" />
          </>
        ) : shortage !== null ? (
          <ShortageAlert msg={shortage} note={t('meeting.states.paidShowsCode')} events={{ onPaid: () => mutate() }} testId="meeting-shortage" />
        ) : refusal ? (
          <p className="meeting-hint">{t('meeting.page.projectionFailed')}</p>
        ) : (
          <Spin />
        )}
      </div>
    </Modal>
  );
}
