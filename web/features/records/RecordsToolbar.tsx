import { AppstoreOutlined, SearchOutlined, SortAscendingOutlined, SortDescendingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_COLUMNS, RECORD_STATUSES, RECORD_TYPES, STATUSES_BY_TYPE } from '../../../contracts/record-vocabulary';
import type { OrderColumn, RecordStatus, RecordType } from '../../../contracts/record-vocabulary';
import { LazySelect } from '../../components/LazySelect';
import { TextField } from '../../components/TextField';
import { Tooltip } from '../../components/Tooltip';
import { DateRangeFilter } from './DateRangeFilter';
import type { ViewMode } from './use-view-mode';

/** What the user narrows and orders the list by; the scope (folder, favourites, shares) is the page's. */
export interface RecordFilters {
  type?: RecordType;
  status?: RecordStatus;
  /** Creation time range, epoch ms, whole days. */
  range?: [number, number];
  keyword?: string;
  orderByColumn: OrderColumn;
  isAsc: 'asc' | 'desc';
}

export const INITIAL_FILTERS: RecordFilters = { orderByColumn: 'create_time', isAsc: 'desc' };

export function hasFilters({ type, status, range, keyword }: RecordFilters): boolean {
  return Boolean(type || status || range || keyword);
}

interface RecordsToolbarProps {
  value: RecordFilters;
  onChange: (next: RecordFilters) => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
}

/** Filter (type, status for that type, creation dates, keyword), sort, and the list / card switch. */
export function RecordsToolbar({ value, onChange, view, onViewChange }: RecordsToolbarProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(value.keyword ?? '');
  // "Clear filters" elsewhere empties the box too.
  useEffect(() => setKeyword(value.keyword ?? ''), [value.keyword]);

  const statuses: readonly RecordStatus[] = value.type ? STATUSES_BY_TYPE[value.type] : RECORD_STATUSES;
  const setType = (type: RecordType | undefined) =>
    // A status of another type would match nothing.
    onChange({
      ...value,
      type,
      status: type && value.status && !(STATUSES_BY_TYPE[type] as readonly string[]).includes(value.status) ? undefined : value.status,
    });
  const nextView: ViewMode = view === 'list' ? 'card' : 'list';
  const viewLabel = t(nextView === 'card' ? 'records.cardView' : 'records.listView');
  const orderLabel = t(value.isAsc === 'asc' ? 'records.ascending' : 'records.descending');
  const search = (text: string) => onChange({ ...value, keyword: text.trim() || undefined });

  return (
    <div className="records-toolbar">
      <div className="records-filters">
        <TextField
          className="records-keyword"
          clearable
          value={keyword}
          placeholder={t('records.keyword')}
          aria-label={t('records.keyword')}
          onValue={(text) => {
            setKeyword(text);
            // An emptied box (cleared or typed away) shows every record again.
            if (!text && value.keyword) search('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') search(keyword);
          }}
          suffix={
            <button type="button" className="text-field-button" aria-label={t('records.keyword')} onClick={() => search(keyword)}>
              <SearchOutlined />
            </button>
          }
          data-testid="records-keyword"
        />
        <LazySelect<RecordType>
          className="records-filter"
          allowClear
          value={value.type}
          placeholder={t('records.allTypes')}
          aria-label={t('records.columns.type')}
          onChange={setType}
          options={RECORD_TYPES.map((type) => ({ value: type, label: t(`records.types.${type}`) }))}
          data-testid="records-type"
        />
        <LazySelect<RecordStatus>
          className="records-filter"
          allowClear
          value={value.status}
          placeholder={t('records.allStatuses')}
          aria-label={t('records.columns.status')}
          onChange={(status) => onChange({ ...value, status })}
          options={statuses.map((status) => ({ value: status, label: t(`records.statuses.${status}`) }))}
          popupMatchSelectWidth={false}
          data-testid="records-status"
        />
        <DateRangeFilter
          className="records-range"
          classNames={{ popup: { root: 'records-range-popup' } }}
          value={value.range ? [dayjs(value.range[0]), dayjs(value.range[1])] : null}
          onChange={(dates) =>
            onChange({
              ...value,
              range: dates?.[0] && dates[1] ? [dates[0].startOf('day').valueOf(), dates[1].endOf('day').valueOf()] : undefined,
            })
          }
          data-testid="records-range"
        />
      </div>
      <div className="records-sort">
        <LazySelect<OrderColumn>
          value={value.orderByColumn}
          aria-label={t('records.sortBy')}
          prefix={t('records.sortBy')}
          onChange={(orderByColumn) => onChange({ ...value, orderByColumn })}
          options={ORDER_COLUMNS.map((column) => ({ value: column, label: t(`records.orderColumns.${column}`) }))}
          popupMatchSelectWidth={false}
          data-testid="records-sort"
        />
        <Tooltip title={orderLabel}>
          <Button
            icon={value.isAsc === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            aria-label={orderLabel}
            onClick={() => onChange({ ...value, isAsc: value.isAsc === 'asc' ? 'desc' : 'asc' })}
            data-testid="records-sort-order"
          />
        </Tooltip>
        <Tooltip title={viewLabel}>
          <Button
            icon={nextView === 'card' ? <AppstoreOutlined /> : <UnorderedListOutlined />}
            aria-label={viewLabel}
            onClick={() => onViewChange(nextView)}
            data-testid="records-view-toggle"
          />
        </Tooltip>
      </div>
    </div>
  );
}
