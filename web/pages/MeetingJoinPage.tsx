import { useSearchParams } from 'react-router';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { ParticipantRoom, joinBy } from '../features/meeting/ParticipantRoom';

/**
 * /meetingShareIng — a participant follows a live meeting without an account (spec §1, §2, §6): by an
 * invitation link or the owner's personal QR code. They see the live subtitles and pick their own
 * translation; a closed or expired invitation says the link has expired.
 */
export default function MeetingJoinPage() {
  return (
    <StandaloneFrame>
      <ParticipantRoom by={joinBy(useSearchParams()[0])} />
    </StandaloneFrame>
  );
}
