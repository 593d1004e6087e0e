import { DeleteOutlined, ExportOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RECORD_NAME_MAX, PAGE_SIZE } from '../../../contracts/record-vocabulary';
import type { RecordQuery, RecordRow } from '../../../contracts/records';
import { Checkbox } from '../../components/Checkbox';
import { NameDialog } from '../../components/dialogs';
import { Empty } from '../../components/Empty';
import { Spinner } from '../../components/Spinner';
import { Tooltip } from '../../components/Tooltip';
import { ExportDialog, MoveDialog, ShareDialog } from './dialogs';
import { formatDuration, formatTime } from './format';
import { JobProgress } from './JobProgress';
import { recordLink } from './links';
import { useEditRecords, useRecords, useRemoveRecords } from './hooks';
import { RecordActions } from './RecordActions';
import type { RecordAction } from './RecordActions';
import { StatusTag, TypeTag } from './RecordTags';
import { RecordsPagination } from './RecordsPagination';
import { RecordsTable } from './RecordsTable';
import type { RecordsColumn } from './RecordsTable';
import { INITIAL_FILTERS, RecordsToolbar, hasFilters } from './RecordsToolbar';
import type { RecordFilters } from './RecordsToolbar';
import { useViewMode } from './use-view-mode';
import './records.css';
import { useFeedback } from '../../lib/feedback';

type Dialog = { kind: 'rename' | 'move' | 'share'; record: RecordRow } | { kind: 'export'; ids: number[] };

interface RecordsViewProps {
  /** The page's fixed part of the query: one folder, or favourites or shares across folders. */
  scope: Pick<RecordQuery, 'folderId' | 'favourite' | 'shared'>;
  /** What an empty list says when no filter is set. */
  emptyText: string;
}

const PAGE_SIZES = [10, 20, 50, PAGE_SIZE.max];
/** Below this the table scrolls sideways rather than squeezing names to nothing. */
const TABLE_MIN_WIDTH = 900;

/**
 * The records list of /recordList, /favourList and /shareList (spec §2): toolbar, list or cards,
 * selection with batch delete and export, server-side pages, and each record's actions and dialogs.
 */
export function RecordsView({ scope, emptyText }: RecordsViewProps) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [filters, setFilters] = useState<RecordFilters>(INITIAL_FILTERS);
  const [page, setPage] = useState<{ num: number; size: number }>({ num: 1, size: PAGE_SIZE.default });
  const [view, setView] = useViewMode();
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const edit = useEditRecords();
  const remove = useRemoveRecords();

  const { type, status, range, keyword, orderByColumn, isAsc } = filters;
  const records = useRecords({
    pageNum: page.num,
    pageSize: page.size,
    orderByColumn,
    isAsc,
    ...scope,
    type,
    status,
    keyword,
    beginTime: range?.[0],
    endTime: range?.[1],
  });

  const data = records.data;
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  // Deleting the last records of the last page leaves it empty: show the page before instead.
  useEffect(() => {
    if (data && data.rows.length === 0 && data.total > 0 && page.num > 1) {
      setPage((p) => ({ ...p, num: Math.ceil(data.total / p.size) }));
    }
  }, [data, page.num]);

  const changeFilters = (next: RecordFilters) => {
    setFilters(next);
    setPage((p) => ({ ...p, num: 1 }));
    setSelected([]);
  };

  const confirmDelete = (targets: { ids: number[]; name?: string }) =>
    modal.confirm({
      title: targets.name ? t('records.deleteOneTitle', { name: targets.name }) : t('records.deleteManyTitle', { count: targets.ids.length }),
      content: t('records.deleteContent'),
      okText: t('records.delete'),
      okButtonProps: { danger: true, 'data-testid': 'records-delete-confirm' },
      onOk: async () => {
        try {
          const { removed } = await remove.mutateAsync(targets.ids);
          void message.success(t('records.deleted', { count: removed }));
          setSelected((ids) => ids.filter((id) => !targets.ids.includes(id)));
        } catch {
          // The request layer showed why.
        }
      },
    });

  const runAction = (action: RecordAction, record: RecordRow) => {
    if (action === 'delete') confirmDelete({ ids: [record.id], name: record.name });
    else if (action === 'export') setDialog({ kind: 'export', ids: [record.id] });
    else setDialog({ kind: action, record });
  };

  const pageIds = rows.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selected.includes(id)).length;
  const toggleOne = (id: number, on: boolean) => setSelected((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const togglePage = (on: boolean) => setSelected((ids) => (on ? [...new Set([...ids, ...pageIds])] : ids.filter((id) => !pageIds.includes(id))));

  const name = (record: RecordRow) => (
    <span className="record-name">
      <Link to={recordLink(record.id, record.type)} title={record.name} data-testid={`record-name-${record.id}`}>
        {record.name}
      </Link>
      {record.shared && (
        <Tooltip title={t('records.shared')}>
          <ShareAltOutlined className="record-shared" aria-label={t('records.shared')} />
        </Tooltip>
      )}
    </span>
  );
  // A running job shows its stage, percentage and time left under the status.
  const statusCell = (record: RecordRow) => (
    <div className="record-status">
      <StatusTag status={record.status} />
      {record.progress && <JobProgress progress={record.progress} />}
    </div>
  );
  const actions = (record: RecordRow) => <RecordActions record={record} onAction={runAction} />;
  // One time per record keeps the table narrow: the one the list is sorted by, else the creation time.
  const byUpdate = orderByColumn === 'update_time';
  const shownTime = (record: RecordRow) => (byUpdate ? record.updateTime : record.createTime);

  const columns: RecordsColumn[] = [
    // The name takes what the fixed-width columns leave.
    { key: 'name', title: t('records.columns.name'), ellipsis: true, render: name },
    { key: 'type', title: t('records.columns.type'), width: 130, render: (record) => <TypeTag type={record.type} /> },
    { key: 'status', title: t('records.columns.status'), width: 210, render: statusCell },
    { key: 'duration', title: t('records.columns.duration'), width: 100, align: 'right', render: (record) => formatDuration(record.duration) },
    { key: 'time', title: t(byUpdate ? 'records.columns.updated' : 'records.columns.created'), width: 190, render: (record) => formatTime(shownTime(record)) },
    { key: 'actions', title: t('records.columns.actions'), width: 100, render: actions },
  ];

  const list = () => {
    if (records.isError && !records.data) {
      return (
        <Empty description={t('records.loadFailed')}>
          <Button onClick={() => void records.refetch()}>{t('common.retry')}</Button>
        </Empty>
      );
    }
    if (!records.data) return <Spinner className="records-loading" />;
    if (rows.length === 0) {
      const filtered = hasFilters(filters);
      return (
        <Empty description={filtered ? t('records.emptyFiltered') : emptyText} data-testid="records-empty">
          {filtered && <Button onClick={() => changeFilters({ ...INITIAL_FILTERS, orderByColumn, isAsc })}>{t('records.clearFilters')}</Button>}
        </Empty>
      );
    }
    if (view === 'card') {
      return (
        <div className="records-cards" data-testid="records-card-view">
          {rows.map((record) => (
            <div key={record.id} className={selected.includes(record.id) ? 'record-card selected' : 'record-card'} data-testid={`record-row-${record.id}`}>
              <div className="record-card-head">
                <Checkbox
                  checked={selected.includes(record.id)}
                  onChange={(e) => toggleOne(record.id, e.target.checked)}
                  aria-label={record.name}
                  data-testid={`record-select-${record.id}`}
                />
                {name(record)}
                {actions(record)}
              </div>
              <div className="record-card-tags">
                <TypeTag type={record.type} />
                <StatusTag status={record.status} />
              </div>
              {record.progress && <JobProgress progress={record.progress} />}
              <div className="record-card-meta">
                <span>{formatDuration(record.duration)}</span>
                <span>{formatTime(shownTime(record))}</span>
              </div>
            </div>
          ))}
        </div>
      );
    }
    return (
      <div data-testid="records-table">
        <RecordsTable rows={rows} columns={columns} minWidth={TABLE_MIN_WIDTH} isSelected={(id) => selected.includes(id)} onSelect={toggleOne} />
      </div>
    );
  };

  return (
    <div className="records-view">
      <RecordsToolbar value={filters} onChange={changeFilters} view={view} onViewChange={setView} />
      <div className="records-batch">
        <Checkbox
          checked={rows.length > 0 && selectedOnPage === rows.length}
          indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
          disabled={rows.length === 0}
          onChange={(e) => togglePage(e.target.checked)}
          data-testid="records-select-all"
        >
          {t('records.selectAll')}
        </Checkbox>
        {selected.length > 0 && <span className="records-selected">{t('records.selected', { count: selected.length })}</span>}
        <span className="records-batch-actions">
          <Button
            icon={<ExportOutlined />}
            disabled={selected.length === 0}
            onClick={() => setDialog({ kind: 'export', ids: selected })}
            data-testid="records-batch-export"
          >
            {t('records.export')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={() => confirmDelete({ ids: selected })}
            data-testid="records-batch-delete"
          >
            {t('records.delete')}
          </Button>
        </span>
      </div>
      <Spinner spinning={records.isFetching && Boolean(records.data)}>{list()}</Spinner>
      {total > 0 && (
        <RecordsPagination
          className="records-pagination"
          current={page.num}
          pageSize={page.size}
          total={total}
          pageSizeOptions={PAGE_SIZES}
          showTotal={(count) => t('records.total', { total: count })}
          onChange={(num, size) => setPage({ num: size === page.size ? num : 1, size })}
          data-testid="records-pagination"
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('records.renameTitle')}
          label={t('records.nameLabel')}
          initialName={dialog.record.name}
          max={RECORD_NAME_MAX}
          requiredMessage={t('records.nameRequired')}
          tooLongMessage={t('records.nameTooLong', { max: RECORD_NAME_MAX })}
          testId="record-rename"
          onSubmit={async (newName) => {
            await edit.mutateAsync({ ids: [dialog.record.id], name: newName });
            void message.success(t('records.renamed'));
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && <MoveDialog record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'share' && <ShareDialog record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'export' && <ExportDialog ids={dialog.ids} onClose={() => setDialog(null)} />}
    </div>
  );
}
