import { useTranslation } from 'react-i18next';

/**
 * Shown while the first route's guard and code load: antd's large spinner, drawn in CSS so the first paint
 * does not wait for its component code. `inline`: in the flow where a part of a page loads, as antd's Spin
 * stands there, rather than in the middle of the screen.
 */
export function PageSpinner({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'page-spinner inline' : 'page-spinner'} role="status" aria-label={t('common.loading')}>
      <span className="page-spinner-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
