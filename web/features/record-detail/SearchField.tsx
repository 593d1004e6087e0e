import { CloseCircleFilled } from '@ant-design/icons';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './search-field.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'> & {
  value: string;
  onValue: (value: string) => void;
  prefix?: ReactNode;
  /** A clear button while there is text, as antd's allowClear. */
  clearable?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  'data-testid'?: string;
};

/**
 * A one-line text field drawn as antd's Input (with its prefix and clear button), in plain markup: the search
 * and replace boxes are the only fields the record page shows before anyone edits, and antd's Input would add
 * 15 KB to its first load.
 */
export function SearchField({ value, onValue, prefix, clearable, inputRef, ...input }: FieldProps) {
  return (
    <span className="search-field">
      {prefix && <span className="search-field-prefix">{prefix}</span>}
      <input {...input} ref={inputRef} type="text" className="search-field-input" value={value} onChange={(event) => onValue(event.target.value)} />
      {clearable && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden={!value}
          className={value ? 'search-field-clear' : 'search-field-clear search-field-clear-hidden'}
          // The focus stays in the field, as after antd's clear button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onValue('')}
        >
          <CloseCircleFilled />
        </button>
      )}
    </span>
  );
}
