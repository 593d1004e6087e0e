import { CheckOutlined, DeleteOutlined, EditOutlined, MergeCellsOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Fragment, memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, MouseEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimedWord } from '../../../contracts/record-words';
import type { SpeakerLook } from '../../lib/speaker-look';
import { MenuDropdown } from '../../components/MenuDropdown';
import { formatClock, formatTimecode } from '../../../contracts/timecode';
import type { LineFlag } from './refusal';
import './line-note.css';
import type { DraftLine, TextHit } from './transcript-edit';
import { textPieces } from './word-times';

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
  /** Opens the line with this key for editing, or (null) closes the one open. */
  edit(key: number | null): void;
  /** Translates the saved line with this key again. */
  translateAgain(key: number): void;
  /** Adds the line with this key to the selection, or takes it out. */
  select(key: number, selected: boolean): void;
  /** Gives the line (or the selection it is part of) to `speaker`; null asks for a new speaker's name. */
  speaker(index: number, speaker: string | null): void;
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
  speakers: SpeakerLook;
  /** The heard words of the lines whose text is still what was heard, by line key. */
  words: ReadonlyMap<number, TimedWord[]>;
  /** Search hits by line index, and the one next/previous stopped at. */
  hits: ReadonlyMap<number, TextHit[]>;
  currentHit: TextHit | null;
  /** The key of the line open for editing; every other line reads, and a click on a word plays it. */
  editing: number | null;
  /** Keys of the lines whose translation is being made again (after an edit, or "translate again"). */
  translating: ReadonlySet<number>;
  /** Why a line cannot be translated again now (unsaved edits, a job running), or null when it can. */
  translateBlocked: string | null;
  /** The transcript's speakers, the choices when a line is given to another. */
  speakerNames: readonly string[];
  /** Keys of the lines selected to be given to another speaker together. */
  selection: ReadonlySet<number>;
}

/** The transcript, one line after another, following the player while it plays; one line at a time is edited. */
export function TranscriptLines(props: TranscriptLinesProps) {
  const { lines, activeIndex, playing, flag, words, hits, currentHit, editing, translating, selection, ...shared } = props;
  const listRef = useRef<HTMLOListElement>(null);
  useScrollToFlag(listRef, flag);

  // The search's current hit comes into view; not while a line is being edited, where typing moves the hits.
  const hitLine = currentHit?.line;
  useEffect(() => {
    if (hitLine === undefined || editing !== null) return;
    listRef.current?.querySelector(`[data-index="${hitLine}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [hitLine, editing]);

  useEffect(() => {
    const list = listRef.current;
    if (!playing || activeIndex < 0 || !list) return;
    // Someone typing in the transcript keeps their place; the player does not pull the view away.
    if (editing !== null || list.querySelector('textarea:focus, [data-editing]:focus')) return;
    list.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [activeIndex, playing, editing]);

  return (
    <ol ref={listRef} className="detail-lines">
      {lines.map((line, index) => (
        <Line
          key={line.key}
          line={line}
          index={index}
          last={index === lines.length - 1}
          active={index === activeIndex}
          editing={editing === line.key}
          translating={translating.has(line.key)}
          selected={selection.has(line.key)}
          words={words.get(line.key)}
          hits={hits.get(index)}
          currentHit={currentHit?.line === index ? currentHit : null}
          note={flag?.key === line.key ? flag.message : null}
          {...shared}
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

interface LineProps
  extends Omit<TranscriptLinesProps, 'lines' | 'activeIndex' | 'playing' | 'flag' | 'words' | 'hits' | 'currentHit' | 'editing' | 'translating' | 'selection'> {
  line: DraftLine;
  /** The line's translation is being made again. */
  translating: boolean;
  index: number;
  last: boolean;
  active: boolean;
  editing: boolean;
  selected: boolean;
  words: TimedWord[] | undefined;
  hits: TextHit[] | undefined;
  currentHit: TextHit | null;
  /** What is wrong with this line, when a refused edit or save was about it. */
  note: string | null;
}

/**
 * One line. Reading, its words play from where they were said when clicked; editing is deliberate (the edit
 * button, a double-click, Enter on the line) and shows the text fields and the times to the millisecond.
 */
const Line = memo(function Line(props: LineProps) {
  const {
    line,
    index,
    last,
    active,
    editing,
    selected,
    translating,
    view,
    language,
    editable,
    withHours,
    note,
    handlers,
    speakers,
    speakerNames,
    words,
    hits,
    currentHit,
    translateBlocked,
  } = props;
  const { t } = useTranslation();
  const n = index + 1;
  const className = ['detail-line', active && 'active', note && 'flagged', editing && 'editing', selected && 'selected'].filter(Boolean).join(' ');
  const color = line.speaker ? speakers.color(line.speaker) : undefined;
  const open = () => editable && handlers.edit(line.key);

  // Leaving the line (focus moves outside it) ends its editing; moving between its own fields does not.
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (editing && !event.currentTarget.contains(event.relatedTarget as Node | null)) handlers.edit(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (editable && !editing && event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      open();
    } else if (editing && event.key === 'Escape' && !(event.target as HTMLElement).dataset.editing) {
      handlers.edit(null);
      event.currentTarget.focus();
    }
  };

  const fieldHits = (lang?: string) => hits?.filter((h) => h.language === lang);
  const current = (lang?: string) => (currentHit && currentHit.language === lang ? currentHit : null);

  return (
    <li
      className={className}
      data-testid={`detail-line-${index}`}
      data-index={index}
      data-key={line.key}
      aria-current={active || undefined}
      // Reachable from the keyboard, so Enter can open it.
      tabIndex={editing ? -1 : 0}
      style={color ? { borderLeftColor: color } : undefined}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div className="detail-line-head">
        {editable && (
          <input
            type="checkbox"
            className="detail-line-select"
            checked={selected}
            aria-label={t('recordDetail.editing.selectLine', { n })}
            title={t('recordDetail.editing.selectLine', { n })}
            onChange={(event) => handlers.select(line.key, event.target.checked)}
            data-testid={`detail-line-select-${index}`}
          />
        )}
        {editable ? (
          <SpeakerPicker
            current={line.speaker}
            names={speakerNames}
            speakers={speakers}
            label={t('recordDetail.editing.changeSpeaker', { n })}
            testId={`detail-line-speaker-${index}`}
            color={color}
            onPick={(name) => handlers.speaker(index, name)}
          >
            {line.speaker ? speakers.label(line.speaker) : t('recordDetail.editing.noSpeaker')}
          </SpeakerPicker>
        ) : (
          line.speaker && (
            <span className="detail-speaker" style={{ color }} data-testid={`detail-line-speaker-${index}`}>
              {speakers.label(line.speaker)}
            </span>
          )
        )}
        {editing ? (
          <span className="detail-times">
            {(['start', 'end'] as const).map((edge) => (
              <Fragment key={edge}>
                {edge === 'end' && <span aria-hidden="true">–</span>}
                <TimeField
                  ms={line[edge]}
                  withHours={withHours}
                  readOnly={false}
                  label={t(`recordDetail.line.${edge}`, { n })}
                  testId={`detail-line-${edge}-${index}`}
                  onCommit={(input) => handlers.time(index, edge, input)}
                />
              </Fragment>
            ))}
          </span>
        ) : (
          <button
            type="button"
            className="detail-clock"
            title={t('recordDetail.tools.playFrom', { time: formatClock(line.start) })}
            data-testid={`detail-line-clock-${index}`}
            // Spec: click a line's time to hear it.
            onClick={() => handlers.seek(line.start)}
          >
            {formatClock(line.start)}
          </button>
        )}
        {editable && (
          <span className="detail-line-actions">
            {editing ? (
              <>
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
                <LineAction
                  label={t('recordDetail.tools.done')}
                  icon={<CheckOutlined />}
                  testId={`detail-line-done-${index}`}
                  onClick={() => handlers.edit(null)}
                />
              </>
            ) : (
              <>
                {/* A saved line of a translated record (a new one has no key on the server yet). */}
                {language && line.key > 0 && !translating && translateBlocked === null && (
                  <LineAction
                    label={t('recordDetail.line.translateAgain', { n })}
                    icon={<SyncOutlined />}
                    testId={`detail-line-translate-again-${index}`}
                    onClick={() => handlers.translateAgain(line.key)}
                  />
                )}
                <LineAction label={t('recordDetail.tools.edit', { n })} icon={<EditOutlined />} testId={`detail-line-edit-${index}`} onClick={open} />
              </>
            )}
          </span>
        )}
      </div>
      {view !== 'translation' &&
        (editing ? (
          <TextField
            value={line.text}
            label={t('recordDetail.line.text', { n })}
            testId={`detail-line-text-${index}`}
            autoFocus
            onChange={(text) => handlers.text(index, text)}
            onBlur={handlers.settle}
          />
        ) : (
          <ReadText
            text={line.text}
            timing={{ start: line.start, end: line.end, ...(words ? { words } : {}) }}
            hits={fieldHits()}
            current={current()}
            testId={`detail-line-read-${index}`}
            onSeek={handlers.seek}
            onEdit={open}
          />
        ))}
      {view !== 'source' &&
        language &&
        (editing ? (
          <TextField
            className="detail-translation"
            value={line.translations[language] ?? ''}
            label={t('recordDetail.line.translation', { n })}
            testId={`detail-line-translation-${index}`}
            autoFocus={view === 'translation'}
            onChange={(text) => handlers.text(index, text, language)}
            onBlur={handlers.settle}
          />
        ) : translating ? (
          <p className="detail-translation detail-translation-updating" data-testid={`detail-line-updating-${index}`}>
            {t('recordDetail.translationUpdating')}
          </p>
        ) : (
          <ReadText
            className="detail-translation"
            text={line.translations[language] ?? ''}
            timing={{ start: line.start, end: line.end }}
            hits={fieldHits(language)}
            current={current(language)}
            testId={`detail-line-read-translation-${index}`}
            onSeek={handlers.seek}
            onEdit={open}
          />
        ))}
      {note && <LineNote testId={`detail-line-note-${index}`}>{note}</LineNote>}
    </li>
  );
});

interface SpeakerPickerProps {
  /** The speaker to leave out of the choices (the line's own), or '' for none. */
  current: string;
  names: readonly string[];
  speakers: SpeakerLook;
  label: string;
  testId: string;
  /** The current speaker's colour, for the button's text. */
  color?: string | undefined;
  /** A speaker's name, or null for "a new speaker". */
  onPick: (name: string | null) => void;
  children: ReactNode;
}

/** The menu key of "a new speaker": no speaker's name can be it. */
const NEW = '\u0000new';

/** A button opening the choice of another speaker, existing or new; the record page's lines and selection bar both use it. */
export function SpeakerPicker({ current, names, speakers, label, testId, color, onPick, children }: SpeakerPickerProps) {
  const { t } = useTranslation();
  return (
    <MenuDropdown
      menu={{
        items: [
          ...names
            .filter((name) => name !== current)
            .map((name) => ({ key: name, label: <span data-testid="detail-speaker-choice">{speakers.label(name)}</span> })),
          { type: 'divider' as const },
          { key: NEW, label: <span data-testid="detail-speaker-new">{t('recordDetail.editing.newSpeaker')}</span> },
        ],
        onClick: ({ key }) => onPick(key === NEW ? null : key),
      }}
    >
      <Button type="link" size="small" className="detail-speaker detail-speaker-pick" style={color ? { color } : undefined} title={label} data-testid={testId}>
        {children}
      </Button>
    </MenuDropdown>
  );
}

interface ReadTextProps {
  text: string;
  timing: Parameters<typeof textPieces>[1];
  hits: TextHit[] | undefined;
  current: TextHit | null;
  testId: string;
  className?: string;
  onSeek: (ms: number) => void;
  onEdit: () => void;
}

/** A line's text to read: each word plays from its time when clicked, search hits marked, a double-click edits. */
function ReadText({ text, timing, hits, current, testId, className, onSeek, onEdit }: ReadTextProps) {
  const pieces = textPieces(text, timing, hits, current);
  const onClick = (event: MouseEvent<HTMLParagraphElement>) => {
    // A double-click's first click still plays: the line is heard while it opens for editing.
    const ms = (event.target as HTMLElement).closest<HTMLElement>('[data-ms]')?.dataset.ms;
    if (ms !== undefined) onSeek(Number(ms));
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the line itself takes Enter to edit, and its time plays it from the keyboard.
    <p className={className ? `detail-read ${className}` : 'detail-read'} data-testid={testId} onClick={onClick} onDoubleClick={onEdit}>
      {pieces.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positions in one text, rebuilt with it.
        <span key={i} className={piece.ms === null ? undefined : 'detail-word'} data-ms={piece.ms ?? undefined}>
          {piece.mark ? <mark className={piece.mark === 'current' ? 'detail-hit current' : 'detail-hit'}>{piece.text}</mark> : piece.text}
        </span>
      ))}
    </p>
  );
}

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
      data-transcript-field
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
  label: string;
  autoFocus?: boolean;
  testId: string;
  className?: string;
  onChange: (text: string) => void;
  onBlur: () => void;
}

function TextField({ value, label, autoFocus, testId, className, onChange, onBlur }: TextFieldProps) {
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
      aria-label={label}
      data-testid={testId}
      data-transcript-field
      // biome-ignore lint/a11y/noAutofocus: the user asked to edit this line; typing goes where they asked.
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
