import type { DropdownProps } from 'antd';
import { Suspense, cloneElement, lazy, useState } from 'react';
import type { FocusEvent, MouseEvent, PointerEvent, ReactElement } from 'react';
import { lazyPage } from '../lib/lazy-page';

// antd's Dropdown carries its menu and popup engine (about 35 KB gzip). Every page of the shell shows
// buttons that open menus (language, new record, folder actions) but a first visit seldom opens one, so
// the engine loads when a pointer or the focus first reaches one of them, and the menu opens as soon as it is
// in (at once, unless the click came first).
const loadDropdown = lazyPage(() => import('antd/es/dropdown'));
const Dropdown = lazy(async () => ({ default: (await loadDropdown()).Component }));
/** Fetches the code ahead of a click; a failure here is reported by the click's own load. */
const warmUp = () => void loadDropdown().catch(() => {});

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * antd's click-triggered Dropdown around `children` (one button). Until its first press the button stands
 * alone (hovering or focusing it fetches the code); while the code loads it keeps its place.
 */
export function MenuDropdown({
  children,
  onOpenChange,
  ...props
}: Omit<DropdownProps, 'trigger' | 'open' | 'children'> & { children: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) {
    return cloneElement(children, {
      onPointerEnter: (event) => {
        children.props.onPointerEnter?.(event);
        warmUp();
      },
      onFocus: (event) => {
        children.props.onFocus?.(event);
        warmUp();
      },
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
