import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { RecordRow } from '../../../contracts/records';
import { Checkbox } from '../../components/Checkbox';
import './records-table.css';

/**
 * The records list view: a plain table drawn like antd's (header band, row lines, hover and selected rows, a
 * selection column and an actions column pinned to the right while the rest scrolls sideways). antd's Table
 * would bring sorting, filter menus, trees and virtual lists (about 70 KB gzip) to a page that uses none of
 * them: the server sorts, filters and pages.
 */

export interface RecordsColumn {
  key: string;
  title: ReactNode;
  /** Fixed width in px; the one column without it takes what the others leave. */
  width?: number;
  align?: 'right';
  /** Cut what does not fit with an ellipsis; other cells keep their content whole. */
  ellipsis?: boolean;
  render: (record: RecordRow) => ReactNode;
}

interface RecordsTableProps {
  rows: RecordRow[];
  /** The last column stays in view at the right edge. */
  columns: RecordsColumn[];
  /** Below this width the table scrolls sideways rather than squeezing names to nothing. */
  minWidth: number;
  isSelected: (id: number) => boolean;
  onSelect: (id: number, on: boolean) => void;
}

export function RecordsTable({ rows, columns, minWidth, isSelected, onSelect }: RecordsTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The pinned column casts a shadow while part of the table is hidden under it, as antd's does.
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () => setCovering(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    update();
    element.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const cellClass = (column: RecordsColumn, index: number) =>
    [column.align === 'right' && 'align-right', column.ellipsis && 'ellipsis', index === columns.length - 1 && 'pinned'].filter(Boolean).join(' ') || undefined;

  return (
    <div ref={scroller} className={covering ? 'records-table covering' : 'records-table'}>
      <table style={{ minWidth }}>
        <colgroup>
          <col className="records-table-select" />
          {columns.map((column) => (
            <col key={column.key} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th className="records-table-select" />
            {columns.map((column, index) => (
              <th key={column.key} className={cellClass(column, index)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((record) => {
            const selected = isSelected(record.id);
            return (
              <tr key={record.id} className={selected ? 'selected' : undefined} data-testid={`record-row-${record.id}`}>
                <td className="records-table-select">
                  <Checkbox
                    checked={selected}
                    onChange={(event) => onSelect(record.id, event.target.checked)}
                    aria-label={record.name}
                    data-testid={`record-select-${record.id}`}
                  />
                </td>
                {columns.map((column, index) => (
                  <td key={column.key} className={cellClass(column, index)}>
                    {column.render(record)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
