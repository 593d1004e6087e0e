import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { useSaveTranscript } from './hooks';
import { refusedSave } from './refusal';
import { toEditedLines } from './transcript-edit';
import type { DraftLine } from './transcript-edit';
import type { useTranscriptEditor } from './use-transcript-editor';

/**
 * Edits are saved `delayMs` after the last one: typing a sentence is one save, not one per key. An object, so
 * tests of saving by hand can hold autosave off and tests of autosave need not wait long.
 */
export const AUTOSAVE = { delayMs: 3000 };

/**
 * What the page says about its edits: saved; unsaved (a save is coming); saving; refused (a line breaks a
 * rule, shown on it, and nothing is sent again until it changes); or in conflict with another tab's save.
 */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'refused' | 'conflict';

type Editor = ReturnType<typeof useTranscriptEditor>;

/**
 * Saves the transcript a few seconds after each edit, and at once when asked (Save, or Export and Translate,
 * which work from what is saved). The conflict rule between tabs: a tab never saves over another tab's save
 * on its own; while the other tab's change is unresolved, this tab waits for the user to choose (editor.stale).
 */
export function useAutosave(recordId: number, editor: Editor, { enabled, changed }: { enabled: boolean; changed: () => Promise<void> }) {
  const { message } = useFeedback();
  const { t } = useTranslation();
  // mutateAsync keeps its identity (the mutation object does not), so the timer is not reset by every render.
  const { mutateAsync, isPending } = useSaveTranscript(recordId);
  const [refused, setRefused] = useState<readonly DraftLine[] | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const { lines, dirty, stale, markSaved, flagSaveRefusal } = editor;
  const latest = useRef({ lines, dirty, stale });
  latest.current = { lines, dirty, stale };

  /**
   * Saves what is on screen now; true when it is all on the server (also when there was nothing to save).
   * `announce`: a save the user asked for says it is done; autosave only changes the state shown.
   */
  const saveNow = useCallback(
    async ({ announce = false } = {}): Promise<boolean> => {
      // One save at a time, in order: the edits made while one is on its way go in the next.
      if (inFlight.current) await inFlight.current;
      const { lines: current, dirty: unsaved, stale: conflict } = latest.current;
      if (!unsaved) return true;
      if (conflict) return false;
      const sending = mutateAsync(toEditedLines(current))
        .then(() => {
          markSaved(current);
          setRefused(null);
          if (announce) void message.success(t('recordDetail.saved'));
          void changed();
          return true;
        })
        .catch((error: unknown) => {
          // The request layer has shown the server's words; a refusal that names a line also takes the user there.
          const reason = refusedSave(error);
          if (reason) flagSaveRefusal(current, reason);
          setRefused(current);
          return false;
        })
        .finally(() => {
          inFlight.current = null;
        });
      inFlight.current = sending;
      return sending;
    },
    [mutateAsync, markSaved, flagSaveRefusal, changed, message, t],
  );

  useEffect(() => {
    if (!enabled || !dirty || stale || lines === refused) return;
    const timer = setTimeout(() => void saveNow(), AUTOSAVE.delayMs);
    return () => clearTimeout(timer);
  }, [enabled, dirty, stale, lines, refused, saveNow]);

  let state: SaveState = 'saved';
  if (stale) state = 'conflict';
  else if (isPending) state = 'saving';
  else if (dirty) state = lines === refused ? 'refused' : 'unsaved';
  return { state, saveNow };
}
