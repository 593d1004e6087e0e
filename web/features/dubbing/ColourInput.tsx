import type { ChangeEvent } from 'react';

interface ColourInputProps {
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A subtitle colour: the browser's own picker (which gives `#rrggbb`, the form the server stores) beside the
 * value it holds. antd's ColorPicker would share code with every button's styles and so weigh on every first
 * visit, for a dialog few visitors open.
 */
export function ColourInput({ value = '#000000', onChange, ...rest }: ColourInputProps) {
  return (
    <label className="colour-input">
      <input type="color" value={value} onChange={onChange} {...rest} />
      <span className="colour-input-value">{value}</span>
    </label>
  );
}
