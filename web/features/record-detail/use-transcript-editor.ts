import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubtitleLine } from '../../../contracts/records';
import type { RefusedLine } from '../../../contracts/timeline';
import { refusalText } from './refusal';
import type { LineFlag } from './refusal';
import { canRedo, canUndo, endTyping, fromLines, redo, sameContent, undo, withServerTranslations } from './transcript-edit';
import type { DraftLine, EditError, EditResult, Transcript } from './transcript-edit';
import { useFeedback } from '../../lib/feedback';

interface EditorState {
  /** The server's lines this state was built from. */
  source: readonly SubtitleLine[];
  transcript: Transcript;
  /** The lines as last saved (or loaded): the transcript is dirty while its lines are another array. */
  saved: readonly DraftLine[];
  /** The server's copy changed (another tab saved) while this one had unsaved edits. */
  stale: boolean;
  /** The line the last refused edit or save was about, shown with its message until an edit goes through. */
  flag: LineFlag | null;
}

function fresh(source: readonly SubtitleLine[]): EditorState {
  const transcript = fromLines(source);
  return { source, transcript, saved: transcript.lines, stale: false, flag: null };
}

/**
 * The editing model in React: one transcript with its undo history, rebuilt from the server's lines
 * whenever they change to something else and nothing is unsaved; with unsaved edits, only the server's new
 * translations of lines not touched here are taken in. A rule an edit breaks is shown as a warning (spec §5, §8).
 */
export function useTranscriptEditor(serverLines: readonly SubtitleLine[], { withHours }: { withHours: boolean }) {
  const { message } = useFeedback();
  const { t } = useTranslation();
  const [state, setState] = useState(() => fresh(serverLines));
  // Handlers read the newest state even when two edits land before React renders (a blur, then a click).
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);

  const dirty = state.transcript.lines !== state.saved;
  if (state.source !== serverLines) {
    let next: EditorState;
    // Unsaved edits over what this tab saved last (its own save coming back) are no conflict; over anything
    // else (another tab's save) they are: the user chooses, nothing is overwritten silently.
    if (dirty) {
      // The server's own translations (a re-worded line translated again) are taken in first: they are no conflict.
      const { transcript, saved } = withServerTranslations(state.transcript, state.saved, serverLines);
      next = { ...state, source: serverLines, transcript, saved, stale: state.stale || !sameContent(saved, serverLines) };
    }
    // The server echoing a save: keep the undo history, so a saved edit can still be taken back.
    else if (sameContent(state.transcript.lines, serverLines)) next = { ...state, source: serverLines };
    else next = fresh(serverLines);
    latest.current = next;
    setState(next);
  }

  const update = useCallback((next: EditorState) => {
    latest.current = next;
    setState(next);
  }, []);

  /**
   * Runs one edit; false when it was refused, after a warning naming the broken rule — or after the
   * caller's own handling of that refusal (a question to confirm, say).
   */
  const apply = useCallback(
    (edit: (transcript: Transcript) => EditResult, handle: Partial<Record<EditError, () => void>> = {}): boolean => {
      const { transcript } = latest.current;
      const result = edit(transcript);
      if (!result.ok) {
        const own = handle[result.error];
        if (own) {
          own();
          return false;
        }
        const content = refusalText(t, result, { withHours });
        void message.warning({ content, key: 'detail-edit' });
        const line = result.line === undefined ? undefined : transcript.lines[result.line];
        if (line) update({ ...latest.current, flag: { key: line.key, message: content } });
        return false;
      }
      if (result.transcript !== transcript || latest.current.flag) update({ ...latest.current, transcript: result.transcript, flag: null });
      return true;
    },
    [message, t, update, withHours],
  );

  const settle = useCallback(() => {
    const { transcript } = latest.current;
    const settled = endTyping(transcript);
    if (settled !== transcript) update({ ...latest.current, transcript: settled });
  }, [update]);

  return {
    lines: state.transcript.lines,
    flag: state.flag,
    dirty,
    stale: state.stale,
    canUndo: canUndo(state.transcript),
    canRedo: canRedo(state.transcript),
    apply,
    /** Leaving a text field: typing there again is a new undo step. */
    settle,
    undo: useCallback(() => apply(undo), [apply]),
    redo: useCallback(() => apply(redo), [apply]),
    /** `lines` reached the server: they are the clean state now. */
    markSaved: useCallback((lines: readonly DraftLine[]) => update({ ...latest.current, saved: lines, stale: false, flag: null }), [update]),
    /** The server refused saving `lines` for one of them: that line is pointed at with the server's words. */
    flagSaveRefusal: useCallback(
      (lines: readonly DraftLine[], refused: RefusedLine & { message: string }) => {
        const line = lines[refused.line];
        if (line) update({ ...latest.current, flag: { key: line.key, message: refused.message } });
      },
      [update],
    ),
    /** The conflict is settled for this tab's edits: its next save goes over the other tab's. */
    keepMine: useCallback(() => update({ ...latest.current, stale: false }), [update]),
    /** Drops unsaved edits for the server's current lines. */
    discard: useCallback(() => update(fresh(latest.current.source)), [update]),
  };
}
