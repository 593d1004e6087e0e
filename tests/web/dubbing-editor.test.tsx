import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DubLineRow, DubProject, DubSpeaker, DubVoice } from '../../contracts/dubbing';
import type { LineEdit } from '../../web/features/dubbing/api';
import { usePayDialog } from '../../web/features/pay/store';
import { setLocale } from '../../web/i18n';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { newFakePay, payReply } from './helpers/pay';
import type { FakePay } from './helpers/pay';
import { openPopup } from './helpers/popup';
import { fail, ok, recordRow } from './helpers/records';
import { renderAt } from './helpers/render-app';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi);
const ID = 7;
const BASE = '/speech/video/transcribe';

const VOICES: DubVoice[] = [
  { id: 'en-f1', name: 'Ava', language: 'en-US', gender: 'female', backend: 'espeak-ng' },
  { id: 'en-m1', name: 'Leo', language: 'en-US', gender: 'male', backend: 'espeak-ng' },
];

function line(id: number, start: number, end: number, text: string, translation: string, speaker: string): DubLineRow {
  return { id, seq: id - 1, start, end, text, translation, speaker, voice: '', fit: 'fits', tempo: 1, changed: false };
}

function sampleProject(overrides: Partial<DubProject> = {}, record: Partial<DubProject['record']> = {}): DubProject {
  return {
    record: recordRow(ID, {
      name: 'Product launch',
      type: 'dubbing',
      status: 'dub_complete',
      duration: 1200,
      audioLanguage: 'zh-CN',
      translationLanguage: 'en-US',
      ...record,
    }),
    stage: 'done',
    progress: 100,
    form: {
      audioLanguage: 'zh-CN',
      translationLanguage: 'en-US',
      maxSpeakers: 10,
      maxSpeakersAuto: false,
      exportSubtitleInVideo: false,
      cloneVoices: true,
      subtitleFontSize: 14,
      subtitleMaxCharCountPerSegment: 30,
      subtitleOutlineColor: '#000000',
      subtitlePrimaryColor: '#ffffff',
    },
    originalUrl: 'http://127.0.0.1:1/media/launch.mp4',
    dubbedUrl: 'http://127.0.0.1:1/media/launch-dubbed.mp4',
    expiresAt: Date.UTC(2026, 0, 22, 10, 0),
    changedLines: 0,
    redubSeconds: 600,
    ...overrides,
  };
}

let project: DubProject;
let lines: DubLineRow[];
let speakers: DubSpeaker[];
let pay: FakePay;
/** What re-dubbing answers. */
let redubReply: () => Reply;
/** What saving edits answers, when not the save itself. */
let editsReply: Reply | null;

function fakeApi({ url, body }: RecordedRequest): Reply {
  const path = url.pathname.replace('/prod-api', '');
  const payCall = payReply(pay, path, body);
  if (payCall) return payCall;
  switch (path) {
    case `${BASE}/getFileByTaskId`:
    case `${BASE}/getSynthesis`:
      return Number(url.searchParams.get('id')) === ID ? ok(project) : fail(404, 'This dubbing project does not exist.');
    case `${BASE}/getFileDataContentPageList`: {
      const { pageNum, pageSize } = JSON.parse(body) as { pageNum: number; pageSize: number };
      return ok({ rows: lines.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: lines.length });
    }
    case `${BASE}/getSpeakerList`:
      return ok(speakers);
    case `${BASE}/serviceNameList`:
      return ok(VOICES);
    case `${BASE}/edits`: {
      if (editsReply) return editsReply;
      const edits = (JSON.parse(body) as { lines: LineEdit[] }).lines;
      lines = lines.map((l) => {
        const change = edits.find((e) => e.id === l.id);
        return change ? { ...l, ...change, changed: true } : l;
      });
      project = { ...project, changedLines: lines.filter((l) => l.changed).length };
      return ok(project);
    }
    case `${BASE}/editSpeaker`: {
      const { speaker, voice } = JSON.parse(body) as { speaker: string; voice?: string };
      speakers = speakers.map((s) => (s.speaker === speaker && voice ? { ...s, voice, mode: 'chosen' } : s));
      // A new voice changes what that speaker's lines sound like: each is spoken again on the next re-dub.
      if (voice) project = { ...project, changedLines: lines.filter((l) => l.speaker === speaker).length };
      return ok(speakers);
    }
    case `${BASE}/videoSynthesis`:
      return redubReply();
    case `${BASE}/getIteration`:
      return ok([]);
    default:
      return fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api${BASE}${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;
const translation = (index: number) => screen.getByTestId(`dub-line-translation-${index}`) as HTMLTextAreaElement;
const time = (edge: 'start' | 'end', index: number) => screen.getByTestId(`dub-line-${edge}-${index}`) as HTMLInputElement;
const saveButton = () => screen.getByTestId('dub-save') as HTMLButtonElement;
const redubButton = () => screen.getByTestId('dub-redub') as HTMLButtonElement;

function typeTime(input: HTMLInputElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** The editor of project ID, once its lines are shown. */
async function openEditor(path = `/dub?id=${ID}`) {
  const router = renderAt(path);
  // The first render of a file loads the editor's modules: generous on a busy machine.
  await screen.findByTestId('dub-line-translation-0', {}, { timeout: 45_000 });
  return router;
}

beforeEach(() => {
  pay = newFakePay();
  project = sampleProject();
  lines = [
    line(1, 0, 4000, '大家好，欢迎来到发布会。', 'Hello everyone, welcome to the launch.', 'Speaker 1'),
    line(2, 5000, 9000, '今天我们介绍新产品。', 'Today we introduce the new product.', 'Speaker 2'),
    line(3, 10_000, 14_000, '请看大屏幕。', 'Please look at the big screen.', 'Speaker 1'),
  ];
  speakers = [
    { speaker: 'Speaker 1', voice: 'clone:elevenlabs:Speaker 1', mode: 'cloned', lines: 2 },
    { speaker: 'Speaker 2', voice: '', mode: 'matched', lines: 1 },
  ];
  redubReply = () => ok(sampleProject({ stage: 'synthesizing', progress: 5, changedLines: 0 }, { status: 'dubbing' }));
  editsReply = null;
});

afterEach(() => {
  act(() => usePayDialog.getState().close(true));
});

describe('/dub editor', () => {
  it('shows the project’s name, status, video and lines with their source and translation', async () => {
    await openEditor();
    expect(screen.getByTestId('dub-title').textContent).toBe('Product launch');
    expect(screen.getByTestId('dub-status').textContent).toBe('Dubbed');
    expect(calls('/getFileByTaskId')[0]!.url.searchParams.get('id')).toBe(String(ID));
    expect(jsonOf(calls('/getFileDataContentPageList')[0]!)).toMatchObject({ id: ID, pageNum: 1 });

    expect(screen.getByTestId('dub-line-text-0').textContent).toBe('大家好，欢迎来到发布会。');
    expect(translation(0).value).toBe('Hello everyone, welcome to the launch.');
    expect(screen.getByTestId('dub-line-text-1').textContent).toBe('今天我们介绍新产品。');
    expect(translation(1).value).toBe('Today we introduce the new product.');
    expect(time('start', 1).value).toBe('00:05.000');
    expect(time('end', 1).value).toBe('00:09.000');
    expect(screen.getByTestId('dub-line-1').textContent).toContain('Speaker 2');
    expect(screen.queryByTestId('dub-line-changed-0')).toBeNull();

    const video = screen.getByTestId('dub-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('http://127.0.0.1:1/media/launch-dubbed.mp4');
    fireEvent.click(within(screen.getByTestId('dub-preview-switch')).getByText('Original'));
    await waitFor(() => expect(screen.getByTestId('dub-video').getAttribute('src')).toBe('http://127.0.0.1:1/media/launch.mp4'));

    const cast = await screen.findAllByTestId('dub-speaker');
    expect(cast.map((s) => s.getAttribute('data-speaker'))).toEqual(['Speaker 1', 'Speaker 2']);
    // Each voice says how it was made: the first speaker's is cloned from their own lines, the second's matched.
    expect(cast.map((s) => within(s).getByTestId('dub-speaker-mode').textContent)).toEqual(['Cloned voice', 'Matched voice']);
    expect(within(cast[0]!).getByTestId('dub-speaker-voice').textContent).toBe('Own voice (cloned)');
    expect((within(cast[0]!).getByTestId('dub-speaker-preview') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('dub-progress')).toBeNull();
    // Nothing changed since the last dubbing: nothing to speak again, so no charge is shown and it cannot start.
    expect(redubButton().disabled).toBe(true);
    expect(redubButton().textContent).toBe('Re-dub');
    expect(saveButton().disabled).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('shows default speaker names in the reader’s language, in the lines and the speakers panel', async () => {
    try {
      await setLocale('zh-CN');
      await openEditor();
      expect(screen.getByTestId('dub-line-1').textContent).toContain('说话人2');
      expect(screen.getByTestId('dub-line-1').textContent).not.toContain('Speaker 2');
      const cast = await screen.findAllByTestId('dub-speaker');
      expect(cast.map((s) => s.querySelector('.dub-speaker-name')!.textContent)).toEqual(['说话人1', '说话人2']);
      // What is sent back names the speaker as stored.
      expect(cast.map((s) => s.getAttribute('data-speaker'))).toEqual(['Speaker 1', 'Speaker 2']);
    } finally {
      await setLocale('en-US');
    }
  });

  it('is the same editor under /audioEdit', async () => {
    await openEditor(`/audioEdit?id=${ID}`);
    expect(screen.getByTestId('dub-title').textContent).toBe('Product launch');
  });

  it('saves an edited translation, marking the line edited', async () => {
    await openEditor();
    expect(screen.getByText('All changes saved')).toBeTruthy();
    fireEvent.change(translation(1), { target: { value: 'Today we present our new product.' } });
    expect(screen.getByTestId('dub-line-changed-1').textContent).toBe('Edited');
    expect(screen.queryByTestId('dub-line-changed-0')).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // Re-dubbing would not hear unsaved edits.
    expect(redubButton().disabled).toBe(true);

    fireEvent.click(saveButton());
    await screen.findByText('Changes saved');
    expect(calls('/edits').map(jsonOf)).toEqual([{ id: ID, lines: [{ id: 2, translation: 'Today we present our new product.' }] }]);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.getByText('All changes saved')).toBeTruthy();
    // The server marks the line edited until the next dubbing; now there is something to re-dub, and its charge shows.
    await waitFor(() => expect(calls('/getFileDataContentPageList').length).toBeGreaterThan(1));
    expect(translation(1).value).toBe('Today we present our new product.');
    expect(screen.getByTestId('dub-line-changed-1')).toBeTruthy();
    expect(redubButton().disabled).toBe(false);
    expect(redubButton().textContent).toBe('Re-dub (charges 10 min)');
  });

  it('puts a translation typed back to what it was back to unedited', async () => {
    await openEditor();
    fireEvent.change(translation(0), { target: { value: 'Hi all.' } });
    expect(screen.getByTestId('dub-line-changed-0')).toBeTruthy();
    fireEvent.change(translation(0), { target: { value: 'Hello everyone, welcome to the launch.' } });
    expect(screen.queryByTestId('dub-line-changed-0')).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('refuses times that break the subtitle rules, naming the line, and saves one that keeps them', async () => {
    await openEditor();
    const note = async (index: number) => (await screen.findByTestId(`dub-line-note-${index}`)).textContent;
    typeTime(time('end', 1), '00:04.000');
    expect(await note(1)).toBe('Line 2 cannot end before it starts at 00:05.000. Enter 00:05.000 or later.');
    expect(screen.getByTestId('dub-line-1').className).toContain('flagged');
    expect(time('end', 1).value).toBe('00:09.000');

    typeTime(time('start', 1), '00:03.000');
    expect(await note(1)).toBe('Line 2 would overlap line 1, which ends at 00:04.000. Enter 00:04.000 or later.');
    expect(time('start', 1).value).toBe('00:05.000');

    typeTime(time('end', 1), '00:11.000');
    expect(await note(1)).toBe('Line 2 would overlap line 3, which starts at 00:10.000. Enter 00:10.000 or earlier.');
    expect(time('end', 1).value).toBe('00:09.000');

    typeTime(time('end', 2), '20:01.000');
    expect(await note(2)).toBe('Line 3 would end after the audio or video ends at 20:00.000. Enter 20:00.000 or earlier.');

    typeTime(time('start', 2), 'soon');
    expect(await note(2)).toBe('Line 3: enter the time as HH:MM:SS.mmm or MM:SS.mmm.');
    expect(time('start', 2).value).toBe('00:10.000');
    expect(screen.queryByTestId('dub-line-changed-1')).toBeNull();
    expect(saveButton().disabled).toBe(true);

    typeTime(time('end', 1), '00:09.500');
    expect(time('end', 1).value).toBe('00:09.500');
    expect(screen.queryByTestId('dub-line-note-2')).toBeNull();
    expect(screen.getByTestId('dub-line-changed-1')).toBeTruthy();
    fireEvent.click(saveButton());
    await screen.findByText('Changes saved');
    expect(calls('/edits').map(jsonOf)).toEqual([{ id: ID, lines: [{ id: 2, end: 9500 }] }]);
  });

  // Fifty lines a page: the slowest page to render in jsdom, so one test covers both later-page cases.
  it('takes the user to the line the server refused, on its page, and numbers lines there across the project', { timeout: 150_000 }, async () => {
    lines = Array.from({ length: 53 }, (_, i) => line(i + 1, i * 2000, i * 2000 + 1500, `第 ${i + 1} 句`, `Line ${i + 1}`, 'Speaker 1'));
    const refusal = 'Line 53 (01:44.000) starts before line 52 ends at 01:44.200. Set its start to 01:44.200 or later, or end line 52 earlier.';
    editsReply = { status: 400, body: { code: 400, msg: refusal, data: { line: 52, id: 53 } } };
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    await openEditor();
    fireEvent.change(translation(0), { target: { value: 'Hello all.' } });
    fireEvent.click(saveButton());

    const note = await screen.findByTestId('dub-line-note-2');
    expect(note.textContent).toBe(refusal);
    expect(translation(2).value).toBe('Line 53');
    expect(screen.getByTestId('dub-line-2').className).toContain('flagged');
    expect(scroll.mock.contexts).toContain(screen.getByTestId('dub-line-2'));
    expect(toasts).toEqual([refusal]);
    expect(saveButton().disabled).toBe(false);

    typeTime(time('start', 1), '01:41.000');
    expect((await screen.findByTestId('dub-line-note-1')).textContent).toBe(
      'Line 52 would overlap line 51, which ends at 01:41.500. Enter 01:41.500 or later.',
    );
  });

  it('re-dubs after a confirmation naming the charge, then shows the progress', async () => {
    project = sampleProject({ changedLines: 2 });
    await openEditor();
    fireEvent.click(redubButton());
    const confirm = await openPopup('.ant-modal-confirm');
    expect(confirm.textContent).toContain('Re-dub this video?');
    expect(confirm.textContent).toContain(
      '2 edited lines are spoken again. Re-dubbing charges half the video length: 10 minutes of your AI voiceover package.',
    );
    expect(calls('/videoSynthesis')).toEqual([]);

    fireEvent.click(within(confirm).getByTestId('dub-redub-confirm'));
    const progress = await screen.findByTestId('dub-progress');
    expect(calls('/videoSynthesis').map(jsonOf)).toEqual([{ id: ID }]);
    expect(progress.textContent).toContain('Speaking the lines…');
    expect(screen.getByTestId('dub-status').textContent).toBe('Dubbing');
    expect(redubButton().disabled).toBe(true);
  });

  it('while dubbing runs shows the stage, progress and time left, keeps the lines read-only and follows it to the end', async () => {
    project = sampleProject(
      { stage: 'synthesizing', progress: 42, dubbedUrl: null, expiresAt: null },
      { status: 'dubbing', progress: { stage: 'synthesizing', percent: 62, etaSeconds: 90 } },
    );
    await openEditor();
    const progress = screen.getByTestId('dub-progress');
    expect(progress.textContent).toContain('Speaking the new voice');
    expect(progress.textContent).toContain('62%');
    expect(progress.textContent).toMatch(/\d+ min left/);
    expect(screen.getByTestId('dub-status').textContent).toBe('Dubbing');
    expect(redubButton().disabled).toBe(true);
    expect(translation(0).readOnly).toBe(true);
    expect(time('start', 0).readOnly).toBe(true);
    expect(screen.getByTestId('dub-video').getAttribute('src')).toBe('http://127.0.0.1:1/media/launch.mp4');

    project = sampleProject();
    lines = lines.map((l) => ({ ...l, fit: l.id === 3 ? 'sped' : 'fits', tempo: l.id === 3 ? 1.2 : 1 }));
    await waitFor(() => expect(screen.queryByTestId('dub-progress')).toBeNull());
    expect(calls('/getSynthesis').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByTestId('dub-status').textContent).toBe('Dubbed');
    // The run spoke every change: nothing is left to re-dub.
    expect(redubButton().disabled).toBe(true);
    expect(translation(0).readOnly).toBe(false);
    // The finished run wrote the lines: they are fetched again and show how each was fitted.
    await waitFor(() => expect(screen.getByTestId('dub-line-2').textContent).toContain('Sped up 1.2×'));
  });

  it('shows a failed project’s reason and retries it', async () => {
    project = sampleProject({ stage: 'failed', progress: 0, dubbedUrl: null }, { status: 'dub_err', errorReason: 'The voice engine did not answer.' });
    await openEditor();
    expect(screen.getByText('Dubbing failed', { selector: '.ant-alert-message' })).toBeTruthy();
    expect(screen.getByText('The voice engine did not answer.')).toBeTruthy();
    // A failed run is finished by Retry, at no charge: the header's paid re-dub waits.
    expect(redubButton().disabled).toBe(true);
    expect(redubButton().textContent).toBe('Re-dub');
    redubReply = () => ok(sampleProject({ stage: 'transcribing', progress: 0 }, { status: 'dub_start' }));

    fireEvent.click(screen.getByTestId('dub-retry'));
    const progress = await screen.findByTestId('dub-progress');
    expect(progress.textContent).toContain('Recognising speech…');
    expect(calls('/videoSynthesis').map(jsonOf)).toEqual([{ id: ID }]);
    expect(screen.queryByTestId('dub-retry')).toBeNull();
    expect(screen.getByTestId('dub-status').textContent).toBe('Waiting to dub');
  });

  it('opens the pay dialog on the AI voiceover tab when the package cannot pay for a re-dub', async () => {
    redubReply = () => ({ status: 200, body: { code: 92505000, msg: 'Insufficient balance, please buy and recharge', data: null } });
    project = sampleProject({ changedLines: 1 });
    await openEditor();
    fireEvent.click(redubButton());
    fireEvent.click(within(await openPopup('.ant-modal-confirm')).getByTestId('dub-redub-confirm'));

    expect(await screen.findByText('Insufficient balance, please buy and recharge', { selector: '.ant-message *' })).toBeTruthy();
    const payDialog = await screen.findByTestId('pay-dialog');
    await waitFor(() => expect(payDialog.querySelector('.ant-tabs-tab-active')!.textContent).toBe('Smart dubbing'));
    expect(screen.queryByTestId('dub-progress')).toBeNull();
    expect(screen.getByTestId('dub-status').textContent).toBe('Dubbed');
    expect(toasts).toEqual([]);
  });

  it('gives a speaker another voice', async () => {
    await openEditor();
    const [, second] = await screen.findAllByTestId('dub-speaker');
    const select = within(second!).getByTestId('dub-speaker-voice');
    expect(select.textContent).toBe('Choose a voice');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
    const popup = await openPopup('.ant-select-dropdown');
    fireEvent.click(await within(popup).findByTitle('Leo · male'));
    await waitFor(() => expect(calls('/editSpeaker').map(jsonOf)).toEqual([{ id: ID, speaker: 'Speaker 2', voice: 'en-m1' }]));
    await waitFor(() => expect(within(second!).getByTestId('dub-speaker-voice').textContent).toBe('Leo · male'));
    expect(within(second!).getByTestId('dub-speaker-mode').textContent).toBe('Chosen voice');
    // Now something changed: the re-dub is offered, with its charge.
    await waitFor(() => expect(redubButton().disabled).toBe(false));
    expect(redubButton().textContent).toBe('Re-dub (charges 10 min)');
  });

  it('says which project is missing when the link has no id', async () => {
    renderAt('/dub');
    expect((await screen.findByTestId('detail-error', {}, { timeout: 15_000 })).textContent).toContain(
      'No dubbing project was named. Open one from your records.',
    );
    expect(calls('/getFileByTaskId')).toEqual([]);
  });

  it('says when the project cannot be loaded, with the server’s reason', async () => {
    renderAt('/dub?id=77');
    const problem = await screen.findByTestId('detail-error', {}, { timeout: 15_000 });
    await waitFor(() => expect(problem.textContent).toContain('This dubbing project could not be loaded. It may have been deleted.'));
    expect(problem.textContent).toContain('This dubbing project does not exist.');
    // Silent: the page says it, not a toast.
    expect(toasts).toEqual([]);
  });
});
