import { EditOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/Tooltip';
import { lazyComponent } from '../../lib/lazy-component';

// The name field loads when the reader starts renaming: most visits only read the name.
const RecordTitleField = lazyComponent(() => import('./RecordTitleField'));

/**
 * The record's name as the page's heading, renamed in place: its pencil (or a click on the name) turns it into
 * a field; Enter or leaving the field keeps the new name, Esc drops it.
 */
export function RecordTitle({ name, onRename }: { name: string; onRename: (name: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);

  if (editing)
    return (
      <RecordTitleField
        name={name}
        label={t('records.rename')}
        onDone={(value) => {
          setEditing(false);
          if (value !== null) onRename(value);
        }}
      />
    );
  return (
    <h1 className="detail-title" data-testid="detail-title">
      {/* The pencil beside it is the keyboard's way in; the name is only a larger target for the mouse. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the pencil is the keyboard's way. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the pencil is the keyboard's way. */}
      <span className="detail-title-text" onClick={() => setEditing(true)}>
        {name}
      </span>
      <Tooltip title={t('records.rename')}>
        <button type="button" className="detail-title-edit" aria-label={t('records.rename')} onClick={() => setEditing(true)} data-testid="detail-title-edit">
          <EditOutlined />
        </button>
      </Tooltip>
    </h1>
  );
}
