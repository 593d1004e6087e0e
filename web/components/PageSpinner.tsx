import { useTranslation } from 'react-i18next';

/**
 * Shown while the first route's guard and code load: antd's large spinner, drawn in CSS so the first paint
 * does not wait for its component code. It does not use Spinner: the pages' shared module would become one
 * more file on every first load.
 */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-label={t('common.loading')}>
      <span className="spinner-dots spinner-large" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
