import type { ReactNode } from 'react';
import { Brand } from './Brand';
import { LanguagePicker } from './LanguagePicker';

/** A bare frame for pages outside the main layout: the product mark, the language picker, the content. */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  return (
    <div className="standalone">
      <header className="standalone-header">
        <Brand />
        <LanguagePicker />
      </header>
      <main className="standalone-main">{children}</main>
    </div>
  );
}
