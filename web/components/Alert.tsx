import { CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './alert.css';

const ICONS = { error: <CloseCircleFilled />, warning: <ExclamationCircleFilled />, info: <InfoCircleFilled /> };

interface AlertProps {
  type: keyof typeof ICONS;
  message: ReactNode;
  /** A second, larger block: the message becomes its title. */
  description?: ReactNode;
  /** A button at the end, such as Retry. */
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/**
 * A message in a coloured box with its icon, drawn as antd's Alert (showIcon): antd's Alert added 2.7 KB gzip
 * to the record page's first load, where it shows only when something went wrong. A failure is announced at
 * once (role alert); a warning or a note when the reader is free (role status).
 */
export function Alert({ type, message, description, action, className, 'data-testid': testId }: AlertProps) {
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      className={['alert', `alert-${type}`, description !== undefined && 'alert-with-description', className].filter(Boolean).join(' ')}
      data-testid={testId}
    >
      <span className="alert-icon">{ICONS[type]}</span>
      <div className="alert-content">
        <div className="alert-message">{message}</div>
        {description !== undefined && <div className="alert-description">{description}</div>}
      </div>
      {action && <div className="alert-action">{action}</div>}
    </div>
  );
}
