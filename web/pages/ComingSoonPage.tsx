import { ComingSoon } from '../components/ComingSoon';

/** Placeholder for pages inside the main layout. */
export default function ComingSoonPage() {
  return <ComingSoon standalone={false} />;
}
