import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { setFeedbackHost } from '../lib/feedback';
import type { Feedback } from '../lib/feedback';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/** Where toasts and confirmations appear; their code is fetched the first time one is wanted (lib/feedback). */
export function FeedbackOutlet() {
  const [wanted, setWanted] = useState(false);
  const ready = useRef<((feedback: Feedback) => void) | null>(null);
  useEffect(() => {
    setFeedbackHost(
      () =>
        new Promise((resolve) => {
          ready.current = resolve;
          setWanted(true);
        }),
    );
    return () => setFeedbackHost(null);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHost onReady={(feedback) => ready.current?.(feedback)} />
    </Suspense>
  );
}
