import type { ReactNode } from 'react';
import { PageTitle } from '../../components/PageTitle';
import { lazyComponent } from '../../lib/lazy-component';
import { useSession } from '../../lib/session';

// Only a visitor without any account sees it, so its picture and card load for them alone.
const SignInPrompt = lazyComponent(() => import('./SignInPrompt'));

/**
 * A records page: its title (with `action` beside it, such as New record), then its list — or, with nobody
 * signed in (not even a guest), a way to sign in.
 */
export function RecordsPage({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const hasAccount = useSession((s) => s.userInfo !== null);
  return (
    <div className="page records-page">
      <div className="records-page-head">
        <PageTitle>{title}</PageTitle>
        {hasAccount && action}
      </div>
      {hasAccount ? children : <SignInPrompt />}
    </div>
  );
}
