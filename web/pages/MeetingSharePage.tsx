import { useSearchParams } from 'react-router';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { SharedRecord } from '../features/records/SharedRecord';
import { SHARE_TOKEN_PARAM } from '../features/records/links';

/**
 * /meetingShare — a shared record, read-only, for anyone holding the link (spec §1, §2). Text cannot be
 * selected or copied unless the owner allowed copying; then a signed-in viewer can also copy the record into
 * their own records. An expired, revoked or unknown link says so.
 */
export default function MeetingSharePage() {
  return (
    <StandaloneFrame>
      <SharedRecord token={useSearchParams()[0].get(SHARE_TOKEN_PARAM) ?? ''} />
    </StandaloneFrame>
  );
}
