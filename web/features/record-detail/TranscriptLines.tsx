import { DeleteOutlined, MergeCellsOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimecode } from '../../../contracts/timecode';
import type { LineFlag } from './refusal';
import './line-note.css';
import type { DraftLine } from './transcript-edit';

export type TranscriptView = 'source' | 'translation' | 'bilingual';
export const TRANSCRIPT_VIEWS: readonly TranscriptView[] = ['source', 'translation', 'bilingual'];

/** What a line can ask of the page; one stable object, so a line re-renders only when it changes itself. */
export interface LineHandlers {
  text(index: number, text: string, language?: string): void;
  /** A text field lost focus: its undo step is complete. */
  settle(): void;
  /** False when the time was refused (the field then shows the old time again). */
  time(index: number, edge: 'start' | 'end', input: string): boolean;
  add(index: number): void;
  remove(index: number): void;
  merge(index: number): void;
  seek(ms: number): void;
}

interface TranscriptLinesProps {
  lines: readonly DraftLine[];
  activeIndex: number;
  playing: boolean;
  view: TranscriptView;
  /** The record's translation language, when it has one. */
  language: string | null;
  editable: boolean;
  withHours: boolean;
  /** The line a refused edit or save was about: marked, brought into view and told what to change. */
  flag: LineFlag | null;
  handlers: LineHandlers;
}

/** The transcript, one editable line after another, following the player while it plays. */
export function TranscriptLines({ lines, activeIndex, playing, view, language, editable, withHours, flag, handlers }: TranscriptLinesProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useScrollToFlag(listRef, flag);

  useEffect(() => {
    const list = listRef.current;
    if (!playing || activeIndex < 0 || !list) return;
    // Someone typing in the transcript keeps their place; the player does not pull the view away.
    if (list.querySelector('textarea:focus, [data-editing]:focus')) return;
    list.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [activeIndex, playing]);

  return (
    <ol ref={listRef} className="detail-lines">
      {lines.map((line, index) => (
        <Line
          key={line.key}
          line={line}
          index={index}
          last={index === lines.length - 1}
          active={index === activeIndex}
          view={view}
          language={language}
          editable={editable}
          withHours={withHours}
          note={flag?.key === line.key ? flag.message : null}
          handlers={handlers}
        />
      ))}
    </ol>
  );
}

/** Brings a newly flagged line into view once, wherever the list is scrolled (the line's element carries its key). */
export function useScrollToFlag(listRef: RefObject<HTMLElement | null>, flag: LineFlag | null) {
  const shown = useRef<LineFlag | null>(null);
  useEffect(() => {
    if (!flag || shown.current === flag) return;
    const line = listRef.current?.querySelector(`[data-key="${flag.key}"]`);
    if (!line) return;
    shown.current = flag;
    line.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

interface LineProps extends Omit<TranscriptLinesProps, 'lines' | 'activeIndex' | 'playing' | 'flag'> {
  line: DraftLine;
  index: number;
  last: boolean;
  active: boolean;
  /** What is wrong with this line, when a refused edit or save was about it. */
  note: string | null;
}

const Line = memo(function Line({ line, index, last, active, view, language, editable, withHours, note, handlers }: LineProps) {
  const { t } = useTranslation();
  const n = index + 1;
  const className = ['detail-line', active && 'active', note && 'flagged'].filter(Boolean).join(' ');
  return (
    <li className={className} data-testid={`detail-line-${index}`} data-index={index} data-key={line.key} aria-current={active || undefined}>
      <div className="detail-line-head">
        {line.speaker && <span className="detail-speaker">{line.speaker}</span>}
        <span className="detail-times">
          <TimeField
            ms={line.start}
            withHours={withHours}
            readOnly={!editable}
            label={t('recordDetail.line.start', { n })}
            testId={`detail-line-start-${index}`}
            onCommit={(input) => handlers.time(index, 'start', input)}
            // Spec: click a line's time to hear it.
            onClick={() => handlers.seek(line.start)}
          />
          <span aria-hidden="true">–</span>
          <TimeField
            ms={line.end}
            withHours={withHours}
            readOnly={!editable}
            label={t('recordDetail.line.end', { n })}
            testId={`detail-line-end-${index}`}
            onCommit={(input) => handlers.time(index, 'end', input)}
          />
        </span>
        {editable && (
          <span className="detail-line-actions">
            <LineAction
              label={t('recordDetail.line.addAfter')}
              icon={<PlusOutlined />}
              testId={`detail-line-add-${index}`}
              onClick={() => handlers.add(index)}
            />
            {!last && (
              <LineAction
                label={t('recordDetail.line.mergeNext')}
                icon={<MergeCellsOutlined />}
                testId={`detail-line-merge-${index}`}
                onClick={() => handlers.merge(index)}
              />
            )}
            <LineAction
              label={t('recordDetail.line.delete')}
              icon={<DeleteOutlined />}
              testId={`detail-line-delete-${index}`}
              onClick={() => handlers.remove(index)}
            />
          </span>
        )}
      </div>
      {view !== 'translation' && (
        <TextField
          value={line.text}
          readOnly={!editable}
          label={t('recordDetail.line.text', { n })}
          testId={`detail-line-text-${index}`}
          onChange={(text) => handlers.text(index, text)}
          onBlur={handlers.settle}
        />
      )}
      {view !== 'source' && language && (
        <TextField
          className="detail-translation"
          value={line.translations[language] ?? ''}
          readOnly={!editable}
          label={t('recordDetail.line.translation', { n })}
          testId={`detail-line-translation-${index}`}
          onChange={(text) => handlers.text(index, text, language)}
          onBlur={handlers.settle}
        />
      )}
      {note && <LineNote testId={`detail-line-note-${index}`}>{note}</LineNote>}
    </li>
  );
});

/** What is wrong with a flagged line, under it; read out when it appears. */
export function LineNote({ testId, children }: { testId: string; children: string }) {
  return (
    <p className="line-note" role="alert" data-testid={testId}>
      {children}
    </p>
  );
}

function LineAction({ label, icon, testId, onClick }: { label: string; icon: ReactNode; testId: string; onClick: () => void }) {
  return <Button type="text" size="small" icon={icon} aria-label={label} title={label} onClick={onClick} data-testid={testId} />;
}

interface TimeFieldProps {
  ms: number;
  withHours: boolean;
  readOnly: boolean;
  label: string;
  testId: string;
  onCommit: (input: string) => boolean;
  onClick?: () => void;
}

/** A time typed freely and checked when the field is left or Enter is pressed; Escape puts the old time back. */
export function TimeField({ ms, withHours, readOnly, label, testId, onCommit, onClick }: TimeFieldProps) {
  const shown = formatTimecode(ms, withHours);
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft !== null && draft !== shown) onCommit(draft);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    else if (event.key === 'Escape') setDraft(null);
  };

  return (
    <input
      className="detail-time"
      value={draft ?? shown}
      readOnly={readOnly}
      aria-label={label}
      title={label}
      spellCheck={false}
      inputMode="decimal"
      data-testid={testId}
      data-editing={draft !== null || undefined}
      // Monospaced digits: as wide as the time it shows, so the two times sit together.
      style={{ width: `${Math.max(shown.length, (draft ?? '').length)}ch` }}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      onClick={onClick}
    />
  );
}

/** Browsers that size a field to its content themselves (CSS field-sizing); others are measured. */
const SIZES_ITSELF = typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content');

interface TextFieldProps {
  value: string;
  readOnly: boolean;
  label: string;
  testId: string;
  className?: string;
  onChange: (text: string) => void;
  onBlur: () => void;
}

function TextField({ value, readOnly, label, testId, className, onChange, onBlur }: TextFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field grows with the text it holds.
  useLayoutEffect(() => {
    const field = ref.current;
    if (SIZES_ITSELF || !field) return;
    field.style.height = 'auto';
    field.style.height = `${field.scrollHeight}px`;
  }, [value]);
  return (
    <textarea
      ref={ref}
      rows={1}
      className={className ? `detail-text ${className}` : 'detail-text'}
      value={value}
      readOnly={readOnly}
      aria-label={label}
      data-testid={testId}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
