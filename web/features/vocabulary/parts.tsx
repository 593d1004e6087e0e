import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input, Pagination } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/Tooltip';

/** The pieces the library list and a library's entries share: paging, search, icon actions, batch delete. */

export interface PageState {
  num: number;
  size: number;
}

const PAGE_SIZES = [10, 20, 50, 100];

export function usePaging() {
  const [page, setPage] = useState<PageState>({ num: 1, size: 20 });
  return { page, setPage, first: () => setPage((p) => ({ ...p, num: 1 })) };
}

/** Deleting the last rows of the last page leaves it empty: show the page before instead. */
export function useClampPage(data: { rows: unknown[]; total: number } | undefined, page: PageState, setPage: (next: (p: PageState) => PageState) => void) {
  useEffect(() => {
    if (data && data.rows.length === 0 && data.total > 0 && page.num > 1) setPage((p) => ({ ...p, num: Math.ceil(data.total / p.size) }));
  }, [data, page.num, setPage]);
}

export function ListPagination({ page, total, onChange, testId }: { page: PageState; total: number; onChange: (page: PageState) => void; testId: string }) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <Pagination
      className="vocabulary-pagination"
      current={page.num}
      pageSize={page.size}
      total={total}
      pageSizeOptions={PAGE_SIZES}
      showSizeChanger
      showTotal={(count) => t('vocabulary.list.total', { total: count })}
      onChange={(num, size) => onChange({ num: size === page.size ? num : 1, size })}
      data-testid={testId}
    />
  );
}

/** A search box that applies on Enter, and clears the search as soon as it is emptied. */
export function SearchBox({ label, max, onSearch, testId }: { label: string; max: number; onSearch: (text: string) => void; testId: string }) {
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  const apply = (value: string) => {
    setApplied(value);
    onSearch(value);
  };
  return (
    <Input.Search
      allowClear
      className="vocabulary-search"
      placeholder={label}
      aria-label={label}
      maxLength={max}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '' && applied) apply('');
      }}
      onSearch={(value) => apply(value.trim())}
      data-testid={testId}
    />
  );
}

interface IconActionProps {
  title: string;
  /** The accessible name, naming what the action is for. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  loading?: boolean;
  testId: string;
}

export function IconAction({ title, label, icon, onClick, disabled, danger, loading, testId }: IconActionProps) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        size="small"
        icon={icon}
        danger={danger}
        disabled={disabled}
        loading={loading}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

export function BatchDelete({ count, onClick, testId }: { count: number; onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button danger icon={<DeleteOutlined />} disabled={count === 0} onClick={onClick} data-testid={testId}>
      {count > 0 ? t('vocabulary.deleteSelected', { count }) : t('vocabulary.delete')}
    </Button>
  );
}
