import { ComingSoon } from '../components/ComingSoon';
import { StandaloneFrame } from '../components/StandaloneFrame';

/** Placeholder for standalone pages (no side navigation). */
export default function StandaloneComingSoonPage() {
  return (
    <StandaloneFrame>
      <ComingSoon standalone />
    </StandaloneFrame>
  );
}
