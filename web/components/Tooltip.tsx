import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FocusEvent, PointerEvent, ReactElement, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './tooltip.css';

/**
 * A tooltip drawn as antd's (dark bubble, arrow, same delays and place) in plain markup: antd's Tooltip brings
 * its popup engine and resize observer (17 KB gzip) to every page that shows one, before anyone points at
 * anything. It opens when the pointer rests on its child or the keyboard focuses it, above the child (below
 * when there is no room), kept inside the window; Escape, leaving or blurring the child closes it. On a touch
 * screen a tap shows it until the next tap elsewhere. `title` empty: the child alone.
 */

/** antd's mouseEnterDelay and mouseLeaveDelay. */
const DELAY_MS = 100;
/** From the child's edge to the bubble's: antd's 4 px offset plus its 8 px arrow. */
const GAP = 12;
/** The arrow keeps this far from the bubble's ends, clear of its rounded corners. */
const ARROW_INSET = 12;

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
  'aria-label'?: string;
};

/** Puts the bubble above the child, or below it when the window has no room above, and points the arrow at it. */
function place(anchor: HTMLElement, bubble: HTMLElement) {
  const target = anchor.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = bubble;
  const above = target.top - GAP - height >= 0 || target.bottom + GAP + height > window.innerHeight;
  const centre = target.left + target.width / 2;
  const left = Math.max(0, Math.min(centre - width / 2, document.documentElement.clientWidth - width));
  bubble.style.left = `${left}px`;
  bubble.style.top = `${above ? target.top - GAP - height : target.bottom + GAP}px`;
  bubble.style.setProperty('--tooltip-arrow-x', `${Math.max(ARROW_INSET, Math.min(centre - left, width - ARROW_INSET))}px`);
  bubble.dataset.side = above ? 'top' : 'bottom';
}

export function Tooltip({ title, children }: { title: ReactNode; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLElement | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = open && title !== null && title !== undefined && title !== '';
  const own = children.props;

  const show = (element: HTMLElement, delay: number) => {
    anchor.current = element;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), delay);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useLayoutEffect(() => {
    if (shown && anchor.current && bubble.current) place(anchor.current, bubble.current);
  });

  // While it shows: follow the child when something scrolls, and close on Escape or a press elsewhere.
  useEffect(() => {
    if (!shown) return;
    const follow = () => {
      if (anchor.current && bubble.current) place(anchor.current, bubble.current);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPress = (event: globalThis.PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [shown]);

  // A child already named by the same words is not described by them again.
  const describes = shown && own['aria-label'] !== title;
  return (
    <>
      {cloneElement(children, {
        onPointerEnter: (event) => {
          own.onPointerEnter?.(event);
          show(event.currentTarget, event.pointerType === 'touch' ? 0 : DELAY_MS);
        },
        onPointerLeave: (event) => {
          own.onPointerLeave?.(event);
          // A finger leaves as it lifts: the tip stays until the next press elsewhere.
          if (event.pointerType !== 'touch') hide(DELAY_MS);
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          show(event.currentTarget, 0);
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          hide(0);
        },
        'aria-describedby': describes ? id : own['aria-describedby'],
      })}
      {shown &&
        createPortal(
          // The pointer may move onto the tip (to read or copy it) without closing it.
          <div ref={bubble} id={id} role="tooltip" className="tooltip" onPointerEnter={() => clearTimeout(timer.current)} onPointerLeave={() => hide(DELAY_MS)}>
            {title}
          </div>,
          document.body,
        )}
    </>
  );
}
