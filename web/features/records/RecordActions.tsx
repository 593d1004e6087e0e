import { DeleteOutlined, EditOutlined, ExportOutlined, FolderOutlined, MoreOutlined, ShareAltOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordRow } from '../../../contracts/records';
import { MenuDropdown } from '../../components/MenuDropdown';
import { Tooltip } from '../../components/Tooltip';
import { useEditRecords } from './hooks';
import { hasNoLinesYet } from './status';

export type RecordAction = 'rename' | 'move' | 'share' | 'export' | 'delete';

const ACTION_ICONS: Record<RecordAction, ReactNode> = {
  rename: <EditOutlined />,
  move: <FolderOutlined />,
  share: <ShareAltOutlined />,
  export: <ExportOutlined />,
  delete: <DeleteOutlined />,
};

const NEEDS_LINES: RecordAction[] = ['export', 'share'];

/** A record's favourite star and its menu of actions; the view owning the dialogs runs the chosen one. */
export function RecordActions({ record, onAction }: { record: RecordRow; onAction: (action: RecordAction, record: RecordRow) => void }) {
  const { t } = useTranslation();
  const edit = useEditRecords();
  const favouriteLabel = t(record.favourite ? 'records.unfavourite' : 'records.favourite');
  // Until a record has lines there is nothing to export or share.
  const waiting = hasNoLinesYet(record.status);
  const items: MenuProps['items'] = (Object.keys(ACTION_ICONS) as RecordAction[]).map((action) => ({
    key: action,
    icon: ACTION_ICONS[action],
    danger: action === 'delete',
    disabled: waiting && NEEDS_LINES.includes(action),
    title: waiting && NEEDS_LINES.includes(action) ? t('jobProgress.needsLines') : undefined,
    label: <span data-testid={`record-${action}`}>{t(`records.${action}`)}</span>,
  }));

  return (
    <span className="record-actions">
      <Tooltip title={favouriteLabel}>
        <Button
          type="text"
          icon={record.favourite ? <StarFilled className="record-star on" /> : <StarOutlined className="record-star" />}
          aria-label={favouriteLabel}
          aria-pressed={record.favourite}
          loading={edit.isPending}
          onClick={() => edit.mutate({ ids: [record.id], favourite: !record.favourite })}
          data-testid={`record-favourite-${record.id}`}
        />
      </Tooltip>
      <MenuDropdown menu={{ items, onClick: ({ key }) => onAction(key as RecordAction, record) }}>
        <Button type="text" icon={<MoreOutlined />} aria-label={t('records.more')} data-testid={`record-actions-${record.id}`} />
      </MenuDropdown>
    </span>
  );
}
