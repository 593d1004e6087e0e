import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import enUS from 'rc-pagination/es/locale/en_US';
import { useContext } from 'react';
import type { ReactNode } from 'react';
import { LazySelect } from '../../components/LazySelect';
import './records-pagination.css';

/**
 * The list's pages, drawn as antd's Pagination (total, previous, pages with ••• jumps of five, next, page size;
 * antd's texts in the interface language) in plain markup: antd's Pagination styles, with the input styles
 * they pull in, added 12 KB gzip to every first load of the list. Each control is a button, so the keyboard
 * reaches every page. The page-size select's code loads when it is first used.
 */

/** Pages shown on each side of the current one before a jump; antd's default. */
const BUFFER = 2;
/** A jump's length in pages. */
const JUMP = 5;

type Item = { page: number; jump?: 'prev' | 'next'; far?: boolean };

/** The pages antd shows: all when there are few, else the first, the last and two around the current, with jumps between. */
export function pageItems(current: number, pages: number): Item[] {
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: pages }, (_, i) => ({ page: i + 1 }));
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const items: Item[] = Array.from({ length: right - left + 1 }, (_, i) => ({ page: left + i }));
  // Next to a jump the page beside it is dropped on narrow screens, as antd does.
  if (current - 1 >= BUFFER * 2 && current !== 1 + 2) {
    items[0]!.far = true;
    items.unshift({ page: Math.max(1, current - JUMP), jump: 'prev' });
  }
  if (pages - current >= BUFFER * 2 && current !== pages - 2) {
    items[items.length - 1]!.far = true;
    items.push({ page: Math.min(pages, current + JUMP), jump: 'next' });
  }
  if (left !== 1) items.unshift({ page: 1 });
  if (right !== pages) items.push({ page: pages });
  return items;
}

interface RecordsPaginationProps {
  className?: string;
  current: number;
  pageSize: number;
  total: number;
  pageSizeOptions: number[];
  showTotal: (total: number) => ReactNode;
  onChange: (page: number, pageSize: number) => void;
  'data-testid'?: string;
}

export function RecordsPagination({
  className,
  current,
  pageSize,
  total,
  pageSizeOptions,
  showTotal,
  onChange,
  'data-testid': testId,
}: RecordsPaginationProps) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const texts = { ...enUS, ...locale?.Pagination };
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (page: number) => onChange(page, pageSize);

  return (
    <ul className={className ? `pagination ${className}` : 'pagination'} data-testid={testId}>
      <li className="pagination-total">{showTotal(total)}</li>
      <li>
        <button type="button" className="pagination-step" title={texts.prev_page} disabled={current <= 1} onClick={() => go(current - 1)}>
          <LeftOutlined />
        </button>
      </li>
      {pageItems(current, pages).map(({ page, jump, far }) =>
        jump ? (
          <li key={jump}>
            <button type="button" className="pagination-jump" title={jump === 'prev' ? texts.prev_5 : texts.next_5} onClick={() => go(page)}>
              {jump === 'prev' ? <DoubleLeftOutlined className="pagination-jump-icon" /> : <DoubleRightOutlined className="pagination-jump-icon" />}
              <span className="pagination-ellipsis" aria-hidden="true">
                •••
              </span>
            </button>
          </li>
        ) : (
          <li key={page} className={far ? 'pagination-far' : undefined}>
            <button
              type="button"
              className={page === current ? 'pagination-page current' : 'pagination-page'}
              title={String(page)}
              aria-current={page === current ? 'page' : undefined}
              onClick={() => go(page)}
            >
              {page}
            </button>
          </li>
        ),
      )}
      <li className="pagination-next">
        <button type="button" className="pagination-step" title={texts.next_page} disabled={current >= pages} onClick={() => go(current + 1)}>
          <RightOutlined />
        </button>
      </li>
      <li className="pagination-size">
        <LazySelect<number>
          aria-label={texts.page_size}
          value={pageSize}
          options={pageSizeOptions.map((size) => ({ value: size, label: `${size} ${texts.items_per_page}` }))}
          showSearch
          popupMatchSelectWidth={false}
          getPopupContainer={(node: HTMLElement) => node.parentNode as HTMLElement}
          onChange={(size) => onChange(current, size)}
        />
      </li>
    </ul>
  );
}
