import { EnterOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { RECORD_NAME_MAX } from '../../../contracts/record-vocabulary';

/**
 * The record's name while it is renamed. `onDone` gets the new name (Enter, or the field losing the focus) or
 * null (Esc). Enter while an input method is composing belongs to the input method.
 */
export default function RecordTitleField({ name, label, onDone }: { name: string; label: string; onDone: (name: string | null) => void }) {
  const [value, setValue] = useState(name);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') onDone(null);
    else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onDone(value);
    }
  };
  return (
    <div className="detail-title-field">
      <Input.TextArea
        autoFocus
        autoSize
        aria-label={label}
        maxLength={RECORD_NAME_MAX}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => onDone(value)}
        data-testid="detail-title-input"
      />
      <EnterOutlined className="detail-title-enter" aria-hidden="true" />
    </div>
  );
}
