import type { PopoverProps } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { lazyPage } from '../lib/lazy-page';
import { standInTrigger } from './stand-in-trigger';
import type { TriggerProps } from './stand-in-trigger';

// antd's Popover is its Tooltip's popup engine (about 20 KB gzip), for panels a reader opens now and then
// (the record page's keyboard help): it loads when a pointer or the focus first reaches the button.
const loadPopover = lazyPage(() => import('antd/es/popover'));
const Popover = lazy(async () => ({ default: (await loadPopover()).Component }));
/** Fetches the code ahead of a click; a failure here is reported by the click's own load. */
const warmUp = () => void loadPopover().catch(() => {});

/**
 * antd's click-triggered Popover around `children` (one button). Until its first press the button stands
 * alone (hovering or focusing it fetches the code); the press opens the popover once the code is in, and Escape
 * or a press elsewhere closes it.
 */
export function ClickPopover({
  children,
  ...props
}: Omit<PopoverProps, 'trigger' | 'children' | 'open' | 'onOpenChange'> & { children: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // Escape closes it, as it closes menus, tooltips and dialogs: antd's Popover does not listen for it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  if (!used)
    return standInTrigger(children, warmUp, () => {
      setUsed(true);
      setOpen(true);
    });
  return (
    <Suspense fallback={children}>
      <Popover {...props} trigger="click" open={open} onOpenChange={setOpen}>
        {children}
      </Popover>
    </Suspense>
  );
}
