import { useSearchParams } from 'react-router';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { HostMeeting } from '../features/meeting/HostMeeting';
import { PayDialogHost } from '../features/pay/PayDialogHost';

/**
 * /meeting — real-time interpreting or recording (spec §2): without `?id=` the setup card that creates a
 * meeting; with it, that meeting's console. Both need an account.
 */
export default function MeetingPage() {
  return (
    <StandaloneFrame>
      <HostMeeting rawId={useSearchParams()[0].get('id')} />
      {/* A refused start, invitation or projection code offers the pay dialog here (spec §8). */}
      <PayDialogHost />
    </StandaloneFrame>
  );
}
