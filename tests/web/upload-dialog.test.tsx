import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LanguageLists } from '../../contracts/engine-languages';
import type { LatestTask } from '../../contracts/transcription';
import type { UploadInitResponse, UploadedFile } from '../../contracts/uploads';
import { storeCurrentFolder } from '../../web/features/folders/current-folder';
import { setDurationReader } from '../../web/features/upload/duration';
import { usePayDialog } from '../../web/features/pay/store';
import { useUploadDialog } from '../../web/features/upload/store';
import { useApiServer } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { newFakePay, payReply } from './helpers/pay';
import type { FakePay } from './helpers/pay';
import { fail, ok, sampleTree } from './helpers/records';
import { renderAt } from './helpers/render-app';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi);
const MB = 1024 * 1024;

const LANGUAGES: LanguageLists = {
  transcribeLanguage: [
    { code: 'zh-CN', name: 'Chinese (Simplified)' },
    { code: 'en-US', name: 'English' },
  ],
  translation: [
    { code: 'en-US', name: 'English' },
    { code: 'zh-TW', name: 'Chinese (Traditional)' },
    { code: 'ja-JP', name: 'Japanese' },
  ],
  missing: {
    transcribeLanguage: [
      {
        code: 'ja-JP',
        name: 'Japanese',
        reason: 'This service does not offer Japanese speech recognition yet.',
      },
    ],
    translation: [
      { code: 'ko-KR', name: 'Korean', reason: 'This service does not translate into Korean yet.' },
      {
        code: 'zh-CN',
        name: 'Chinese (Simplified)',
        reason: 'This service does not translate into Chinese (Simplified) yet.',
      },
    ],
  },
};

const uploaded = (id: number, name: string): UploadedFile => ({
  id,
  name,
  size: 2048,
  duration: 125,
  audioDuration: 125,
  createTime: 1_700_000_000_000,
  state: 'uploaded',
});

interface Scenario {
  latest: LatestTask | null;
  /** What a part's PUT answers. */
  put: () => Reply;
  urlCount: number;
  transwrite: () => Reply;
}

let scenario: Scenario;
let pay: FakePay;

function fakeApi({ url, body }: RecordedRequest): Reply {
  if (url.pathname.startsWith('/storage/')) return scenario.put();
  const payCall = payReply(pay, url.pathname.replace('/prod-api', ''), body);
  if (payCall) return payCall;
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/folder/getFolder':
      return ok(sampleTree());
    case '/speech/audio/transcribe/query':
      return ok({ rows: [], total: 0 });
    case '/audio/LanguageInternation':
      return ok(LANGUAGES);
    case '/speech/audio/transcribe/getLatestTrans':
      return ok(scenario.latest);
    case '/speech/audio/transcribe/uploadInit': {
      const { oriFileName } = JSON.parse(body) as { oriFileName: string };
      const init: UploadInitResponse = {
        id: 41,
        uploadId: `up-${oriFileName}`,
        uploadUrls: Array.from({ length: scenario.urlCount }, (_, i) => `${server.origin}/storage/${oriFileName}/${i + 1}`),
        objectName: `uploads/1/${oriFileName}`,
        chunkSize: 2048,
        uploadedParts: [],
      };
      return ok(init);
    }
    case '/speech/audio/transcribe/uploadBlock':
      return ok({ uploadedParts: [1] });
    case '/speech/audio/transcribe/mergeFileData':
      return ok(uploaded(41, 'talk.mp3'));
    case '/speech/audio/transcribe/removeUpload':
      return ok({ removed: 1 });
    case '/speech/audio/transcribe/transwrite':
      return scenario.transwrite();
    default:
      return fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;
const media = (name: string, size = 2048) => new File(['x'.repeat(size)], name, { lastModified: 1_700_000_000_000 });

beforeEach(() => {
  pay = newFakePay();
  scenario = {
    latest: null,
    put: () => ({ status: 200, body: '', headers: { ETag: '"e1"' } }),
    urlCount: 1,
    transwrite: () => ok({ code: 200, msg: 'Transcription started', ids: [501] }),
  };
  storeCurrentFolder(13, 'Clients');
  setDurationReader(async () => 125);
});

afterEach(async () => {
  act(() => useUploadDialog.getState().close());
  act(() => usePayDialog.getState().close(true));
  setDurationReader();
});

/** Opens the dialog from the home page's "Local file transcription" card. */
async function openDialog(): Promise<HTMLElement> {
  renderAt('/');
  fireEvent.click(await screen.findByText('Local file transcription', { selector: '.home-action-label' }));
  return screen.findByTestId('upload-dialog');
}

function addFiles(...files: File[]) {
  const input = screen.getByTestId('upload-dropzone').querySelector('input[type=file]')!;
  fireEvent.change(input, { target: { files } });
}

async function addUploaded(name = 'talk.mp3') {
  addFiles(media(name));
  await screen.findByTestId('upload-file-done');
}

const closeDialog = () => fireEvent.click(document.querySelector('.upload-dialog .ant-modal-close')!);
const submitButton = () => screen.getByTestId('upload-submit') as HTMLButtonElement;

/** Opens a select (or tree select) and clicks one of its choices in the dropdown that opened. */
async function pick(testId: string, option: string) {
  fireEvent.mouseDown(screen.getByTestId(testId).querySelector('.ant-select-selector')!);
  const choice = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const found = open.flatMap((dropdown) => [...dropdown.querySelectorAll(`[title="${option}"]`)]);
    expect(found.length).toBe(1);
    return found[0]!;
  });
  fireEvent.click(choice);
}

describe('local transcription dialog', () => {
  it('opens from the new-record entry with the defaults, confirm disabled and the current folder as target', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('upload-dropzone').querySelector('input[type=file]')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('upload-audio-language').textContent).toBe('Chinese (Simplified)'));
    expect(within(dialog).getByTestId('upload-translation-language').textContent).toBe('No translation');
    expect(within(dialog).getByText('Your plan allows 2 spoken languages a day; a language you already used today stays open (SVIP: 10).')).toBeTruthy();
    expect((within(dialog).getByTestId('upload-name') as HTMLInputElement).value).toBe('');
    // Speaker recognition is on from the start, and the engine counts the speakers unless the user picks a count.
    expect((within(dialog).getByTestId('upload-speaker') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByTestId('upload-speaker-count').textContent).toBe('Auto (detect how many)');
    expect(submitButton().disabled).toBe(true);
    await waitFor(() => expect(within(dialog).getByTestId('upload-folder').textContent).toBe('Clients'));
    expect(calls('/speech/audio/transcribe/getLatestTrans').length).toBe(1);
    expect(within(dialog).queryByTestId('upload-recovery-banner')).toBeNull();
  });

  it('says why a language is not offered, in the dialog, and leaves out the spoken language itself', async () => {
    await openDialog();
    const sources = await screen.findByTestId('upload-missing-sources');
    expect(sources.querySelector('summary')!.textContent).toBe('Why some spoken languages are not offered (1)');
    // In a user's terms: what to install is the operator's business, never shown on the page.
    within(sources).getByText('This service does not offer Japanese speech recognition yet.');
    expect(sources.textContent).not.toMatch(/README|recogniser|install/);
    // The spoken language is Chinese (Simplified), the first offered: translating into it is no translation, so no reason is owed.
    const targets = screen.getByTestId('upload-missing-targets');
    expect(targets.querySelector('summary')!.textContent).toBe('Why some translation languages are not offered (1)');
    expect([...targets.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['This service does not translate into Korean yet.']);
  });

  it('ignores a file of another format with the format error', async () => {
    await openDialog();
    addFiles(media('notes.pdf'));
    expect(await screen.findByText('“notes.pdf” is not a supported format. Please choose mp3, mp4, wav, wmv, avi, ogg, flv files.')).toBeTruthy();
    expect(screen.queryByTestId('upload-file-row')).toBeNull();
    expect(calls('/speech/audio/transcribe/uploadInit')).toEqual([]);
  });

  it('refuses two files added at once, naming the limit of 1', async () => {
    await openDialog();
    addFiles(media('a.mp3'), media('b.wav'));
    expect(await screen.findByText('You can add only 1 file at a time.')).toBeTruthy();
    expect(screen.queryByTestId('upload-file-row')).toBeNull();
    expect(calls('/speech/audio/transcribe/uploadInit')).toEqual([]);
  });

  it('refuses a file over 500 MB, giving its size to one decimal', async () => {
    await openDialog();
    const big = media('big.mp4');
    Object.defineProperty(big, 'size', { value: 600.46 * MB });
    addFiles(big);
    expect(await screen.findByText('“big.mp4” is 600.5 MB; a file can be at most 500 MB.')).toBeTruthy();
    expect(calls('/speech/audio/transcribe/uploadInit')).toEqual([]);
  });

  it('refuses a file over 1 hour naming both limits, and one whose length cannot be read', async () => {
    await openDialog();
    setDurationReader(async () => 3600.5);
    addFiles(media('long.mp3'));
    expect(await screen.findByText('“long.mp3” is too long: a file can be at most 1 h long and 500 MB.')).toBeTruthy();
    setDurationReader(() => Promise.reject(new Error('cannot decode')));
    addFiles(media('odd.avi'));
    expect(await screen.findByText('The length of “odd.avi” could not be read, so it was not added.')).toBeTruthy();
    expect(screen.queryByTestId('upload-file-row')).toBeNull();
    expect(calls('/speech/audio/transcribe/uploadInit')).toEqual([]);
  });

  it('refuses a duplicate name and a file beyond the limit while the first is still being checked', async () => {
    await openDialog();
    let release = () => {};
    const read: string[] = [];
    setDurationReader((file) => {
      read.push(file.name);
      return new Promise((resolve) => (release = () => resolve(125)));
    });
    addFiles(media('talk.mp3'));
    await waitFor(() => expect(read).toEqual(['talk.mp3']));
    addFiles(media('talk.mp3'));
    expect(await screen.findByText('A file named “talk.mp3” is already in the list.')).toBeTruthy();
    addFiles(media('other.mp3'));
    expect(await screen.findByText('At most 1 file can be uploaded. Delete the current file first.')).toBeTruthy();
    release();
    await screen.findByTestId('upload-file-done');
    expect(screen.getAllByTestId('upload-file-row').length).toBe(1);
    expect(read).toEqual(['talk.mp3']);
    expect(calls('/speech/audio/transcribe/uploadInit').map(jsonOf)).toEqual([{ oriFileName: 'talk.mp3', fileSize: 2048 }]);
  });

  it('uploads an added file at once, shows its row, names the record after it and enables confirm', async () => {
    scenario.put = () => ({ status: 200, body: '', headers: { ETag: '"e1"' }, delayMs: 300 });
    await openDialog();
    addFiles(media('talk.mp3'));
    const row = await screen.findByTestId('upload-file-row');
    expect(row.textContent).toContain('talk.mp3');
    expect(row.textContent).toContain('02:05');
    expect(within(row).getByTestId('upload-progress')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    expect(screen.queryByTestId('upload-dropzone')).toBeNull();

    await within(row).findByTestId('upload-file-done');
    expect(within(row).queryByTestId('upload-progress')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    expect((screen.getByTestId('upload-name') as HTMLInputElement).value).toBe('talk');
    expect(calls('/speech/audio/transcribe/uploadBlock').map(jsonOf)).toEqual([{ uploadId: 'up-talk.mp3', partNumber: 1, etag: '"e1"' }]);
    expect(calls('/speech/audio/transcribe/mergeFileData').map(jsonOf)).toEqual([{ uploadId: 'up-talk.mp3' }]);
  });

  it('submits exactly the form fields, then closes, reports the record and refreshes the records list', async () => {
    renderAt('/');
    const created: number[] = [];
    act(() => useUploadDialog.getState().open({ onSuccess: (id) => created.push(id) }));
    await screen.findByTestId('upload-dialog');
    await waitFor(() => expect(screen.getByTestId('upload-folder').textContent).toBe('Clients'));
    await addUploaded();
    const listLoads = calls('/speech/audio/transcribe/query').length;

    fireEvent.click(submitButton());
    expect(await screen.findByText('Transcription started')).toBeTruthy();
    expect(calls('/speech/audio/transcribe/transwrite').map(jsonOf)).toEqual([
      {
        ids: [41],
        audioLanguage: 'zh-CN',
        translationLanguage: '',
        showName: 'talk',
        speaker: '1',
        maxSpeakers: 2,
        maxSpeakersAuto: true,
        folderId: 13,
        folderName: 'Clients',
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('upload-dialog')).toBeNull());
    expect(created).toEqual([501]);
    await waitFor(() => expect(calls('/speech/audio/transcribe/query').length).toBeGreaterThan(listLoads));
    // A submitted file belongs to its record now: closing does not delete it.
    expect(calls('/speech/audio/transcribe/removeUpload')).toEqual([]);
  });

  it('sends the chosen languages, the trimmed name, the speaker count and the folder', async () => {
    await openDialog();
    await waitFor(() => expect(screen.getByTestId('upload-folder').textContent).toBe('Clients'));
    await addUploaded();
    await pick('upload-audio-language', 'English');
    await pick('upload-translation-language', 'Japanese');
    fireEvent.change(screen.getByTestId('upload-name'), { target: { value: '  Weekly sync  ' } });
    expect((await screen.findByTestId('upload-speaker-count')).textContent).toBe('Auto (detect how many)');
    await pick('upload-speaker-count', '5');
    await pick('upload-folder', 'Work');

    fireEvent.click(submitButton());
    await screen.findByText('Transcription started');
    expect(calls('/speech/audio/transcribe/transwrite').map(jsonOf)).toEqual([
      {
        ids: [41],
        audioLanguage: 'en-US',
        translationLanguage: 'ja-JP',
        showName: 'Weekly sync',
        speaker: '1',
        maxSpeakers: 5,
        folderId: 12,
        folderName: 'Work',
      },
    ]);
  });

  it('drops the translation when its language becomes the spoken one', async () => {
    await openDialog();
    await pick('upload-translation-language', 'English');
    await pick('upload-audio-language', 'English');
    expect(screen.getByTestId('upload-translation-language').textContent).toBe('No translation');
  });

  it('sends no speaker separation once the user turns it off, and hides the count', async () => {
    await openDialog();
    await addUploaded();
    fireEvent.click(screen.getByTestId('upload-speaker'));
    await waitFor(() => expect(screen.queryByTestId('upload-speaker-count')).toBeNull());
    fireEvent.click(submitButton());
    await screen.findByText('Transcription started');
    expect(calls('/speech/audio/transcribe/transwrite').map(jsonOf)).toMatchObject([{ speaker: '0' }]);
  });

  it('asks for a name with the placeholder instead of submitting an empty one', async () => {
    await openDialog();
    await addUploaded();
    fireEvent.change(screen.getByTestId('upload-name'), { target: { value: '   ' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please enter a name', { selector: '.ant-message *' })).toBeTruthy();
    expect(calls('/speech/audio/transcribe/transwrite')).toEqual([]);
    expect(screen.getByTestId('upload-dialog')).toBeTruthy();
  });

  it('on insufficient balance warns, opens the pay dialog, and submits again by itself once paid', async () => {
    scenario.transwrite = () => ({ status: 200, body: { code: 92505000, msg: 'Insufficient balance, please buy and recharge', data: null } });
    await openDialog();
    await addUploaded();
    fireEvent.click(submitButton());

    const note = await screen.findByTestId('upload-shortage');
    expect(note.textContent).toContain('Insufficient balance, please buy and recharge');
    expect(await screen.findByText('Insufficient balance, please buy and recharge', { selector: '.ant-message *' })).toBeTruthy();
    // Silent in the request layer: the dialog's warning is the only message.
    expect(toasts).toEqual([]);
    await screen.findByTestId('pay-dialog');
    expect(screen.getByTestId('upload-dialog')).toBeTruthy();

    scenario.transwrite = () => ok({ code: 200, msg: 'Transcription started', ids: [502] });
    pay.status = 'paid';
    await screen.findByText('Transcription started');
    await waitFor(() => expect(screen.queryByTestId('upload-dialog')).toBeNull());
    expect(screen.queryByTestId('pay-dialog')).toBeNull();
    expect(calls('/speech/audio/transcribe/transwrite').map(jsonOf)).toEqual([
      expect.objectContaining({ ids: [41], showName: 'talk' }),
      expect.objectContaining({ ids: [41], showName: 'talk' }),
    ]);
  });

  it('closing the pay dialog unpaid leaves the upload dialog ready, with a buy button for another try', async () => {
    scenario.transwrite = () => ({ status: 200, body: { code: 92505001, msg: 'Package quota used up', data: null } });
    await openDialog();
    await addUploaded();
    fireEvent.click(submitButton());
    await screen.findByTestId('pay-dialog');
    fireEvent.click(document.querySelector('.pay-dialog .ant-modal-close')!);
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());
    expect(calls('/speech/audio/transcribe/transwrite').length).toBe(1);
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(within(screen.getByTestId('upload-shortage')).getByTestId('upload-shortage-buy'));
    await screen.findByTestId('pay-dialog');
  });

  it('after a refused submit, closing keeps the uploaded file on the server', async () => {
    scenario.transwrite = () => fail(409, 'The file is not ready');
    await openDialog();
    await addUploaded();
    fireEvent.click(submitButton());
    await waitFor(() => expect(toasts).toEqual(['The file is not ready']));
    closeDialog();
    await waitFor(() => expect(screen.queryByTestId('upload-dialog')).toBeNull());
    expect(calls('/speech/audio/transcribe/removeUpload')).toEqual([]);
  });

  it('offers to resume a file uploaded but not submitted, and resuming fills the form and enables confirm', async () => {
    scenario.latest = {
      id: 77,
      showName: 'Board meeting',
      languages: 'en-US',
      targetLanguages: 'zh-TW',
      speaker: JSON.stringify({ enabled: true, maxSpeakers: 4 }),
      duration: 1800,
      videoCover: '',
      state: 'TRANSCRIBED',
    };
    await openDialog();
    const banner = await screen.findByTestId('upload-recovery-banner');
    expect(banner.textContent).toContain('“Board meeting” was uploaded earlier but not submitted yet.');
    fireEvent.click(within(banner).getByTestId('upload-recovery-resume'));

    const row = await screen.findByTestId('upload-file-row');
    expect(row.textContent).toContain('Board meeting');
    expect(row.textContent).toContain('30:00');
    expect(within(row).getByTestId('upload-file-done')).toBeTruthy();
    expect(screen.queryByTestId('upload-recovery-banner')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    expect((screen.getByTestId('upload-name') as HTMLInputElement).value).toBe('Board meeting');
    expect(screen.getByTestId('upload-audio-language').textContent).toBe('English');
    expect(screen.getByTestId('upload-translation-language').textContent).toBe('Chinese (Traditional)');
    expect((screen.getByTestId('upload-speaker') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('upload-speaker-count').textContent).toBe('4');

    fireEvent.click(submitButton());
    await screen.findByText('Transcription started');
    expect(calls('/speech/audio/transcribe/transwrite').map(jsonOf)[0]).toMatchObject({
      ids: [77],
      audioLanguage: 'en-US',
      translationLanguage: 'zh-TW',
      speaker: '1',
      maxSpeakers: 4,
    });
  });

  it('shows no banner for an upload already submitted, and closing in recovery mode only clears the list', async () => {
    scenario.latest = { id: 78, showName: 'Old', languages: 'zh-CN', targetLanguages: '', speaker: '{}', duration: 60, videoCover: '', state: 'SUBMITTED' };
    await openDialog();
    await waitFor(() => expect(calls('/speech/audio/transcribe/getLatestTrans').length).toBe(1));
    expect(screen.queryByTestId('upload-recovery-banner')).toBeNull();
    act(() => useUploadDialog.getState().close());
    act(() => usePayDialog.getState().close(true));

    scenario.latest = { ...scenario.latest, state: 'TRANSCRIBED' };
    act(() => useUploadDialog.getState().open());
    fireEvent.click(await screen.findByTestId('upload-recovery-resume'));
    await screen.findByTestId('upload-file-done');
    closeDialog();
    await waitFor(() => expect(screen.queryByTestId('upload-dialog')).toBeNull());
    expect(calls('/speech/audio/transcribe/removeUpload')).toEqual([]);
  });

  it('closing deletes an uploaded file on the server', async () => {
    await openDialog();
    await addUploaded();
    closeDialog();
    await waitFor(() => expect(calls('/speech/audio/transcribe/removeUpload').map(jsonOf)).toEqual([{ ids: [41] }]));
    expect(screen.queryByTestId('upload-dialog')).toBeNull();
  });

  it('closing cancels an upload in flight without deleting anything', async () => {
    scenario.put = () => ({ status: 200, body: '', headers: { ETag: '"e1"' }, delayMs: 800 });
    await openDialog();
    addFiles(media('talk.mp3'));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    closeDialog();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(calls('/speech/audio/transcribe/uploadBlock')).toEqual([]);
    expect(calls('/speech/audio/transcribe/mergeFileData')).toEqual([]);
    expect(calls('/speech/audio/transcribe/removeUpload')).toEqual([]);
  });

  it('deletes an uploaded file after confirmation and returns to the drop zone', async () => {
    await openDialog();
    await addUploaded();
    fireEvent.click(screen.getByTestId('upload-file-delete'));
    expect(await screen.findByText('Delete “talk.mp3”?', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('upload-delete-confirm'));
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(calls('/speech/audio/transcribe/removeUpload').map(jsonOf)).toEqual([{ ids: [41] }]);
    await screen.findByTestId('upload-dropzone');
    expect(screen.queryByTestId('upload-file-row')).toBeNull();
    expect(submitButton().disabled).toBe(true);
  });

  it('deleting a file still uploading cancels the upload instead', async () => {
    scenario.put = () => ({ status: 200, body: '', headers: { ETag: '"e1"' }, delayMs: 800 });
    await openDialog();
    addFiles(media('talk.mp3'));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    fireEvent.click(screen.getByTestId('upload-file-delete'));
    fireEvent.click(await screen.findByTestId('upload-delete-confirm'));
    await screen.findByTestId('upload-dropzone');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(calls('/speech/audio/transcribe/removeUpload')).toEqual([]);
    expect(calls('/speech/audio/transcribe/mergeFileData')).toEqual([]);
  });

  it.each([
    ['a part that keeps failing', { put: (): Reply => ({ status: 500, body: 'boom' }) }],
    ['fewer upload addresses than parts', { urlCount: 2 }],
  ])('shows the upload error for %s and drops the file', async (_, change) => {
    Object.assign(scenario, change);
    await openDialog();
    addFiles(media('talk.mp3'));
    expect(await screen.findByText('Upload failed. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('upload-file-row')).toBeNull());
    expect(submitButton().disabled).toBe(true);
    expect(calls('/speech/audio/transcribe/mergeFileData')).toEqual([]);
  });
});
