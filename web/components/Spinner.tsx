import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './spinner.css';

interface SpinnerProps {
  size?: 'small' | 'default' | 'large';
  className?: string;
  /** False: no spinner; with content, the content undimmed. */
  spinning?: boolean;
  children?: ReactNode;
}

/**
 * antd's Spin (its four turning dots, its sizes, and its dimmed content while loading), drawn in CSS: pages
 * show it before anything else, and antd's Spin would add 3 KB gzip to each of them.
 */
export function Spinner({ size = 'default', className, spinning = true, children }: SpinnerProps) {
  const { t } = useTranslation();
  const spinner = (
    <div className={className && children === undefined ? `spinner ${className}` : 'spinner'} role="status" aria-label={t('common.loading')}>
      <span className={`spinner-dots spinner-${size}`} aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
  if (children === undefined) return spinning ? spinner : null;
  return (
    <div className={className ? `spinner-nested ${className}` : 'spinner-nested'}>
      {spinning && spinner}
      <div className={spinning ? 'spinner-content spinner-dimmed' : 'spinner-content'} aria-busy={spinning}>
        {children}
      </div>
    </div>
  );
}
