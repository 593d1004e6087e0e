import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { lazyComponent } from '../../lib/lazy-component';
import { useSession } from '../../lib/session';

// Only a visitor without any account sees it, so its picture and card load for them alone.
const SignInCard = lazyComponent(() => import('../../components/SignInCard').then((m) => ({ default: m.SignInCard })));

/**
 * A records page: its title (with `action` beside it, such as New record), then its list — or, with nobody
 * signed in (not even a guest), a way to sign in.
 */
export function RecordsPage({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const hasAccount = useSession((s) => s.userInfo !== null);
  return (
    <div className="page records-page">
      <div className="records-page-head">
        <PageTitle>{title}</PageTitle>
        {hasAccount && action}
      </div>
      {hasAccount ? children : <SignInCard title={t('records.signInFirst')} />}
    </div>
  );
}
