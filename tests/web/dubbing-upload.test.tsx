import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DubTranswriteBody } from '../../contracts/dubbing';
import type { LanguageLists } from '../../contracts/engine-languages';
import type { UploadInitResponse, UploadedFile } from '../../contracts/uploads';
import { useDubDialog } from '../../web/features/dubbing/store';
import { STYLE_STORAGE_KEY } from '../../web/features/dubbing/subtitle-style';
import { storeCurrentFolder } from '../../web/features/folders/current-folder';
import { usePayDialog } from '../../web/features/pay/store';
import { setDurationReader } from '../../web/features/upload/duration';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { newFakePay, payReply } from './helpers/pay';
import type { FakePay } from './helpers/pay';
import { openPopup } from './helpers/popup';
import { fail, ok, sampleTree } from './helpers/records';
import { renderAt } from './helpers/render-app';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi);
const MB = 1024 * 1024;
const GB = 1024 * MB;

const LANGUAGES: LanguageLists = {
  transcribeLanguage: [
    { code: 'zh-CN', name: 'Chinese (Simplified)' },
    { code: 'en-US', name: 'English' },
  ],
  translation: [
    { code: 'zh-CN', name: 'Chinese (Simplified)' },
    { code: 'en-US', name: 'English' },
    { code: 'ja-JP', name: 'Japanese' },
  ],
};

const SHORTAGE: Reply = { status: 200, body: { code: 92505001, msg: 'Package quota used up, buy and recharge', data: null } };

interface Scenario {
  /** What completing an upload answers, given the file the server made for it. */
  complete: (file: UploadedFile) => Reply;
  cost: () => Reply;
  transwrite: (body: DubTranswriteBody) => Reply;
  srt: () => Reply;
}

let scenario: Scenario;
let pay: FakePay;
/** The server's uploads by upload id, and the ids a transwrite took (a taken file cannot be submitted again). */
let uploads: Map<string, UploadedFile>;
let submitted: Set<number>;
let nextRecord: number;

function fakeApi({ url, body }: RecordedRequest): Reply {
  if (url.pathname.startsWith('/storage/')) return { status: 200, body: '', headers: { ETag: '"e1"' } };
  const path = url.pathname.replace('/prod-api', '');
  const payCall = payReply(pay, path, body);
  if (payCall) return payCall;
  switch (path) {
    case '/speech/folder/getFolder':
      return ok(sampleTree());
    case '/speech/audio/transcribe/query':
      return ok({ rows: [], total: 0 });
    case '/speech/video/transcribe/getLanguage':
      return ok(LANGUAGES);
    case '/speech/video/transcribe/create': {
      const { oriFileName, fileSize } = JSON.parse(body) as { oriFileName: string; fileSize: number };
      const id = 41 + uploads.size;
      uploads.set(`up-${oriFileName}`, {
        id,
        name: oriFileName,
        size: fileSize,
        duration: 125,
        audioDuration: 125,
        createTime: 1_700_000_000_000,
        state: 'uploaded',
      });
      const init: UploadInitResponse = {
        id,
        uploadId: `up-${oriFileName}`,
        uploadUrls: [`${server.origin}/storage/${id}/1`],
        objectName: `dubbing/1/${oriFileName}`,
        chunkSize: 4 * MB,
        uploadedParts: [],
      };
      return ok(init);
    }
    case '/speech/video/transcribe/uploadBlock':
      return ok({ uploadedParts: [1] });
    case '/speech/video/transcribe/upload': {
      const { uploadId } = JSON.parse(body) as { uploadId: string };
      return scenario.complete(uploads.get(uploadId)!);
    }
    case '/speech/audio/transcribe/removeUpload':
      return ok({ removed: (JSON.parse(body) as { ids: number[] }).ids.length });
    case '/expense/cost/dubbingAccountCostBefore':
      return scenario.cost();
    case '/speech/video/transcribe/transwrite': {
      const request = JSON.parse(body) as DubTranswriteBody;
      const id = request.ids[0]!;
      if (submitted.has(id)) return fail(409, 'The uploaded file is not ready or was already submitted.');
      const reply = scenario.transwrite(request);
      if ((reply.body as { data?: { code?: number } } | undefined)?.data?.code === 200) submitted.add(id);
      return reply;
    }
    case '/file/upload':
      return scenario.srt();
    default:
      return fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;

/** A file as a browser hands it over: picked files have an empty relative path, a folder's files their path in it. */
function media(name: string, { size = 2048, path = '' }: { size?: number; path?: string } = {}): File {
  const file = new File(['x'.repeat(Math.min(size, 4096))], name, { lastModified: 1_700_000_000_000 });
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  if (size > 4096) Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  pay = newFakePay();
  uploads = new Map();
  submitted = new Set();
  nextRecord = 501;
  scenario = {
    complete: (file) => ok(file),
    cost: () => ok({ accountType: 'dubbing' }),
    transwrite: () => ok({ code: 200, msg: 'Dubbing started', ids: [nextRecord++] }),
    srt: () => ok({ url: 'https://files.example/srt/1/captions.srt', name: 'captions.srt' }),
  };
  storeCurrentFolder(13, 'Clients');
  setDurationReader(async () => 125);
});

afterEach(() => {
  act(() => useDubDialog.getState().close());
  act(() => usePayDialog.getState().close(true));
  setDurationReader();
});

/** Opens the dialog from the home page's "AI dubbing" card. */
async function openDialog() {
  const router = renderAt('/');
  fireEvent.click(await screen.findByText('AI dubbing', { selector: '.home-action-label' }));
  // The dialog's code loads when it is first opened.
  await screen.findByTestId('dub-dialog', {}, { timeout: 15_000 });
  // The target folder is set once the tree is known; the tests start from a settled form.
  await waitFor(() => expect(screen.getByTestId('dub-folder').textContent).toBe('Clients'));
  return router;
}

const dropzoneInput = () => screen.getByTestId('upload-dropzone').querySelector<HTMLInputElement>('input[type=file]')!;
const folderInput = () => document.querySelector<HTMLInputElement>('.dub-dialog input[type=file][webkitdirectory]')!;
const addFiles = (...files: File[]) => fireEvent.change(dropzoneInput(), { target: { files } });
const rows = () => screen.queryAllByTestId('upload-file-row');
const submitButton = () => screen.getByTestId('dub-submit') as HTMLButtonElement;
const closeDialog = () => fireEvent.click(document.querySelector('.dub-dialog .ant-modal-close')!);
const warning = (text: string) => screen.findByText(text, { selector: '.ant-message *' });

async function addUploaded(...names: string[]) {
  const before = rows().length;
  addFiles(...names.map((name) => media(name)));
  await waitFor(() => expect(screen.queryAllByTestId('upload-file-done')).toHaveLength(before + names.length));
  expect(rows()).toHaveLength(before + names.length);
}

/** Opens a select and clicks one of its choices in the dropdown that opened. */
async function pick(testId: string, option: string) {
  fireEvent.mouseDown(screen.getByTestId(testId).querySelector('.ant-select-selector')!);
  const popup = await openPopup('.ant-select-dropdown');
  fireEvent.click(await within(popup).findByTitle(option));
}

function typeNumber(input: HTMLInputElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('dubbing upload dialog', () => {
  it('opens from the New record menu with the spec’s defaults and start dubbing disabled', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('new-record-button'));
    const menu = await openPopup('.ant-dropdown');
    fireEvent.click(within(menu).getByText('AI dubbing'));

    const dialog = await screen.findByTestId('dub-dialog', {}, { timeout: 15_000 });
    expect(document.querySelector('.dub-dialog .ant-modal-title')!.textContent).toBe('AI dubbing');
    expect(dialog.textContent).toContain('Click to choose MP4 videos, or drag files or a folder here');
    expect(dialog.textContent).toContain('MP4 only, up to 5 files, each up to 5 GB and 4 h');
    expect(dropzoneInput().getAttribute('accept')).toBe('.mp4');
    await waitFor(() => expect(screen.getByTestId('dub-audio-language').textContent).toBe('Chinese (Simplified)'));
    expect(screen.getByTestId('dub-translation-language').textContent).toBe('English');
    expect(screen.getByTestId('dub-speaker-count').textContent).toBe('10');
    expect((screen.getByTestId('dub-speakers-auto') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('dub-export-subtitles') as HTMLInputElement).checked).toBe(false);
    // Cloning voices needs the owner to say they have the right to: never ticked for them.
    expect((screen.getByTestId('dub-clone-voices') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('dub-max-chars') as HTMLInputElement).value).toBe('30');
    // The font size follows the video unless one is typed.
    const fontSize = screen.getByTestId('dub-font-size') as HTMLInputElement;
    expect(fontSize.value).toBe('');
    expect(fontSize.placeholder).toBe('Auto, follows the video');
    await waitFor(() => expect(screen.getByTestId('dub-folder').textContent).toBe('Clients'));
    expect(rows()).toEqual([]);
    expect(submitButton().disabled).toBe(true);
  });

  it('refuses a file that is not mp4 with the format message', async () => {
    await openDialog();
    addFiles(media('talk.mp3'), media('clip.MOV'));
    expect(await warning('“talk.mp3” is not a supported format. Please choose mp4 files.')).toBeTruthy();
    expect(await warning('“clip.MOV” is not a supported format. Please choose mp4 files.')).toBeTruthy();
    expect(rows()).toEqual([]);
    expect(calls('/speech/video/transcribe/create')).toEqual([]);
    expect(submitButton().disabled).toBe(true);
  });

  it('uploads each video at once, holding the progress at 99.9% until the server confirms it', async () => {
    scenario.complete = (file) => ({ ...ok(file), delayMs: 1200 });
    await openDialog();
    addFiles(media('launch.mp4'));
    const row = await screen.findByTestId('upload-file-row');
    expect(row.textContent).toContain('launch.mp4');
    expect(row.textContent).toContain('02:05');
    await waitFor(() => expect(calls('/speech/video/transcribe/upload')).toHaveLength(1));
    await waitFor(() => expect(within(row).getByTestId('upload-progress').textContent).toBe('99.9%'));
    expect(submitButton().disabled).toBe(true);

    await within(row).findByTestId('upload-file-done');
    expect(within(row).queryByTestId('upload-progress')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    expect(calls('/speech/video/transcribe/create').map(jsonOf)).toEqual([{ oriFileName: 'launch.mp4', fileSize: 2048 }]);
    expect(calls('/speech/video/transcribe/uploadBlock').map(jsonOf)).toEqual([{ uploadId: 'up-launch.mp4', partNumber: 1, etag: '"e1"' }]);
    expect(calls('/speech/video/transcribe/upload').map(jsonOf)).toEqual([{ uploadId: 'up-launch.mp4' }]);
    // The transcription upload's calls are not used for videos to dub.
    expect(calls('/speech/audio/transcribe/uploadInit')).toEqual([]);
  });

  it('keeps start dubbing disabled until every file is uploaded', async () => {
    scenario.complete = (file) => ({ ...ok(file), delayMs: file.name === 'slow.mp4' ? 1500 : 0 });
    await openDialog();
    addFiles(media('fast.mp4'), media('slow.mp4'));
    await waitFor(() => expect(screen.queryAllByTestId('upload-file-done')).toHaveLength(1));
    expect(rows()).toHaveLength(2);
    expect(submitButton().disabled).toBe(true);
    await waitFor(() => expect(screen.queryAllByTestId('upload-file-done')).toHaveLength(2));
    expect(submitButton().disabled).toBe(false);
  });

  it('refuses a batch that would take the list past 5 files, leaving the list as it was', async () => {
    await openDialog();
    addFiles(...['1', '2', '3', '4', '5', '6'].map((n) => media(`clip${n}.mp4`)));
    expect(await warning('At most 5 files can be uploaded. Delete a file first.')).toBeTruthy();
    expect(rows()).toEqual([]);

    await addUploaded('a.mp4', 'b.mp4', 'c.mp4', 'd.mp4');
    addFiles(media('e.mp4'), media('f.mp4'));
    await waitFor(() =>
      expect(screen.getAllByText('At most 5 files can be uploaded. Delete a file first.', { selector: '.ant-message *' }).length).toBeGreaterThan(0),
    );
    expect(rows().map((row) => row.querySelector('.upload-file-name')!.textContent)).toEqual(['a.mp4', 'b.mp4', 'c.mp4', 'd.mp4']);
    expect(calls('/speech/video/transcribe/create').map((r) => jsonOf(r).oriFileName)).toEqual(['a.mp4', 'b.mp4', 'c.mp4', 'd.mp4']);

    // The fifth is welcome; then the drop zone goes, as nothing more can be added.
    addFiles(media('e.mp4'));
    await waitFor(() => expect(screen.queryAllByTestId('upload-file-done')).toHaveLength(5));
    expect(screen.queryByTestId('upload-dropzone')).toBeNull();
  });

  it('refuses a file whose name is already in the list', async () => {
    await openDialog();
    await addUploaded('launch.mp4');
    addFiles(media('launch.mp4'));
    expect(await warning('A file named “launch.mp4” is already in the list.')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(calls('/speech/video/transcribe/create')).toHaveLength(1);
  });

  it('refuses a file over 5 GB or over 4 hours naming both limits, and one whose length cannot be read', async () => {
    await openDialog();
    addFiles(media('huge.mp4', { size: 5 * GB + 1 }));
    expect(await warning('“huge.mp4” cannot be added: a file can be at most 5 GB and 4 h long.')).toBeTruthy();

    setDurationReader(async () => 4 * 3600 + 1);
    addFiles(media('long.mp4'));
    expect(await warning('“long.mp4” cannot be added: a file can be at most 5 GB and 4 h long.')).toBeTruthy();

    setDurationReader(() => Promise.reject(new Error('cannot decode')));
    addFiles(media('odd.mp4'));
    expect(await warning('The length of “odd.mp4” could not be read, so it was not added.')).toBeTruthy();
    expect(rows()).toEqual([]);
    expect(calls('/speech/video/transcribe/create')).toEqual([]);
  });

  it('deletes a file the server finds longer than 4 hours after its upload', async () => {
    scenario.complete = (file) => ok({ ...file, duration: 4 * 3600 + 30, audioDuration: 4 * 3600 + 30 });
    await openDialog();
    addFiles(media('long.mp4'));
    expect(await warning('“long.mp4” cannot be added: a file can be at most 5 GB and 4 h long.')).toBeTruthy();
    await waitFor(() => expect(calls('/speech/audio/transcribe/removeUpload').map(jsonOf)).toEqual([{ ids: [41] }]));
    expect(rows()).toEqual([]);
    expect(submitButton().disabled).toBe(true);
  });

  it('takes a chosen folder’s own videos, not those in its subfolders', async () => {
    await openDialog();
    fireEvent.change(folderInput(), {
      target: { files: [media('a.mp4', { path: 'clips/a.mp4' }), media('b.mp4', { path: 'clips/old/b.mp4' })] },
    });
    expect(await warning('“clips/old/b.mp4” is inside a subfolder; only files directly in the chosen folder are added.')).toBeTruthy();
    await screen.findByTestId('upload-file-done');
    expect(rows().map((row) => row.querySelector('.upload-file-name')!.textContent)).toEqual(['a.mp4']);
    expect(calls('/speech/video/transcribe/create').map((r) => jsonOf(r).oriFileName)).toEqual(['a.mp4']);
  });

  it('enables max characters only with burned-in subtitles, the speaker count only without auto, and keeps the font size in 5–30', async () => {
    await openDialog();
    const maxChars = screen.getByTestId('dub-max-chars') as HTMLInputElement;
    expect(maxChars.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('dub-export-subtitles'));
    await waitFor(() => expect(maxChars.disabled).toBe(false));
    fireEvent.click(screen.getByTestId('dub-export-subtitles'));
    await waitFor(() => expect(maxChars.disabled).toBe(true));

    const speakerCount = screen.getByTestId('dub-speaker-count');
    expect(speakerCount.className).not.toContain('ant-select-disabled');
    fireEvent.click(screen.getByTestId('dub-speakers-auto'));
    await waitFor(() => expect(speakerCount.className).toContain('ant-select-disabled'));
    fireEvent.click(screen.getByTestId('dub-speakers-auto'));
    await waitFor(() => expect(speakerCount.className).not.toContain('ant-select-disabled'));

    const fontSize = screen.getByTestId('dub-font-size') as HTMLInputElement;
    expect(fontSize.getAttribute('aria-valuemin')).toBe('5');
    expect(fontSize.getAttribute('aria-valuemax')).toBe('30');
    typeNumber(fontSize, '40');
    await waitFor(() => expect(fontSize.value).toBe('30'));
    typeNumber(fontSize, '2');
    await waitFor(() => expect(fontSize.value).toBe('5'));
  });

  it('checks the cost of all videos, then starts one dubbing per video with the default form (font size following the video), and opens the first', async () => {
    const router = await openDialog();
    await addUploaded('launch.mp4', 'teaser.mp4');
    fireEvent.click(submitButton());

    expect(await screen.findByText('Dubbing started. You can follow it in your records.')).toBeTruthy();
    expect(calls('/expense/cost/dubbingAccountCostBefore').map(jsonOf)).toEqual([expect.objectContaining({ rightsType: '7', sourceType: '5', duration: 250 })]);
    const form = {
      audioLanguage: 'zh-CN',
      translationLanguage: 'en-US',
      maxSpeakers: 10,
      maxSpeakersAuto: false,
      speaker: '1',
      folderId: 13,
      folderName: 'Clients',
      exportSubtitleInVideo: false,
      cloneVoices: false,
      subtitleFontSize: 'auto',
      subtitleMaxCharCountPerSegment: 30,
      subtitlePrimaryColor: '#ffffff',
      subtitleOutlineColor: '#000000',
    };
    expect(calls('/speech/video/transcribe/transwrite').map(jsonOf)).toEqual([
      { ...form, ids: [41] },
      { ...form, ids: [42] },
    ]);
    // The cost is checked before anything starts.
    const order = server.requests.map((r) => r.url.pathname);
    expect(order.indexOf('/prod-api/expense/cost/dubbingAccountCostBefore')).toBeLessThan(order.indexOf('/prod-api/speech/video/transcribe/transwrite'));

    await waitFor(() => expect(screen.queryByTestId('dub-dialog')).toBeNull());
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/dub?id=501'));
    // Submitted files belong to their projects now: nothing is deleted.
    expect(calls('/speech/audio/transcribe/removeUpload')).toEqual([]);
  });

  it('sends the choices made: no translation, one speaker, auto detection, burned-in subtitles and consent to cloned voices', async () => {
    await openDialog();
    await addUploaded('launch.mp4');
    await pick('dub-audio-language', 'English');
    // Translating into the spoken language is no translation.
    await waitFor(() => expect(screen.getByTestId('dub-translation-language').textContent).toBe('Keep the original language'));
    await pick('dub-speaker-count', '1');
    fireEvent.click(screen.getByTestId('dub-speakers-auto'));
    fireEvent.click(screen.getByTestId('dub-export-subtitles'));
    fireEvent.click(screen.getByTestId('dub-clone-voices'));
    const maxChars = screen.getByTestId('dub-max-chars') as HTMLInputElement;
    await waitFor(() => expect(maxChars.disabled).toBe(false));
    fireEvent.change(maxChars, { target: { value: '24' } });
    typeNumber(screen.getByTestId('dub-font-size') as HTMLInputElement, '18');
    await pick('dub-folder', 'Work');

    fireEvent.click(submitButton());
    await screen.findByText('Dubbing started. You can follow it in your records.');
    expect(calls('/speech/video/transcribe/transwrite').map(jsonOf)).toEqual([
      {
        ids: [41],
        audioLanguage: 'en-US',
        translationLanguage: null,
        maxSpeakers: 1,
        maxSpeakersAuto: true,
        speaker: '0',
        folderId: 12,
        folderName: 'Work',
        exportSubtitleInVideo: true,
        cloneVoices: true,
        subtitleFontSize: 18,
        subtitleMaxCharCountPerSegment: 24,
        subtitlePrimaryColor: '#ffffff',
        subtitleOutlineColor: '#000000',
      },
    ]);
  });

  it('asks for a whole number of characters before burning in subtitles', async () => {
    await openDialog();
    await addUploaded('launch.mp4');
    fireEvent.click(screen.getByTestId('dub-export-subtitles'));
    const maxChars = screen.getByTestId('dub-max-chars') as HTMLInputElement;
    await waitFor(() => expect(maxChars.disabled).toBe(false));
    fireEvent.change(maxChars, { target: { value: 'ten' } });
    fireEvent.click(submitButton());
    expect(await warning('Enter a whole number of characters from 1 to 200.')).toBeTruthy();
    expect(calls('/expense/cost/dubbingAccountCostBefore')).toEqual([]);
    expect(calls('/speech/video/transcribe/transwrite')).toEqual([]);
    expect(screen.getByTestId('dub-dialog')).toBeTruthy();
  });

  it('restores the last used subtitle style when the dialog opens again', async () => {
    localStorage.setItem(
      STYLE_STORAGE_KEY,
      JSON.stringify({ subtitleFontSize: 12, subtitleMaxCharCountPerSegment: '30', subtitlePrimaryColor: '#ffcc00', subtitleOutlineColor: '#112233' }),
    );
    const router = await openDialog();
    const dialog = screen.getByTestId('dub-dialog');
    expect((screen.getByTestId('dub-font-size') as HTMLInputElement).value).toBe('12');
    expect(dialog.textContent).toMatch(/#ffcc00/i);
    expect(dialog.textContent).toMatch(/#112233/i);

    await addUploaded('launch.mp4');
    fireEvent.click(screen.getByTestId('dub-export-subtitles'));
    await waitFor(() => expect((screen.getByTestId('dub-max-chars') as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(screen.getByTestId('dub-max-chars'), { target: { value: '22' } });
    typeNumber(screen.getByTestId('dub-font-size') as HTMLInputElement, '20');
    fireEvent.change(screen.getByTestId('dub-stroke-colour'), { target: { value: '#334455' } });
    expect(dialog.textContent).toMatch(/#334455/);
    fireEvent.click(submitButton());
    await screen.findByText('Dubbing started. You can follow it in your records.');
    expect(calls('/speech/video/transcribe/transwrite').map(jsonOf)[0]).toMatchObject({
      subtitleFontSize: 20,
      subtitleMaxCharCountPerSegment: 22,
      subtitlePrimaryColor: '#ffcc00',
      subtitleOutlineColor: '#334455',
    });

    await act(() => router.navigate('/'));
    act(() => useDubDialog.getState().open());
    await screen.findByTestId('dub-dialog');
    expect((screen.getByTestId('dub-font-size') as HTMLInputElement).value).toBe('20');
    expect((screen.getByTestId('dub-max-chars') as HTMLInputElement).value).toBe('22');
    expect((screen.getByTestId('dub-font-colour') as HTMLInputElement).value).toBe('#ffcc00');
    expect((screen.getByTestId('dub-stroke-colour') as HTMLInputElement).value).toBe('#334455');
    // The rest of the form starts afresh.
    expect((screen.getByTestId('dub-export-subtitles') as HTMLInputElement).checked).toBe(false);
    expect(rows()).toEqual([]);
  });

  it.each([
    ['the cost check', { cost: () => SHORTAGE }],
    ['the dubbing request', { transwrite: () => SHORTAGE }],
  ])('on a package shortage from %s warns, opens the pay dialog on the AI voiceover tab and stays open', async (_, change) => {
    Object.assign(scenario, change);
    await openDialog();
    await addUploaded('launch.mp4');
    fireEvent.click(submitButton());

    expect(await warning('Package quota used up, buy and recharge')).toBeTruthy();
    const payDialog = await screen.findByTestId('pay-dialog');
    await waitFor(() => expect(payDialog.querySelector('.ant-tabs-tab-active')!.textContent).toBe('Smart dubbing'));
    expect(screen.getByTestId('dub-dialog')).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
    // Silent in the request layer: the dialog's warning is the only message.
    expect(toasts).toEqual([]);
    expect(screen.queryByText('Dubbing started. You can follow it in your records.')).toBeNull();
  });

  it('says the balance is not enough when the cost check refuses for another reason', async () => {
    scenario.cost = () => fail(403, 'Not allowed');
    await openDialog();
    await addUploaded('launch.mp4');
    fireEvent.click(submitButton());
    expect(await warning('Your AI voiceover balance is not enough for these videos. Please buy an AI voiceover package.')).toBeTruthy();
    expect(calls('/speech/video/transcribe/transwrite')).toEqual([]);
    expect(screen.queryByTestId('pay-dialog')).toBeNull();
    expect(screen.getByTestId('dub-dialog')).toBeTruthy();
  });

  it('after a shortage on the second video, starting again dubs only the videos not yet started', async () => {
    scenario.transwrite = (body) => (body.ids[0] === 42 ? SHORTAGE : ok({ code: 200, msg: 'Dubbing started', ids: [nextRecord++] }));
    const router = await openDialog();
    await addUploaded('launch.mp4', 'teaser.mp4');
    fireEvent.click(submitButton());
    await screen.findByTestId('pay-dialog');
    act(() => usePayDialog.getState().close(true));
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    scenario.transwrite = () => ok({ code: 200, msg: 'Dubbing started', ids: [nextRecord++] });
    fireEvent.click(submitButton());
    await screen.findByText('Dubbing started. You can follow it in your records.');
    // The first video became a project on the first try; the second try pays for and starts the second only.
    expect(calls('/speech/video/transcribe/transwrite').map((r) => jsonOf(r).ids)).toEqual([[41], [42], [42]]);
    expect(calls('/expense/cost/dubbingAccountCostBefore').map((r) => jsonOf(r).duration)).toEqual([250, 125]);
    expect(toasts).toEqual([]);
    await waitFor(() => expect(router.state.location.search).toBe('?id=501'));
  });

  it('attaches an SRT per video: .srt only, its kind chosen, sent with the video', async () => {
    scenario.srt = () => ({ ...ok({ url: 'https://files.example/srt/1/captions.srt', name: 'captions.srt' }), delayMs: 800 });
    await openDialog();
    await addUploaded('launch.mp4', 'teaser.mp4');
    const [first, second] = rows();
    // antd hands the test id to the attachment's file input.
    const srtInput = (row: HTMLElement) => within(row).getByTestId('dub-srt') as HTMLInputElement;
    expect(srtInput(first!).getAttribute('accept')).toBe('.srt');

    fireEvent.change(srtInput(first!), { target: { files: [media('captions.vtt')] } });
    expect(await warning('Please choose an .srt subtitle file.')).toBeTruthy();
    expect(calls('/file/upload')).toEqual([]);
    expect(within(first!).queryByTestId('dub-srt-attached')).toBeNull();

    fireEvent.change(srtInput(first!), { target: { files: [media('captions.srt')] } });
    const attached = await within(first!).findByTestId('dub-srt-attached');
    expect(attached.textContent).toContain('captions.srt');
    // Nothing starts while a subtitle file is still on its way.
    expect(submitButton().disabled).toBe(true);
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(calls('/file/upload')).toHaveLength(1);
    expect(calls('/file/upload')[0]!.headers['content-type']).toMatch(/^multipart\/form-data/);
    // One per video: the attached one offers no second.
    expect(within(first!).queryByTestId('dub-srt')).toBeNull();
    expect(within(second!).getByTestId('dub-srt')).toBeTruthy();

    expect(within(attached).getByTestId('dub-srt-type').textContent).toBe('Source text');
    await pick('dub-srt-type', 'Bilingual');
    await waitFor(() => expect(within(attached).getByTestId('dub-srt-type').textContent).toBe('Bilingual'));

    fireEvent.click(submitButton());
    await screen.findByText('Dubbing started. You can follow it in your records.');
    const sent = calls('/speech/video/transcribe/transwrite').map(jsonOf);
    expect(sent[0]).toMatchObject({ ids: [41], srtUrl: 'https://files.example/srt/1/captions.srt', srtFileType: '3' });
    expect(sent[1]).toMatchObject({ ids: [42] });
    expect(sent[1]).not.toHaveProperty('srtUrl');
    expect(sent[1]).not.toHaveProperty('srtFileType');
  });

  it('closing deletes the uploaded videos on the server', async () => {
    await openDialog();
    await addUploaded('launch.mp4', 'teaser.mp4');
    closeDialog();
    await waitFor(() => expect(calls('/speech/audio/transcribe/removeUpload').map(jsonOf)).toEqual([{ ids: [41, 42] }]));
    expect(screen.queryByTestId('dub-dialog')).toBeNull();
  });

  it('closing after a refused start keeps the uploads on the server', async () => {
    scenario.cost = () => SHORTAGE;
    await openDialog();
    await addUploaded('launch.mp4');
    fireEvent.click(submitButton());
    await screen.findByTestId('pay-dialog');
    act(() => usePayDialog.getState().close(true));
    closeDialog();
    await waitFor(() => expect(screen.queryByTestId('dub-dialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls('/speech/audio/transcribe/removeUpload')).toEqual([]);
  });
});
