import { App } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubtitleLine } from '../../../contracts/records';
import { endTyping, fromLines, sameContent, undo } from './transcript-edit';
import type { DraftLine, EditError, EditResult, Transcript } from './transcript-edit';

interface EditorState {
  /** The server's lines this state was built from. */
  source: readonly SubtitleLine[];
  transcript: Transcript;
  /** The lines as last saved (or loaded): the transcript is dirty while its lines are another array. */
  saved: readonly DraftLine[];
  /** The server's copy changed (another tab saved) while this one had unsaved edits. */
  stale: boolean;
}

function fresh(source: readonly SubtitleLine[]): EditorState {
  const transcript = fromLines(source);
  return { source, transcript, saved: transcript.lines, stale: false };
}

/**
 * The editing model in React: one transcript with its undo history, rebuilt from the server's lines
 * whenever they change to something else and nothing is unsaved. A rule an edit breaks is shown as a warning (spec §5, §8).
 */
export function useTranscriptEditor(serverLines: readonly SubtitleLine[]) {
  const { message } = App.useApp();
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
    if (dirty) next = { ...state, source: serverLines, stale: true };
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
      const result = edit(latest.current.transcript);
      if (!result.ok) {
        const own = handle[result.error];
        if (own) own();
        else void message.warning({ content: t(`recordDetail.errors.${result.error}`), key: 'detail-edit' });
        return false;
      }
      if (result.transcript !== latest.current.transcript) update({ ...latest.current, transcript: result.transcript });
      return true;
    },
    [message, t, update],
  );

  const settle = useCallback(() => {
    const { transcript } = latest.current;
    const settled = endTyping(transcript);
    if (settled !== transcript) update({ ...latest.current, transcript: settled });
  }, [update]);

  return {
    lines: state.transcript.lines,
    dirty,
    stale: state.stale,
    apply,
    /** Leaving a text field: typing there again is a new undo step. */
    settle,
    undo: useCallback(() => apply(undo), [apply]),
    /** `lines` reached the server: they are the clean state now. */
    markSaved: useCallback((lines: readonly DraftLine[]) => update({ ...latest.current, saved: lines, stale: false }), [update]),
    /** Drops unsaved edits for the server's current lines. */
    discard: useCallback(() => update(fresh(latest.current.source)), [update]),
  };
}
