import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordDetail, SubtitleLine } from '../../contracts/records';
import type { EditedLine } from '../../contracts/transcription';
import { RECORD_CHANNEL } from '../../web/features/record-detail/broadcast';
import { AUTOSAVE } from '../../web/features/record-detail/use-autosave';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { openPopup } from './helpers/popup';
import { askPanelReply, fail, ok, recordRow } from './helpers/records';
import { renderAt } from './helpers/render-app';

/**
 * The record page's editing beyond the subtitle rules (tests/web/record-detail.test.tsx): giving lines to
 * another speaker, autosave with its states and the rule between two tabs, Undo and Redo that say what they
 * do and when they can, and Escape closing the shortcuts' popover.
 */

const server = useApiServer();
useFakeApp(server, fakeApi);
const ID = 7;
let detail: RecordDetail;

const line = (id: number, start: number, text: string, speaker: string): SubtitleLine => ({
  id,
  seq: id - 1,
  start,
  end: start + 4000,
  text,
  speaker,
  translations: {},
});

function fakeApi({ url, body }: RecordedRequest): Reply {
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/audio/transcribe/getTrans':
      return ok(detail);
    case '/speech/audio/transcribe/media':
      return ok({ url: 'http://127.0.0.1:1/media/clip.mp3', kind: 'audio' });
    case '/speech/audio/transcribe/words':
      return ok({ lines: [] });
    case '/speech/audio/transcribe/editDetails': {
      const { lines } = JSON.parse(body) as { lines: EditedLine[] };
      detail = { ...detail, lines: lines.map((l, i) => ({ id: 100 + i, seq: i, speaker: '', translations: {}, ...l })) };
      return ok(null);
    }
    case '/ai/ai/queryMediaSummary':
      return ok({ recordId: ID, status: 'none', errorReason: null, summary: null, stale: false, generatedAt: null });
    default:
      return askPanelReply(url.pathname.replace('/prod-api', '')) ?? fail(404, `No route ${url.pathname}`);
  }
}

const saves = () =>
  server.requests
    .filter((r) => r.url.pathname.endsWith('/editDetails'))
    .map((r) => (JSON.parse(r.body) as { lines: EditedLine[] }).lines.map((l) => `${l.speaker}: ${l.text}`));
const state = () => screen.getByTestId('detail-save-state');
const speakerOf = (index: number) => screen.getByTestId(`detail-line-speaker-${index}`).textContent;
/** The page's first render (lazy page, antd) can take many seconds on a busy machine. */
const loaded = () => screen.findByTestId('detail-line-2', {}, { timeout: 45_000 });

beforeEach(() => {
  detail = {
    record: recordRow(ID, { name: 'Planning', duration: 30 }),
    lines: [line(1, 0, 'Shall we start?', 'Anna'), line(2, 5000, 'Yes, the budget first.', 'Anna'), line(3, 10_000, 'Agreed.', 'Ben')],
  };
  AUTOSAVE.delayMs = 3_600_000;
});

describe('record page editing', () => {
  it('gives one line, or a selection of lines, to another speaker, existing or new, as one undoable step', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await loaded();

    // The recogniser gave line 2 to Anna: it is Ben's. The other lines of Anna stay hers.
    fireEvent.click(screen.getByTestId('detail-line-speaker-1'));
    const menu = await openPopup('.ant-dropdown');
    fireEvent.click(within(menu).getByText('Ben'));
    await waitFor(() => expect(speakerOf(1)).toBe('Ben'));
    expect(speakerOf(0)).toBe('Anna');
    expect(screen.getByTestId('detail-speakers').textContent).toContain('Ben2 lines');

    // Two lines chosen, given to a speaker the transcript did not have, named as the user likes.
    fireEvent.click(screen.getByTestId('detail-line-select-0'));
    fireEvent.click(screen.getByTestId('detail-line-select-2'));
    expect(screen.getByTestId('detail-selection').textContent).toContain('2 lines selected');
    fireEvent.click(screen.getByTestId('detail-selection-speaker'));
    fireEvent.click(within(await openPopup('.ant-dropdown')).getByTestId('detail-speaker-new'));
    const name = (await screen.findByTestId('detail-new-speaker-input')) as HTMLInputElement;
    // Offered: the next default name, in the reader's language.
    expect(name.value).toBe('Speaker 1');
    fireEvent.change(name, { target: { value: 'Chen' } });
    fireEvent.click(screen.getByTestId('detail-new-speaker-submit'));
    await waitFor(() => expect(speakerOf(0)).toBe('Chen'));
    expect(speakerOf(1)).toBe('Ben');
    expect(speakerOf(2)).toBe('Chen');
    expect(screen.queryByTestId('detail-selection')).toBeNull();

    // Undo takes the whole move back; Redo says what it does and brings it back.
    const undo = screen.getByTestId('detail-undo') as HTMLButtonElement;
    const redo = screen.getByTestId('detail-redo') as HTMLButtonElement;
    expect(redo.disabled).toBe(true);
    expect(redo.textContent).toBe('Redo');
    fireEvent.click(undo);
    expect([speakerOf(0), speakerOf(1), speakerOf(2)]).toEqual(['Anna', 'Ben', 'Ben']);
    expect(redo.disabled).toBe(false);
    fireEvent.click(redo);
    expect(speakerOf(2)).toBe('Chen');
    expect(redo.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('detail-save'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual(['Chen: Shall we start?', 'Ben: Yes, the budget first.', 'Chen: Agreed.']);
  });

  it('rests Undo and Redo until there is something to take back, and names them with their keys', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await loaded();
    const undo = screen.getByTestId('detail-undo') as HTMLButtonElement;
    const redo = screen.getByTestId('detail-redo') as HTMLButtonElement;
    expect([undo.disabled, redo.disabled]).toEqual([true, true]);
    expect(undo.textContent).toBe('Undo');
    expect(redo.getAttribute('aria-label')).toBe('Redo');

    fireEvent.pointerEnter(undo);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Undo (Ctrl+Z)');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('saves by itself a few seconds after an edit, showing unsaved, saving and saved', async () => {
    AUTOSAVE.delayMs = 300;
    renderAt(`/meetingDetail?id=${ID}`);
    await loaded();
    expect(state().textContent).toBe('All changes saved');

    fireEvent.click(screen.getByTestId('detail-line-edit-0'));
    fireEvent.change(screen.getByTestId('detail-line-text-0'), { target: { value: 'Shall we begin?' } });
    expect(state().textContent).toBe('Unsaved changes: saving in a moment…');
    expect(saves()).toHaveLength(0);
    await waitFor(() => expect(saves()).toEqual([['Anna: Shall we begin?', 'Anna: Yes, the budget first.', 'Ben: Agreed.']]), { timeout: 10_000 });
    await waitFor(() => expect(state().textContent).toBe('All changes saved'));
  });

  it('never saves over another tab’s save on its own: the user keeps theirs or loads the other', async () => {
    const otherTab = new BroadcastChannel(RECORD_CHANNEL);
    try {
      renderAt(`/meetingDetail?id=${ID}`);
      await loaded();
      fireEvent.click(screen.getByTestId('detail-line-edit-0'));
      // Another tab saves while this one has an edit waiting.
      detail = { ...detail, lines: [line(1, 0, 'Their version.', 'Anna'), ...detail.lines.slice(1)] };
      fireEvent.change(screen.getByTestId('detail-line-text-0'), { target: { value: 'My version.' } });
      otherTab.postMessage({ id: ID });
      await screen.findByText('This record was changed in another tab or window.', {}, { timeout: 15_000 });
      expect(state().textContent).toBe('Not saved: changed in another tab');
      // Export waits, and says why when pointed at.
      const exportButton = screen.getByTestId('detail-export') as HTMLButtonElement;
      expect(exportButton.disabled).toBe(true);
      fireEvent.pointerEnter(exportButton);
      expect((await screen.findByRole('tooltip')).textContent).toBe('Choose which changes to keep first (see the warning above the transcript).');
      fireEvent.pointerLeave(exportButton);

      // Choosing their own version lets autosave go on, over the other tab's.
      AUTOSAVE.delayMs = 200;
      fireEvent.click(screen.getByTestId('detail-keep-mine'));
      // One save, the user's, after they chose.
      await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 10_000 });
      expect(saves()[0]![0]).toBe('Anna: My version.');
      await waitFor(() => expect(state().textContent).toBe('All changes saved'));
    } finally {
      otherTab.close();
    }
  });

  it('closes the keyboard shortcuts with Escape, uncovering the speakers', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    await loaded();
    // The help sits under the player, which comes once the media's address is in.
    fireEvent.click(await screen.findByTestId('detail-shortcuts-help', {}, { timeout: 45_000 }));
    // The popover's code loads on this first press.
    await screen.findByTestId('detail-shortcuts', {}, { timeout: 45_000 });
    await openPopup('.ant-popover');
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect([...document.querySelectorAll('.ant-popover')].every((p) => /-hidden\b/.test(p.className))).toBe(true));
  });
});
