import { Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RecordDetail } from '../../../contracts/records';
import { Alert } from '../../components/Alert';
import { Empty } from '../../components/Empty';
import { Segmented } from '../../components/Segmented';
import { Skeleton } from '../../components/Skeleton';
import { ExportDialog, ShareDialog } from '../records/dialogs';
import { AddTranslationDialog, SpeakerNameDialog } from './dialogs';
import { useRecordSync } from './broadcast';
import { DetailHeader } from './DetailHeader';
import { useRecordWords, useRetryRecord, useTranslateAgain } from './hooks';
import { MediaPlayer } from './MediaPlayer';
import { SpeakersPanel } from './SpeakersPanel';
import { SummaryCard } from '../summary/SummaryCard';
import { AskPanel } from '../search/AskPanel';
import { isLocked, isRetryable, isRunning } from '../records/status';
import { StatusBanner } from './StatusBanner';
import { needsHours } from '../../../contracts/timecode';
import {
  addLineAfter,
  deleteLine,
  editText,
  mergeSpeakers,
  mergeWithNext,
  nextSpeakerName,
  renameSpeaker,
  replaceAll,
  replaceHit,
  setLineSpeaker,
  setTime,
  speakerStats,
} from './transcript-edit';
import { useAutosave } from './use-autosave';
import { SelectionBar } from './SelectionBar';
import { isLocale } from '../../../contracts/locale';
import { TranscriptSearchBar } from './TranscriptSearch';
import { TranscriptLines } from './TranscriptLines';
import type { LineHandlers, TranscriptView } from './TranscriptLines';
import { TranscriptToolbar } from './TranscriptToolbar';
import { useLeaveGuard } from './use-leave-guard';
import { SKIP_MS, useMediaSync } from '../../lib/use-media-sync';
import { useTranscriptKeys } from './use-transcript-keys';
import { useTranscriptSearch } from './use-transcript-search';
import { wordsByLine } from './word-times';
import { useSpeakerLook } from '../../lib/speaker-look';
import { useTranscriptEditor } from './use-transcript-editor';
import './record-detail.css';
import { useFeedback } from '../../lib/feedback';
import { startParam } from '../records/links';

/** The indices of the selected lines, in transcript order. */
function selectedIndices(lines: readonly { key: number }[], selection: ReadonlySet<number>): number[] {
  return lines.flatMap((line, index) => (selection.has(line.key) ? [index] : []));
}

/** On phones the page shows one pane at a time, so the summary is a tap away rather than below the transcript. */
type Pane = 'transcript' | 'summary';

/**
 * One record: the player beside (on phones above) its transcript, which can be searched, read word by word
 * (a click plays from the word), edited by §5's rules and saved at once, with the job's progress, speakers,
 * views and the AI summary, and the keyboard shortcuts of a transcription tool.
 */
export function RecordDetailView({ detail }: { detail: RecordDetail }) {
  const { record } = detail;
  const { t, i18n } = useTranslation();
  const { message, modal } = useFeedback();
  const mediaMs = Math.round(record.duration * 1000);
  const withHours = needsHours(mediaMs);
  const editor = useTranscriptEditor(detail.lines, { withHours });
  const sync = useMediaSync(editor.lines, startParam(useSearchParams()[0]));
  const changed = useRecordSync(record.id);
  const retry = useRetryRecord(record.id, changed);
  const again = useTranslateAgain(record.id, changed);
  const [view, setView] = useState<TranscriptView>('source');
  const [dialog, setDialog] = useState<'export' | 'translate' | 'share' | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [pane, setPane] = useState<Pane>('transcript');
  // Lines chosen (by key) to give to another speaker together, and the lines waiting for a new speaker's name.
  const [selection, setSelection] = useState<ReadonlySet<number>>(() => new Set());
  const [naming, setNaming] = useState<number[] | null>(null);
  useLeaveGuard(editor.dirty);

  const editable = !isLocked(record.status);
  const saving = useAutosave(record.id, editor, { enabled: editable, changed });
  const [waitingFor, setWaitingFor] = useState<'export' | 'translate' | null>(null);
  /** Export and translation work from what is saved: the edits on screen are saved first, then the dialog opens. */
  const openAfterSave = (next: 'export' | 'translate') => {
    setWaitingFor(next);
    void saving.saveNow().then((ok) => {
      setWaitingFor(null);
      if (ok) setDialog(next);
    });
  };
  const language = record.translationLanguage;
  // Lines whose translation is being made again count: the translation view shows them updating.
  const translating = useMemo(() => new Set(detail.lines.filter((l) => l.translating).map((l) => l.id)), [detail.lines]);
  const hasTranslation = language !== null && (translating.size > 0 || editor.lines.some((line) => line.translations[language]));
  const shownView = hasTranslation ? view : 'source';
  const speakers = useMemo(() => speakerStats(editor.lines), [editor.lines]);
  const speakerKey = speakers.map((s) => s.name).join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names, not the counts, decide; lines re-render only when they change.
  const speakerNames = useMemo(() => speakers.map((s) => s.name), [speakerKey]);
  const look = useSpeakerLook(speakerNames);
  const heard = useRecordWords(record.id, editable && detail.lines.length > 0);
  const words = useMemo(() => wordsByLine(editor.lines, heard.data), [editor.lines, heard.data]);
  // The fields the lines show are the fields searched: a hit is always somewhere on the screen.
  const searched = useMemo(
    () => (shownView === 'source' || !language ? [undefined] : shownView === 'translation' ? [language] : [undefined, language]),
    [shownView, language],
  );
  const search = useTranscriptSearch(editor.lines, searched);
  const { apply, settle, undo, redo, discard, keepMine } = editor;
  // The line handlers stay one object (lines re-render only when they change); they read these when called.
  const latestLines = useRef(editor);
  latestLines.current = editor;
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const { seek } = sync;

  useTranscriptKeys({
    playPause: sync.toggle,
    back: () => sync.skip(-SKIP_MS),
    forward: () => sync.skip(SKIP_MS),
    slower: () => sync.stepRate(-1),
    faster: () => sync.stepRate(1),
    find: () => {
      // On a phone showing the summary, the search box must be on screen before it can take the focus.
      flushSync(() => setPane('transcript'));
      search.focus();
    },
    ...(editable ? { undo, redo } : {}),
  });

  const replaceOne = (replacement: string) => {
    const hit = search.current;
    if (hit && apply((tr) => replaceHit(tr, hit, replacement))) search.replaced(hit, replacement.length);
  };
  const replaceEvery = (replacement: string) => {
    const count = search.hits.length;
    if (apply((tr) => replaceAll(tr, search.query, replacement, searched))) void message.success(t('recordDetail.tools.replaced', { count }));
  };

  const handlers = useMemo<LineHandlers>(
    () => ({
      text: (index, text, lang) => apply((tr) => editText(tr, index, text, lang)),
      settle,
      time: (index, edge, input) => apply((tr) => setTime(tr, index, edge, input, mediaMs)),
      add: (index) => apply((tr) => addLineAfter(tr, index, mediaMs)),
      remove: (index) => apply((tr) => deleteLine(tr, index)),
      merge: (index) =>
        apply((tr) => mergeWithNext(tr, index), {
          // Spec §5: a merge that joins two speakers' words is confirmed first.
          speakersDiffer: () =>
            void modal.confirm({
              title: t('recordDetail.mergeSpeakersTitle'),
              content: t('recordDetail.mergeSpeakersContent'),
              okText: t('recordDetail.merge'),
              onOk: () => {
                apply((tr) => mergeWithNext(tr, index, { confirmed: true }));
              },
            }),
        }),
      seek,
      edit: setEditing,
      translateAgain: (key) => again.mutate([key]),
      select: (key, on) =>
        setSelection((old) => {
          const next = new Set(old);
          if (on) next.add(key);
          else next.delete(key);
          return next;
        }),
      speaker: (index, name) => {
        const { lines } = latestLines.current;
        const key = lines[index]?.key;
        // A line of the selection takes the whole selection with it; any other line goes alone.
        const indices = key !== undefined && selectionRef.current.has(key) ? selectedIndices(lines, selectionRef.current) : [index];
        if (name === null) setNaming(indices);
        else if (apply((tr) => setLineSpeaker(tr, indices, name))) setSelection(new Set());
      },
    }),
    [apply, settle, mediaMs, seek, modal, t, again.mutate],
  );

  let translateBlocked: string | null = null;
  if (!editable) translateBlocked = t('recordDetail.busy');
  else if (editor.lines.length === 0) translateBlocked = t('recordDetail.empty');
  else if (saving.state === 'refused' || saving.state === 'conflict') translateBlocked = t(`recordDetail.editing.blocked.${saving.state}`);

  let exportBlocked: string | null = null;
  if (editor.lines.length === 0) exportBlocked = t('jobProgress.needsLines');
  else if (saving.state === 'refused' || saving.state === 'conflict') exportBlocked = t(`recordDetail.editing.blocked.${saving.state}`);

  let transcript: ReactNode;
  if (editor.lines.length > 0) {
    transcript = (
      <>
        <TranscriptToolbar
          view={shownView}
          onView={setView}
          hasTranslation={hasTranslation}
          editable={editable}
          saveState={saving.state}
          canUndo={editor.canUndo}
          canRedo={editor.canRedo}
          translateBlocked={translateBlocked}
          translateWaiting={waitingFor === 'translate'}
          onAddTranslation={() => openAfterSave('translate')}
          onTranslateAgain={() => again.mutate([])}
          onUndo={undo}
          onRedo={redo}
          onSave={() => void saving.saveNow({ announce: true })}
        />
        {editable && selection.size > 0 && (
          <SelectionBar
            count={selection.size}
            names={speakerNames}
            speakers={look}
            onPick={(name) => {
              const indices = selectedIndices(editor.lines, selection);
              if (name === null) setNaming(indices);
              else if (apply((tr) => setLineSpeaker(tr, indices, name))) setSelection(new Set());
            }}
            onClear={() => setSelection(new Set())}
          />
        )}
        <TranscriptSearchBar search={search} canReplace={editable} onReplace={replaceOne} onReplaceAll={replaceEvery} />
        {!editable && <p className="detail-hint detail-locked">{t('recordDetail.busy')}</p>}
        <TranscriptLines
          lines={editor.lines}
          activeIndex={sync.activeIndex}
          playing={sync.playing}
          view={shownView}
          language={language}
          editable={editable}
          withHours={withHours}
          flag={editor.flag}
          handlers={handlers}
          speakers={look}
          words={words}
          hits={search.byLine}
          currentHit={search.current}
          editing={editable ? editing : null}
          translating={translating}
          translateBlocked={translateBlocked}
          speakerNames={speakerNames}
          selection={selection}
        />
      </>
    );
  } else if (isRunning(record.status)) {
    transcript = <Skeleton paragraph={{ rows: 6 }} />;
  } else if (!isRetryable(record.status)) {
    // Spec §8 "data is empty".
    transcript = <Empty className="detail-empty" description={t('recordDetail.empty')} data-testid="detail-empty" />;
  }

  return (
    <div className="detail-page">
      <DetailHeader
        record={record}
        // The server exports what is saved: edits on screen are saved first; no lines, no file.
        exportBlocked={exportBlocked}
        exportWaiting={waitingFor === 'export'}
        onExport={() => openAfterSave('export')}
        onShare={editor.lines.length > 0 ? () => setDialog('share') : null}
        changed={changed}
      />
      <Segmented<Pane>
        className="detail-panes"
        block
        value={pane}
        onChange={setPane}
        aria-label={t('recordDetail.tools.panes')}
        options={[
          { value: 'transcript', label: <span data-testid="detail-pane-transcript">{t('recordDetail.tools.paneTranscript')}</span> },
          { value: 'summary', label: <span data-testid="detail-pane-summary">{t('recordDetail.tools.paneSummary')}</span> },
        ]}
      />
      <div className="detail-body" data-pane={pane}>
        <section className="detail-player-area" aria-label={t('recordDetail.player')}>
          <MediaPlayer recordId={record.id} status={record.status} sync={sync} />
        </section>
        <section className="detail-transcript" aria-label={t('recordDetail.transcript')}>
          <StatusBanner record={record} onRetry={() => retry.mutate()} retrying={retry.isPending} />
          {editor.stale && (
            // The conflict rule: another tab saved while this one had unsaved edits; neither is dropped until the user chooses.
            <Alert
              type="warning"
              message={t('recordDetail.stale')}
              description={t('recordDetail.editing.conflictHint')}
              action={
                <span className="detail-conflict-actions">
                  <Button size="small" onClick={discard} data-testid="detail-load-latest">
                    {t('recordDetail.loadLatest')}
                  </Button>
                  <Button size="small" danger onClick={keepMine} data-testid="detail-keep-mine">
                    {t('recordDetail.editing.keepMine')}
                  </Button>
                </span>
              }
            />
          )}
          {transcript}
        </section>
        <aside className="detail-side">
          <SpeakersPanel
            speakers={speakers}
            look={look}
            pending={editor.lines.length === 0 && isRunning(record.status)}
            editable={editable && editor.lines.length > 0}
            onRename={(from, to) => apply((tr) => renameSpeaker(tr, from, to))}
            onMerge={(from, into) => apply((tr) => mergeSpeakers(tr, from, into))}
            voices={{ recordId: record.id, blocked: editor.dirty ? t('voices.saveFirst') : null }}
          />
          <SummaryCard record={record} hasTranscript={editor.lines.length > 0} onSeek={seek} />
          <AskPanel ids={[record.id]} recordId={record.id} onCite={(c) => seek(c.start)} />
        </aside>
      </div>
      {dialog === 'export' && <ExportDialog ids={[record.id]} onClose={() => setDialog(null)} />}
      {dialog === 'translate' && <AddTranslationDialog record={record} changed={changed} onClose={() => setDialog(null)} />}
      {dialog === 'share' && <ShareDialog record={record} onClose={() => setDialog(null)} />}
      {naming !== null && (
        <SpeakerNameDialog
          name={look.label(nextSpeakerName(editor.lines, isLocale(i18n.language) ? i18n.language : 'en-US'))}
          title={t('recordDetail.editing.newSpeakerTitle')}
          testId="detail-new-speaker"
          onSubmit={(name) => {
            if (!apply((tr) => setLineSpeaker(tr, naming, name))) return Promise.reject(new Error('refused'));
            setSelection(new Set());
            return Promise.resolve();
          }}
          onClose={() => setNaming(null)}
        />
      )}
    </div>
  );
}
