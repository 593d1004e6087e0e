import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy-page';
import { PageTitle } from './PageTitle';

/**
 * What a route shows when its code failed to load or its rendering threw; reloading fixes both kinds. It is
 * part of the first download (a failed chunk cannot load its own error page), so it is drawn with two icons
 * rather than antd's Result, whose illustrations would weigh on every first visit.
 */
export function RouteErrorView() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;
  if (!chunkFailed) console.error(error);
  return (
    <div className="route-error" role="alert">
      {chunkFailed ? <WarningFilled className="route-error-icon route-error-warning" /> : <CloseCircleFilled className="route-error-icon route-error-fatal" />}
      <PageTitle>{t(chunkFailed ? 'errors.chunkLoadTitle' : 'errors.unexpectedTitle')}</PageTitle>
      <p className="route-error-detail">{t(chunkFailed ? 'errors.chunkLoadDescription' : 'errors.unexpectedDescription')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}
