import type { ReactNode } from 'react';

/** A page's main heading; `page-title` is the hook end-to-end tests read. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 className="page-title" data-testid="page-title">
      {children}
    </h1>
  );
}
