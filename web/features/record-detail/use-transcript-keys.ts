import { useEffect, useRef } from 'react';

/**
 * The record page's keyboard shortcuts, as a transcriber expects them: one table the handler and the help
 * popover both read. Keys with Alt or Ctrl/⌘ work while typing in a line (they type nothing there); the
 * bare ones (Space, arrows, < >) only when no text field has the focus, so typing stays typing.
 */

export type ShortcutAction = 'playPause' | 'back' | 'forward' | 'slower' | 'faster' | 'find' | 'undo' | 'redo';

interface Binding {
  /** KeyboardEvent.code: the key's place, so Alt+K works whatever Alt turns K into on a Mac. */
  code: string;
  mod?: boolean;
  alt?: boolean;
  shift?: boolean;
}

export interface Shortcut {
  action: ShortcutAction;
  /** Any of these; the first bare one (no Alt, no Ctrl/⌘) is refused while typing. */
  bindings: Binding[];
}

export const SHORTCUTS: Shortcut[] = [
  { action: 'playPause', bindings: [{ code: 'Space' }, { code: 'KeyK', alt: true }] },
  { action: 'back', bindings: [{ code: 'ArrowLeft' }, { code: 'KeyJ', alt: true }] },
  { action: 'forward', bindings: [{ code: 'ArrowRight' }, { code: 'KeyL', alt: true }] },
  {
    action: 'slower',
    bindings: [
      { code: 'Comma', shift: true },
      { code: 'Comma', alt: true },
    ],
  },
  {
    action: 'faster',
    bindings: [
      { code: 'Period', shift: true },
      { code: 'Period', alt: true },
    ],
  },
  { action: 'find', bindings: [{ code: 'KeyF', mod: true }] },
  { action: 'undo', bindings: [{ code: 'KeyZ', mod: true }] },
  {
    action: 'redo',
    bindings: [
      { code: 'KeyZ', mod: true, shift: true },
      { code: 'KeyY', mod: true },
    ],
  },
];

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const KEY_NAMES: Record<string, string> = { Space: 'Space', ArrowLeft: '←', ArrowRight: '→', Comma: ',', Period: '.' };

/** How a binding is written in the help: "Alt+K", "⌥K", "Ctrl+Shift+Z", "<". */
export function bindingLabel(b: Binding, mac = isMac()): string {
  if (b.shift && !b.mod && !b.alt) return b.code === 'Comma' ? '<' : b.code === 'Period' ? '>' : `Shift+${b.code}`;
  const key = KEY_NAMES[b.code] ?? b.code.replace(/^Key/, '');
  const parts = [b.mod && (mac ? '⌘' : 'Ctrl'), b.alt && (mac ? '⌥' : 'Alt'), b.shift && (mac ? '⇧' : 'Shift'), key].filter(Boolean);
  return mac ? parts.join('') : parts.join('+');
}

export const isBare = (b: Binding) => !b.mod && !b.alt;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(target.type);
}

/** Controls that answer a bare key themselves: buttons take Space, the player and choosers the arrows. */
function ownsBareKey(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    isTyping(target) ||
    target.closest(
      'button, a, select, audio, video, [role="button"], [role="textbox"], [role="slider"], [role="radio"], [role="tab"], [role="menuitem"], [role="radiogroup"], .ant-select',
    ) !== null
  );
}

/** The transcript's own fields, whose undo is the editor's; other fields (search, names) keep the browser's. */
const isTranscriptField = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('[data-transcript-field]') !== null;

function matches(event: KeyboardEvent, b: Binding): boolean {
  return event.code === b.code && (event.metaKey || event.ctrlKey) === !!b.mod && event.altKey === !!b.alt && event.shiftKey === !!b.shift;
}

/** The action a key press asks for here, or null when it belongs to where it was typed. */
export function shortcutFor(event: KeyboardEvent): ShortcutAction | null {
  const target = event.target;
  // A dialog over the page keeps its keys.
  if (target instanceof HTMLElement && target.closest('.ant-modal-wrap, [role="dialog"]')) return null;
  for (const { action, bindings } of SHORTCUTS) {
    const binding = bindings.find((b) => matches(event, b));
    if (!binding) continue;
    if (isBare(binding) && ownsBareKey(target)) return null;
    if ((action === 'undo' || action === 'redo') && isTyping(target) && !isTranscriptField(target)) return null;
    return action;
  }
  return null;
}

/** Runs the page's handler for each shortcut pressed; the newest handlers, without re-subscribing. */
export function useTranscriptKeys(handlers: Partial<Record<ShortcutAction, () => void>>) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat && event.code === 'Space') return;
      const action = shortcutFor(event);
      const run = action && latest.current[action];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
