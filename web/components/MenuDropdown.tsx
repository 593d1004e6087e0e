import type { DropdownProps } from 'antd';
import { Suspense, cloneElement, lazy, useState } from 'react';
import type { MouseEvent, ReactElement } from 'react';
import { lazyPage } from '../lib/lazy-page';

// antd's Dropdown carries its menu and popup engine (about 35 KB gzip). Every page of the shell shows
// buttons that open menus (language, new record, folder actions) but a first visit seldom opens one, so
// the engine loads on the first click and the menu opens as soon as it is in.
const loadDropdown = lazyPage(() => import('antd/es/dropdown'));
const Dropdown = lazy(async () => ({ default: (await loadDropdown()).Component }));

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

/**
 * antd's click-triggered Dropdown around `children` (one button), loaded when the button is first pressed.
 * Until then the button stands alone; while the code loads it keeps its place.
 */
export function MenuDropdown({
  children,
  onOpenChange,
  ...props
}: Omit<DropdownProps, 'trigger' | 'open' | 'children'> & { children: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) {
    return cloneElement(children, {
      onClick: (event) => {
        children.props.onClick?.(event);
        setOpen(true);
        onOpenChange?.(true, { source: 'trigger' });
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Dropdown
        {...props}
        trigger={['click']}
        open={open}
        onOpenChange={(next, info) => {
          setOpen(next);
          onOpenChange?.(next, info);
        }}
      >
        {children}
      </Dropdown>
    </Suspense>
  );
}
