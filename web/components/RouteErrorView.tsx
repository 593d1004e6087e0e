import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy-page';
import { PageTitle } from './PageTitle';

/** What a route shows when its code failed to load or its rendering threw; reloading fixes both kinds. */
export function RouteErrorView() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;
  if (!chunkFailed) console.error(error);
  return (
    <Result
      className="route-error"
      status={chunkFailed ? 'warning' : 'error'}
      title={<PageTitle>{t(chunkFailed ? 'errors.chunkLoadTitle' : 'errors.unexpectedTitle')}</PageTitle>}
      subTitle={t(chunkFailed ? 'errors.chunkLoadDescription' : 'errors.unexpectedDescription')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
