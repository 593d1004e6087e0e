import { useId } from 'react';
import type { ReactNode } from 'react';
import './segmented.css';

interface SegmentedProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: ReactNode; disabled?: boolean }[];
  /** Spread over the whole width, each option as wide as the others. */
  block?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A choice of one among a few, drawn as antd's Segmented (a grey track, the chosen option raised in white)
 * over real radio buttons, so the arrow keys move the choice and screen readers read a radio group: antd's
 * Segmented added 3.7 KB gzip to the record page's first load.
 */
export function Segmented<V extends string>({
  value,
  onChange,
  options,
  block = false,
  className,
  'aria-label': label,
  'data-testid': testId,
}: SegmentedProps<V>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} data-testid={testId} className={['segmented', block && 'segmented-block', className].filter(Boolean).join(' ')}>
      {options.map((option) => (
        <label
          key={option.value}
          className={['segmented-item', option.value === value && 'segmented-item-selected', option.disabled && 'segmented-item-disabled']
            .filter(Boolean)
            .join(' ')}
        >
          <input
            type="radio"
            className="segmented-input"
            name={name}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span className="segmented-label">{option.label}</span>
        </label>
      ))}
    </div>
  );
}
