import type { ReactNode } from 'react';
import './panel-card.css';

/**
 * A titled panel drawn as antd's small Card, in plain markup: antd's Card brings its Tabs along (14 KB on the
 * record page's first load) for a tab list these panels never have.
 */
export function PanelCard({
  title,
  extra,
  className,
  children,
  'data-testid': testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <section className={className ? `panel-card ${className}` : 'panel-card'} data-testid={testId}>
      <div className="panel-card-head">
        <h2 className="panel-card-title">{title}</h2>
        {extra && <div className="panel-card-extra">{extra}</div>}
      </div>
      <div className="panel-card-body">{children}</div>
    </section>
  );
}
