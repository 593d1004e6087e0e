import { LoadingOutlined, SaveOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Input, Pagination } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DubLineRow } from '../../../contracts/dubbing';
import { needsHours } from '../../../contracts/timecode';
import { Skeleton } from '../../components/Skeleton';
import { Empty } from '../../components/Empty';
import { Tag } from '../../components/Tag';
import { refusalText } from '../record-detail/refusal';
import type { LineFlag } from '../record-detail/refusal';
import { LineNote, TimeField, useScrollToFlag } from '../record-detail/TranscriptLines';
import { checkTime, edit } from './line-edits';
import type { PendingEdits } from './line-edits';
import { useFeedback } from '../../lib/feedback';
import { useSpeakerLabel } from '../../lib/speaker-look';

interface DubLinesProps {
  /** The lines as shown, unsaved edits included. */
  rows: DubLineRow[];
  /** The same lines as the server holds them: an edit back to these is no edit. */
  original: readonly DubLineRow[];
  total: number;
  state: 'loading' | 'error' | 'ready';
  onReload: () => void;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  editable: boolean;
  videoMs: number;
  activeIndex: number;
  onSeek: (ms: number) => void;
  pending: PendingEdits;
  onEdit: (next: PendingEdits) => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  listening: string | null;
  onListen: (row: DubLineRow) => void;
  /** The line (by id) a refused edit or save was about, with what to change. */
  flag: LineFlag | null;
  onFlag: (flag: LineFlag | null) => void;
}

/** The project's lines, a page at a time: source text, the spoken translation and its times, and how it fitted. */
export function DubLines(props: DubLinesProps) {
  const { rows, original, total, state, pageNum, pageSize, onPage, editable, videoMs, pending, onEdit, dirty, saving, onSave, flag, onFlag } = props;
  const { t } = useTranslation();
  const label = useSpeakerLabel();
  const { message } = useFeedback();
  const withHours = needsHours(videoMs);
  const listRef = useRef<HTMLOListElement>(null);
  useScrollToFlag(listRef, flag);

  const changeTime = (index: number, edge: 'start' | 'end', input: string) => {
    const checked = checkTime(rows, index, edge, input, videoMs);
    if (!checked.ok) {
      // Lines are numbered across the project, as the list shows them, not by their place on this page.
      const content = refusalText(t, checked, { withHours, numberOf: (i) => (rows[i]?.seq ?? i) + 1 });
      void message.warning({ content, key: 'dub-edit' });
      onFlag({ key: rows[index]!.id, message: content });
      return false;
    }
    onEdit(edit(pending, original[index]!, { start: checked.start, end: checked.end }));
    onFlag(null);
    return true;
  };

  const body = () => {
    if (state === 'loading') return <Skeleton paragraph={{ rows: 6 }} />;
    if (state === 'error') {
      return (
        <Empty simple description={t('dubbing.editor.linesFailed')}>
          <Button onClick={props.onReload}>{t('common.retry')}</Button>
        </Empty>
      );
    }
    if (rows.length === 0) return <Empty simple description={t('dubbing.editor.noLines')} data-testid="dub-lines-empty" />;
    return (
      <ol className="dub-lines" ref={listRef}>
        {rows.map((row, index) => {
          const n = row.seq + 1;
          const note = flag?.key === row.id ? flag.message : null;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the start time field is the keyboard way to the same place.
            <li
              key={row.id}
              className={['dub-line', index === props.activeIndex && 'active', note && 'flagged'].filter(Boolean).join(' ')}
              data-testid={`dub-line-${index}`}
              data-key={row.id}
              onClick={(event) => {
                // Clicks in a field edit it; anywhere else on the line plays it.
                if (!(event.target as HTMLElement).closest('input, textarea, button')) props.onSeek(row.start);
              }}
            >
              <div className="dub-line-head">
                <span className="dub-line-n">{n}</span>
                <span className="dub-times">
                  <TimeField
                    ms={row.start}
                    withHours={withHours}
                    readOnly={!editable}
                    label={t('recordDetail.line.start', { n })}
                    testId={`dub-line-start-${index}`}
                    onCommit={(input) => changeTime(index, 'start', input)}
                    onClick={() => props.onSeek(row.start)}
                  />
                  <span aria-hidden="true">–</span>
                  <TimeField
                    ms={row.end}
                    withHours={withHours}
                    readOnly={!editable}
                    label={t('recordDetail.line.end', { n })}
                    testId={`dub-line-end-${index}`}
                    onCommit={(input) => changeTime(index, 'end', input)}
                  />
                </span>
                {row.speaker && <span className="dub-speaker">{label(row.speaker)}</span>}
                <FitTag row={row} />
                {row.changed && (
                  <Tag color="orange" data-testid={`dub-line-changed-${index}`}>
                    {t('dubbing.editor.changed')}
                  </Tag>
                )}
                <Button
                  type="text"
                  size="small"
                  className="dub-listen"
                  icon={props.listening === `line-${row.id}` ? <LoadingOutlined /> : <SoundOutlined />}
                  aria-label={t('dubbing.editor.listen', { n })}
                  title={t('dubbing.editor.listen', { n })}
                  disabled={!row.translation.trim()}
                  onClick={() => props.onListen(row)}
                  data-testid={`dub-line-listen-${index}`}
                />
              </div>
              <p className="dub-source" data-testid={`dub-line-text-${index}`}>
                {row.text}
              </p>
              <Input.TextArea
                autoSize
                value={row.translation}
                readOnly={!editable}
                aria-label={t('recordDetail.line.translation', { n })}
                onChange={(event) => onEdit(edit(pending, original[index]!, { translation: event.target.value }))}
                data-testid={`dub-line-translation-${index}`}
              />
              {note && <LineNote testId={`dub-line-note-${index}`}>{note}</LineNote>}
            </li>
          );
        })}
      </ol>
    );
  };

  return (
    <div className="dub-lines-card">
      <div className="dub-lines-toolbar">
        <span className={dirty ? 'dub-unsaved' : 'dub-muted'}>{dirty ? t('recordDetail.unsaved') : t('recordDetail.allSaved')}</span>
        <Button type="primary" icon={<SaveOutlined />} disabled={!dirty || !editable} loading={saving} onClick={onSave} data-testid="dub-save">
          {t('common.save')}
        </Button>
      </div>
      {body()}
      {total > pageSize && (
        <Pagination className="dub-pagination" current={pageNum} pageSize={pageSize} total={total} showSizeChanger={false} onChange={onPage} size="small" />
      )}
    </div>
  );
}

/** How the last dubbing fitted the line (contracts/dubbing-engine FitKind); a line that simply fits says nothing. */
function FitTag({ row }: { row: DubLineRow }) {
  const { t } = useTranslation();
  if (row.fit === 'sped') return <Tag color="blue">{t('dubbing.fit.sped', { tempo: (row.tempo ?? 1).toFixed(2).replace(/0$/, '') })}</Tag>;
  if (row.fit === 'overflow') return <Tag color="red">{t('dubbing.fit.overflow')}</Tag>;
  if (row.fit === 'borrowed') return <Tag>{t('dubbing.fit.borrowed')}</Tag>;
  return null;
}
