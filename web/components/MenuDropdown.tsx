import type { DropdownProps } from 'antd';
import { Suspense, lazy, useState } from 'react';
import type { ReactElement } from 'react';
import { lazyPage } from '../lib/lazy-page';
import { standInTrigger } from './stand-in-trigger';
import type { TriggerProps } from './stand-in-trigger';

// antd's Dropdown carries its menu and popup engine (about 35 KB gzip). Every page of the shell shows
// buttons that open menus (language, new record, folder actions) but a first visit seldom opens one, so
// the engine loads when a pointer or the focus first reaches one of them, and the menu opens as soon as it is
// in (at once, unless the click came first).
const loadDropdown = lazyPage(() => import('antd/es/dropdown'));
const Dropdown = lazy(async () => ({ default: (await loadDropdown()).Component }));
/** Fetches the code ahead of a click; a failure here is reported by the click's own load. */
const warmUp = () => void loadDropdown().catch(() => {});

/**
 * antd's click-triggered Dropdown around `children` (one button). Until its first press the button stands
 * alone (hovering or focusing it fetches the code); while the code loads it keeps its place. `open` may be
 * held by the caller (to close the menu from inside it); otherwise the dropdown holds it.
 */
export function MenuDropdown({
  children,
  open: heldOpen,
  onOpenChange,
  ...props
}: Omit<DropdownProps, 'trigger' | 'children'> & { children: ReactElement<TriggerProps> }) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = heldOpen ?? ownOpen;
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const change: DropdownProps['onOpenChange'] = (next, info) => {
    setOwnOpen(next);
    onOpenChange?.(next, info);
  };
  if (!used) return standInTrigger(children, warmUp, () => change(true, { source: 'trigger' }));
  return (
    <Suspense fallback={children}>
      <Dropdown {...props} trigger={['click']} open={open} onOpenChange={change}>
        {children}
      </Dropdown>
    </Suspense>
  );
}
