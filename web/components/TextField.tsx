import { CloseCircleFilled } from '@ant-design/icons';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './text-field.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'> & {
  value: string;
  onValue: (value: string) => void;
  prefix?: ReactNode;
  /** A clear button while there is text, as antd's allowClear. */
  clearable?: boolean;
  /** Drawn after the text and the clear button: a search button, for one. */
  suffix?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  'data-testid'?: string;
};

/**
 * A one-line text field drawn as antd's Input (with its prefix and clear button), in plain markup: the
 * records list's keyword, the record page's search and replace boxes and the new meeting's name show before
 * anyone types, and antd's Input would add 8 to 15 KB to each page's first load.
 */
export function TextField({ value, onValue, prefix, clearable, suffix, inputRef, className, ...input }: FieldProps) {
  return (
    <span className={className ? `text-field ${className}` : 'text-field'}>
      {prefix && <span className="text-field-prefix">{prefix}</span>}
      <input {...input} ref={inputRef} type="text" className="text-field-input" value={value} onChange={(event) => onValue(event.target.value)} />
      {clearable && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden={!value}
          className={value ? 'text-field-clear' : 'text-field-clear text-field-clear-hidden'}
          // The focus stays in the field, as after antd's clear button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onValue('')}
        >
          <CloseCircleFilled />
        </button>
      )}
      {suffix}
    </span>
  );
}
