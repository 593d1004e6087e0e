import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';

/** The product mark: a speech bubble of sound-wave bars. Inline so the shell needs no external assets. */
function LogoMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
      <defs>
        <linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f6bff" />
          <stop offset="1" stopColor="#7a4dff" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#brand-gradient)" />
      <g fill="#fff">
        <rect x="7" y="13" width="3" height="6" rx="1.5" />
        <rect x="12" y="9" width="3" height="14" rx="1.5" />
        <rect x="17" y="11" width="3" height="10" rx="1.5" />
        <rect x="22" y="14" width="3" height="4" rx="1.5" />
      </g>
    </svg>
  );
}

export function Brand() {
  const { t } = useTranslation();
  return (
    <Link to={PATHS.home} className="brand">
      <LogoMark />
      <span className="brand-name" data-testid="product-name">
        {t('app.name')}
      </span>
    </Link>
  );
}
