import { CloseCircleFilled, CloseOutlined, DownOutlined, LoadingOutlined } from '@ant-design/icons';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import './select-stand-in.css';

/** A chosen value as the stand-in shows it; `onRemove` draws the tag's remove button (multiple only). */
export interface StandInValue {
  key: string | number;
  label: ReactNode;
  onRemove?: () => void;
}

export interface SelectStandInProps {
  id?: string;
  /** antd's multiple mode: the values as tags. */
  multiple?: boolean;
  chosen: StandInValue[];
  placeholder?: ReactNode;
  prefix?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  status?: '' | 'error' | 'warning';
  size?: 'small' | 'middle' | 'large';
  className?: string;
  /** allowClear: the clear button shown while the pointer is over a select with a value. */
  onClear?: () => void;
  /** The pointer or the focus reached the field: time to fetch the real select's code. */
  onReach: () => void;
  /** Pressed, or a key that opens antd's select: the real one should take over, open and focused. */
  onOpen: () => void;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Keys that open antd's select without typing into its search. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** A tag's remove and the clear button act without opening the select, as antd's do. */
const without = (action: () => void) => ({
  onMouseDown: (event: MouseEvent) => event.preventDefault(),
  onClick: (event: MouseEvent) => {
    event.stopPropagation();
    action();
  },
});

/**
 * antd's Select (single or multiple, outlined) drawn in plain markup until the user reaches for it: antd's
 * select code (its popup engine, virtual list and search, about 35 KB gzip) would otherwise load on every
 * page that merely shows a value. Keyboard as antd's: Enter, Space and the arrows open it, a character opens it
 * and starts the search, Backspace removes the last tag; the tags' remove and the clear button work in place.
 */
export function SelectStandIn({
  id,
  multiple,
  chosen,
  placeholder,
  prefix,
  loading,
  disabled,
  status,
  size,
  className,
  onClear,
  onReach,
  onOpen,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: SelectStandInProps) {
  const keyDown = (event: KeyboardEvent) => {
    if (OPENING_KEYS.has(event.key)) {
      // Not a click nor a form's submit: the real select opens instead, with the focus in it.
      event.preventDefault();
      onOpen();
    } else if (event.key === 'Backspace' && multiple) {
      const removable = chosen.filter((value) => value.onRemove);
      removable.at(-1)?.onRemove?.();
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Not prevented: once the real select has taken over, the character lands in its search box.
      onOpen();
    }
  };
  const classes = ['select-stand-in', multiple && 'multiple', size === 'small' && 'small', status && status, className];
  const empty = <span className="select-stand-in-placeholder">{placeholder}</span>;
  return (
    <button
      type="button"
      id={id}
      className={classes.filter(Boolean).join(' ')}
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-label={ariaLabel}
      disabled={disabled}
      onPointerEnter={onReach}
      onFocus={onReach}
      // The press swaps in the real select already open; swapping earlier (on pointer down) would let the
      // rest of the same press land on the real one and close it again.
      onClick={onOpen}
      onKeyDown={keyDown}
      data-testid={testId}
    >
      {prefix && <span className="select-stand-in-prefix">{prefix}</span>}
      {multiple ? (
        <span className="select-stand-in-tags">
          {chosen.length === 0
            ? empty
            : chosen.map(({ key, label, onRemove }) => (
                <span key={key} className="select-stand-in-tag" title={typeof label === 'string' ? label : undefined}>
                  <span className="select-stand-in-tag-label">{label}</span>
                  {onRemove && !disabled && (
                    <span className="select-stand-in-tag-remove" aria-hidden="true" {...without(onRemove)}>
                      <CloseOutlined />
                    </span>
                  )}
                </span>
              ))}
        </span>
      ) : chosen[0] ? (
        <span className="select-stand-in-value" title={typeof chosen[0].label === 'string' ? chosen[0].label : undefined}>
          {chosen[0].label}
        </span>
      ) : (
        empty
      )}
      <span className="select-stand-in-arrow" aria-hidden="true">
        {loading ? <LoadingOutlined spin /> : <DownOutlined />}
      </span>
      {onClear && chosen.length > 0 && !disabled && (
        <span className="select-stand-in-clear" aria-hidden="true" {...without(onClear)}>
          <CloseCircleFilled />
        </span>
      )}
    </button>
  );
}
