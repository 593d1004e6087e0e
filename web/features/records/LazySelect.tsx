import { DownOutlined } from '@ant-design/icons';
import type { SelectProps } from 'antd';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import './lazy-select.css';

// antd's Select (its popup engine, virtual list and search: about 24 KB gzip) is what the list's filters, sort
// and page size would cost every visit, though most visits change none of them. Each is drawn without that
// code until it is first pressed (click, Enter, Space or arrow down); pointing at or focusing one fetches the
// code ahead.
const loadSelect = lazyPage(() => import('antd/es/select'));
const Select = lazy(async () => ({ default: (await loadSelect()).Component })) as unknown as <V>(props: SelectProps<V>) => ReactNode;
const warmUp = () => void loadSelect().catch(() => {});

type Option<V> = { value: V; label: ReactNode };
type LazySelectProps<V> = Omit<SelectProps<V>, 'options'> & { options: Option<V>[]; 'data-testid'?: string };

/** antd's single Select, showing its value (or placeholder) the same way until its code is in. */
export function LazySelect<V extends string | number>(props: LazySelectProps<V>) {
  const [touched, setTouched] = useState(false);
  const { className, value, placeholder, prefix, options, size, 'aria-label': ariaLabel, 'data-testid': testId } = props;
  const chosen = options.find((option) => option.value === value);
  const standIn = (
    <button
      type="button"
      className={['select-stand-in', size === 'small' && 'small', className].filter(Boolean).join(' ')}
      aria-label={ariaLabel}
      aria-haspopup="listbox"
      onPointerEnter={warmUp}
      onFocus={warmUp}
      // The press swaps in the real select already open; swapping earlier (on pointer down or focus) would let
      // the rest of the same press land on the real one and close it again.
      onClick={() => setTouched(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') setTouched(true);
      }}
      data-testid={testId}
    >
      {prefix && <span className="select-stand-in-prefix">{prefix}</span>}
      {chosen ? <span className="select-stand-in-value">{chosen.label}</span> : <span className="select-stand-in-value placeholder">{placeholder}</span>}
      <DownOutlined className="select-stand-in-arrow" />
    </button>
  );
  if (!touched) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select<V> {...props} autoFocus defaultOpen />
    </Suspense>
  );
}
