import { useParams, useSearchParams } from 'react-router';
import { ScreenProjection } from '../features/meeting/ScreenProjection';
import { SCREEN_CODE_PARAM } from '../features/meeting/links';

/**
 * /screenProjection?code=, /cast/{code} and /cast (spec §2): a screen showing a meeting's subtitles by its
 * six-digit code, with no account. Without a code it asks for one.
 */
export default function ScreenProjectionPage() {
  const { code } = useParams();
  const [search] = useSearchParams();
  return <ScreenProjection code={code ?? search.get(SCREEN_CODE_PARAM)} />;
}
