import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { usePageTitle } from '../lib/page-title';

/** Wraps every route: keeps the document title in step with page and language, shows navigation progress. */
export function RootShell() {
  const { t } = useTranslation();
  const pageTitle = usePageTitle();
  const navigating = useNavigation().state !== 'idle';

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${t('app.name')}` : t('app.name');
  }, [pageTitle, t]);

  return (
    <>
      {navigating && <div className="nav-progress" role="progressbar" aria-label={t('common.loading')} />}
      <Outlet />
    </>
  );
}
