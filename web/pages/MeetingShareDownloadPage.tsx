import { useSearchParams } from 'react-router';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { SHARE_TOKEN_PARAM } from '../features/records/links';
import { SharedDownload } from '../features/records/SharedDownload';

/**
 * /meetingShareDownload — a shared record's transcript and minutes as files, for anyone holding the share
 * link (spec §2: no sign-in needed), when its owner allows copies.
 */
export default function MeetingShareDownloadPage() {
  return (
    <StandaloneFrame>
      <SharedDownload token={useSearchParams()[0].get(SHARE_TOKEN_PARAM) ?? ''} />
    </StandaloneFrame>
  );
}
