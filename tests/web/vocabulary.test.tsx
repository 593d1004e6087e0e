import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LanguageLists } from '../../contracts/engine-languages';
import { DEFAULT_PERMISSIONS, SVIP_PERMISSIONS } from '../../contracts/rights';
import type { Permissions } from '../../contracts/rights';
import type { VocabularyEntry, VocabularyFolder, VocabularyLibrary } from '../../contracts/vocabulary';
import type { VocabularyType } from '../../contracts/vocabulary-rules';
import { storeCurrentFolder } from '../../web/features/folders/current-folder';
import { usePayDialog } from '../../web/features/pay/store';
import { removeToken } from '../../web/lib/auth';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { newFakePay, payReply } from './helpers/pay';
import type { FakePay } from './helpers/pay';
import { pressSelect } from './helpers/popup';
import { fail, ok, sampleTree } from './helpers/records';
import { renderAt } from './helpers/render-app';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi);

const library = (id: number, type: VocabularyType, name: string, overrides: Partial<VocabularyLibrary> = {}): VocabularyLibrary => ({
  id,
  type,
  name,
  language: 'en-US',
  targetLanguage: type === 'terms' ? 'zh-CN' : null,
  folderId: null,
  count: 37,
  createTime: Date.UTC(2026, 0, 15, 9, 30),
  updateTime: Date.UTC(2026, 0, 15, 10, 0),
  ...overrides,
});

const LANGUAGES: LanguageLists = {
  transcribeLanguage: [{ code: 'en-US', name: 'English' }],
  translation: [{ code: 'zh-CN', name: 'Chinese (Simplified)' }],
};

interface Scenario {
  permissions: Permissions;
  libraries: VocabularyLibrary[];
  entries: VocabularyEntry[];
  folders: VocabularyFolder[];
  importReply: () => Reply;
}
let scenario: Scenario;
let pay: FakePay;

function fakeApi({ url, body }: RecordedRequest): Reply {
  const path = url.pathname.replace('/prod-api', '');
  if (path === '/expense/account/queryUserFunctionJudge') return ok(scenario.permissions);
  const payCall = payReply(pay, path, body);
  if (payCall) return payCall;
  const json = () => JSON.parse(body || '{}') as Record<string, unknown>;
  const q = url.searchParams;
  switch (path) {
    case '/speech/folder/getFolder':
      return ok(sampleTree());
    case '/speech/document/folder':
      return ok(scenario.folders);
    case '/speech/document/getDocumentList': {
      const type = q.get('type');
      const size = Number(q.get('pageSize'));
      const num = Number(q.get('pageNum'));
      const rows = scenario.libraries.filter((l) => !type || l.type === type).filter((l) => !q.get('name') || l.name.includes(q.get('name')!));
      return ok({ rows: rows.slice((num - 1) * size, num * size), total: rows.length });
    }
    case '/speech/document/getDocumentData': {
      const found = scenario.libraries.find((l) => l.id === Number(q.get('id')));
      return found ? ok({ library: found, rows: scenario.entries, total: scenario.entries.length }) : fail(404, 'No such library');
    }
    case '/speech/document/edit': {
      const input = json() as Partial<VocabularyLibrary>;
      return ok(library(input.id ?? 90, input.type ?? 'words', String(input.name)));
    }
    case '/speech/document/editData': {
      const input = json() as { entryId?: number; text: string; translation?: string };
      return ok({ id: input.entryId ?? 500, text: input.text, translation: input.translation ?? '' });
    }
    case '/speech/document/remove':
    case '/speech/document/removeData':
      return ok({ removed: 1 });
    case '/speech/document/import':
      return scenario.importReply();
    case '/speech/document/editFolder': {
      const input = json() as { id?: number; parentId: number; folderName: string };
      return ok({ id: input.id ?? 70, parentId: input.parentId, folderName: input.folderName, children: [] });
    }
    case '/speech/document/removeFolder':
      return ok(null);
    case '/speech/audio/selectLanguage':
      return ok(LANGUAGES);
    case '/speech/meeting/create':
      return fail(409, 'Stop here');
    default:
      return fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api/speech/document${path}` || r.url.pathname === `/prod-api${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;

beforeEach(() => {
  pay = newFakePay();
  scenario = {
    permissions: SVIP_PERMISSIONS,
    libraries: [
      ...Array.from({ length: 23 }, (_, i) => library(i + 1, 'words', `Words ${i + 1}`)),
      library(40, 'terms', 'Medical terms'),
      library(50, 'sensitive', 'Blocked'),
    ],
    entries: [
      { id: 301, text: 'Tingyi', translation: '' },
      { id: 302, text: 'Kubernetes', translation: '' },
    ],
    folders: [
      {
        id: 61,
        parentId: 0,
        folderName: 'Clients',
        children: [{ id: 62, parentId: 61, folderName: 'Acme', children: [{ id: 63, parentId: 62, folderName: 'Q3', children: [] }] }],
      },
    ],
    importReply: () => ok({ library: library(91, 'words', 'Imported'), added: 12, skipped: 3 }),
  };
  useSession.getState().setPermissions(SVIP_PERMISSIONS);
  storeCurrentFolder(13, 'Clients');
});

afterEach(() => {
  act(() => usePayDialog.getState().close(true));
  useSession.getState().setPermissions(DEFAULT_PERMISSIONS);
});

async function openMenu(trigger: HTMLElement): Promise<HTMLElement> {
  fireEvent.click(trigger);
  return waitFor(() => {
    const menu = [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)')].at(-1);
    if (!menu) throw new Error('no open menu');
    return menu;
  });
}

/** Opens a select, types `search` if given (the list is virtual: far options are not rendered), and clicks the option. */
async function pick(testId: string, option: string, search?: string) {
  pressSelect(testId);
  if (search) {
    // Into antd's search box, there once a stand-in has given way.
    const input = await waitFor(() => {
      const found = screen.getByTestId(testId).querySelector('.ant-select-selection-search-input');
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.change(input, { target: { value: search } });
  }
  const choice = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const found = open.flatMap((dropdown) => [...dropdown.querySelectorAll(`.ant-select-item-option[title="${option}"]`)]);
    expect(found.length).toBe(1);
    return found[0]!;
  });
  fireEvent.click(choice);
}

/** The text box of a search field, wherever antd put the test id. */
function searchBox(testId: string): HTMLElement {
  const el = screen.getByTestId(testId);
  return el.tagName === 'INPUT' ? el : el.querySelector('input')!;
}

const xlsx = (name: string, size = 1024) => new File([new Uint8Array(size)], name);
function chooseFile(file: File) {
  const input = screen.getByTestId('import-dialog').querySelector('input[type=file]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('/vocabulary', () => {
  it('lists the libraries of the chosen type a page at a time', async () => {
    renderAt('/vocabulary');
    await screen.findByTestId('library-row-1');
    expect(screen.getByTestId('library-row-1').textContent).toContain('37 / 150');
    expect(screen.getByTestId('library-row-1').textContent).toContain('English');
    expect(screen.getByText('23 in all')).toBeTruthy();
    const first = calls('/getDocumentList')[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ type: 'words', pageNum: '1', pageSize: '20' });

    fireEvent.click(within(screen.getByTestId('vocabulary-pagination')).getByTitle('2'));
    await screen.findByTestId('library-row-21');
    expect(screen.queryByTestId('library-row-1')).toBeNull();

    fireEvent.click(screen.getByTestId('vocabulary-tab-terms'));
    const terms = await screen.findByTestId('library-row-40');
    expect(terms.textContent).toContain('English → Chinese (Simplified)');
    expect(terms.textContent).toContain('37 / 200');
    expect(calls('/getDocumentList').at(-1)!.url.searchParams.get('pageNum')).toBe('1');
  });

  it('searches by name', async () => {
    renderAt('/vocabulary');
    await screen.findByTestId('library-row-1');
    const search = searchBox('vocabulary-search');
    fireEvent.change(search, { target: { value: 'Words 22' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByTestId('library-row-1')).toBeNull());
    expect(screen.getByTestId('library-row-22')).toBeTruthy();
    expect(calls('/getDocumentList').at(-1)!.url.searchParams.get('name')).toBe('Words 22');
  });

  it('creates a library of the current type with its language and folder', async () => {
    renderAt('/vocabulary');
    await screen.findByTestId('library-row-1');
    fireEvent.click(screen.getByTestId('vocabulary-tab-terms'));
    await screen.findByTestId('library-row-40');
    fireEvent.click(screen.getByTestId('vocabulary-create'));
    fireEvent.change(await screen.findByTestId('library-name'), { target: { value: '  Cardiology  ' } });
    await pick('library-target-language', 'Chinese (Simplified)');
    fireEvent.click(screen.getByTestId('library-submit'));
    await screen.findByText('Library created');
    expect(calls('/edit').map(jsonOf)).toEqual([{ type: 'terms', name: 'Cardiology', language: 'en-US', targetLanguage: 'zh-CN', folderId: 0 }]);
  });

  it('deletes libraries after confirmation, one or several', async () => {
    renderAt('/vocabulary');
    await screen.findByTestId('library-row-1');
    fireEvent.click(screen.getByTestId('library-delete-2'));
    fireEvent.click(await screen.findByTestId('vocabulary-delete-confirm'));
    await screen.findByText('Libraries deleted: 1');
    fireEvent.click(screen.getByTestId('library-select-3'));
    fireEvent.click(screen.getByTestId('library-select-4'));
    fireEvent.click(screen.getByTestId('vocabulary-batch-delete'));
    expect((await screen.findAllByText('Delete the selected libraries (2)?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByTestId('vocabulary-delete-confirm').at(-1)!);
    await waitFor(() => expect(calls('/remove').map(jsonOf)).toEqual([{ ids: [2] }, { ids: [3, 4] }]));
  });

  it('creates, renames and deletes folders, offering no fourth level', async () => {
    renderAt('/vocabulary');
    await screen.findByTestId('vocabulary-folder-63');
    const third = await openMenu(screen.getByTestId('vocabulary-folder-actions-63'));
    expect(within(third).queryByTestId('vocabulary-folder-add-child')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    const second = await openMenu(screen.getByTestId('vocabulary-folder-actions-61'));
    fireEvent.click(within(second).getByTestId('vocabulary-folder-add-child'));
    fireEvent.change(await screen.findByTestId('vocabulary-folder-name-input'), { target: { value: 'Beta' } });
    fireEvent.click(screen.getByTestId('vocabulary-folder-name-submit'));
    await screen.findByText('Folder created');

    fireEvent.click(screen.getByTestId('vocabulary-folder-new'));
    fireEvent.change(await screen.findByTestId('vocabulary-folder-name-input'), { target: { value: 'x'.repeat(251) } });
    fireEvent.click(screen.getByTestId('vocabulary-folder-name-submit'));
    expect(await screen.findByText('A folder name can have at most 250 characters')).toBeTruthy();
    fireEvent.change(screen.getByTestId('vocabulary-folder-name-input'), { target: { value: 'Lectures' } });
    fireEvent.click(screen.getByTestId('vocabulary-folder-name-submit'));
    await waitFor(() => expect(calls('/editFolder')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('vocabulary-folder-name-input')).toBeNull());

    const menu = await openMenu(screen.getByTestId('vocabulary-folder-actions-62'));
    fireEvent.click(within(menu).getByTestId('vocabulary-folder-rename'));
    const input = (await screen.findByTestId('vocabulary-folder-name-input')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Acme'));
    fireEvent.change(input, { target: { value: 'Acme Ltd' } });
    fireEvent.click(screen.getByTestId('vocabulary-folder-name-submit'));
    await screen.findByText('Folder renamed');

    const last = await openMenu(screen.getByTestId('vocabulary-folder-actions-61'));
    fireEvent.click(within(last).getByTestId('vocabulary-folder-delete'));
    fireEvent.click(await screen.findByTestId('vocabulary-folder-delete-confirm'));
    await screen.findByText('Folder deleted');
    expect(calls('/editFolder').map(jsonOf)).toEqual([
      { parentId: 61, folderName: 'Beta' },
      { parentId: 0, folderName: 'Lectures' },
      { id: 62, parentId: 61, folderName: 'Acme Ltd' },
    ]);
    expect(calls('/removeFolder').map(jsonOf)).toEqual([{ id: 61 }]);
  });

  it('filters the list by the chosen folder', async () => {
    renderAt('/vocabulary');
    fireEvent.click(await screen.findByTestId('vocabulary-folder-62'));
    await waitFor(() => expect(calls('/getDocumentList').at(-1)!.url.searchParams.get('folderId')).toBe('62'));
  });

  describe('Excel import', () => {
    async function openImport() {
      renderAt('/vocabulary');
      await screen.findByTestId('library-row-1');
      fireEvent.click(screen.getByTestId('vocabulary-import'));
      return screen.findByTestId('import-dialog');
    }

    it('explains the layout and the row limits', async () => {
      const dialog = await openImport();
      const layout = within(dialog).getByTestId('import-layout').textContent;
      expect(layout).toContain('one word per row in column A');
      expect(layout).toContain('at most 5 MB, with at most 150 rows for proprietary words, 200 for translation terms and 300 for sensitive words');
    });

    it('refuses a file that is not .xlsx, and one over 5 MB, before sending', async () => {
      await openImport();
      chooseFile(xlsx('words.csv'));
      expect((await screen.findByTestId('import-problem')).textContent).toBe('Only Excel files (.xlsx) can be imported.');
      chooseFile(xlsx('words.xlsx', 5 * 1024 * 1024 + 1));
      await waitFor(() => expect(screen.getByTestId('import-problem').textContent).toBe('The file is larger than 5 MB.'));
      fireEvent.change(screen.getByTestId('library-name'), { target: { value: 'Imported' } });
      fireEvent.click(screen.getByTestId('import-submit'));
      await waitFor(() => expect(screen.getByTestId('import-problem').textContent).toBe('Please choose an .xlsx file first.'));
      expect(calls('/import')).toHaveLength(0);
    });

    it('sends the file with the new library’s fields and shows what was added', async () => {
      await openImport();
      fireEvent.change(screen.getByTestId('library-name'), { target: { value: 'Imported' } });
      chooseFile(xlsx('words.xlsx'));
      fireEvent.click(screen.getByTestId('import-submit'));
      expect((await screen.findByTestId('import-result')).textContent).toContain('12 added, 3 already there');
      const sent = calls('/import')[0]!;
      expect(sent.headers['content-type']).toMatch(/^multipart\/form-data/);
      for (const part of ['name="file"; filename="words.xlsx"', 'name="type"', 'words', 'name="name"', 'Imported', 'name="language"', 'name="folderId"']) {
        expect(sent.body).toContain(part);
      }
    });

    it('shows the server’s refusal in the dialog', async () => {
      scenario.importReply = () => fail(400, 'The sheet has 301 rows; at most 150 are allowed.');
      await openImport();
      fireEvent.change(screen.getByTestId('library-name'), { target: { value: 'Imported' } });
      chooseFile(xlsx('words.xlsx'));
      fireEvent.click(screen.getByTestId('import-submit'));
      expect((await screen.findByTestId('import-problem')).textContent).toBe('The sheet has 301 rows; at most 150 are allowed.');
      expect(screen.queryByTestId('import-result')).toBeNull();
    });
  });

  describe('without SVIP', () => {
    it('explains the SVIP right, keeps open, export and delete, and opens the pay dialog', async () => {
      scenario.permissions = DEFAULT_PERMISSIONS;
      useSession.getState().setPermissions(DEFAULT_PERMISSIONS);
      renderAt('/vocabulary');
      await screen.findByTestId('library-row-1');
      expect((await screen.findByTestId('vocabulary-svip')).textContent).toContain('Vocabulary libraries are an SVIP feature');
      expect((screen.getByTestId('vocabulary-create') as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByTestId('vocabulary-import') as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByTestId('library-edit-1') as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByTestId('library-open-1') as HTMLButtonElement).disabled).toBe(false);
      expect((screen.getByTestId('library-export-1') as HTMLButtonElement).disabled).toBe(false);
      expect((screen.getByTestId('library-delete-1') as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(screen.getByTestId('vocabulary-svip-buy'));
      expect(await screen.findByTestId('pay-dialog')).toBeTruthy();
    });

    it('opens the pay dialog when the server refuses for want of the right', async () => {
      renderAt('/vocabularyDetail?id=1');
      await screen.findByTestId('entry-row-301');
      server.reply((request) =>
        request.url.pathname.endsWith('/editData') ? { body: { code: 92505003, msg: 'This needs SVIP', data: null } } : fakeApi(request),
      );
      fireEvent.change(screen.getByTestId('entry-add-text'), { target: { value: 'Hono' } });
      fireEvent.click(screen.getByTestId('entry-add-submit'));
      expect(await screen.findByText('This needs SVIP')).toBeTruthy();
      expect(await screen.findByTestId('pay-dialog')).toBeTruthy();
      expect(toasts).toEqual([]);
    });
  });
});

describe('/vocabularyDetail', () => {
  it('opens from the list and shows the library with its count against the limit', async () => {
    const router = renderAt('/vocabulary');
    fireEvent.click(await screen.findByTestId('library-name-1'));
    await screen.findByTestId('entry-row-301');
    expect(router.state.location.search).toBe('?id=1');
    const meta = screen.getByTestId('vocabulary-detail-meta').textContent;
    expect(meta).toContain('Proprietary words');
    expect(meta).toContain('English');
    expect(screen.getByTestId('vocabulary-count').textContent).toBe('37 / 150');
    fireEvent.click(screen.getByTestId('vocabulary-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vocabulary'));
  });

  it('adds a word, refusing one of 51 characters in the form', async () => {
    renderAt('/vocabularyDetail?id=1');
    await screen.findByTestId('entry-row-301');
    fireEvent.change(screen.getByTestId('entry-add-text'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByTestId('entry-add-submit'));
    expect(await screen.findByText('At most 50 characters')).toBeTruthy();
    fireEvent.change(screen.getByTestId('entry-add-text'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('entry-add-submit'));
    expect(await screen.findByText('Please enter a word')).toBeTruthy();
    expect(calls('/editData')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('entry-add-text'), { target: { value: '  Hono  ' } });
    fireEvent.click(screen.getByTestId('entry-add-submit'));
    await screen.findByText('Entry added');
    expect(calls('/editData').map(jsonOf)).toEqual([{ id: 1, text: 'Hono', translation: '' }]);
  });

  it('adds a term with either side, each up to 100 characters', async () => {
    renderAt('/vocabularyDetail?id=40');
    await screen.findByTestId('entry-row-301');
    fireEvent.click(screen.getByTestId('entry-add-submit'));
    expect(await screen.findByText('Please enter the original or the translation')).toBeTruthy();
    fireEvent.change(screen.getByTestId('entry-add-translation'), { target: { value: 'y'.repeat(101) } });
    fireEvent.click(screen.getByTestId('entry-add-submit'));
    expect(await screen.findByText('At most 100 characters')).toBeTruthy();
    fireEvent.change(screen.getByTestId('entry-add-translation'), { target: { value: '心肌梗死' } });
    fireEvent.click(screen.getByTestId('entry-add-submit'));
    await screen.findByText('Entry added');
    expect(calls('/editData').map(jsonOf)).toEqual([{ id: 40, text: '', translation: '心肌梗死' }]);
  });

  it('edits an entry in place, within the limit', async () => {
    renderAt('/vocabularyDetail?id=1');
    await screen.findByTestId('entry-row-301');
    fireEvent.click(screen.getByTestId('entry-edit-301'));
    const input = await screen.findByTestId('entry-edit-text');
    fireEvent.change(input, { target: { value: 'z'.repeat(51) } });
    fireEvent.click(screen.getByTestId('entry-edit-save'));
    expect((await screen.findByTestId('entry-edit-error')).textContent).toBe('At most 50 characters');
    fireEvent.change(input, { target: { value: 'Tingyi AI' } });
    fireEvent.click(screen.getByTestId('entry-edit-save'));
    await screen.findByText('Entry saved');
    expect(calls('/editData').map(jsonOf)).toEqual([{ id: 1, entryId: 301, text: 'Tingyi AI', translation: '' }]);
  });

  it('deletes one entry or the selected ones after confirmation', async () => {
    renderAt('/vocabularyDetail?id=1');
    await screen.findByTestId('entry-row-301');
    fireEvent.click(screen.getByTestId('entry-delete-302'));
    expect((await screen.findAllByText('Delete this entry?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('entries-delete-confirm'));
    await screen.findByText('Entries deleted: 1');
    fireEvent.click(screen.getByTestId('entry-select-301'));
    fireEvent.click(screen.getByTestId('entry-select-302'));
    fireEvent.click(screen.getByTestId('entries-batch-delete'));
    fireEvent.click((await screen.findAllByTestId('entries-delete-confirm')).at(-1)!);
    await waitFor(() =>
      expect(calls('/removeData').map(jsonOf)).toEqual([
        { id: 1, ids: [302] },
        { id: 1, ids: [301, 302] },
      ]),
    );
  });

  it('searches the entries by keyword', async () => {
    renderAt('/vocabularyDetail?id=1');
    await screen.findByTestId('entry-row-301');
    const search = searchBox('entries-search');
    fireEvent.change(search, { target: { value: 'Kube' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls('/getDocumentData').at(-1)!.url.searchParams.get('keyword')).toBe('Kube'));
  });

  it('imports more into the library', async () => {
    renderAt('/vocabularyDetail?id=1');
    await screen.findByTestId('entry-row-301');
    fireEvent.click(screen.getByTestId('vocabulary-import-more'));
    await screen.findByTestId('import-dialog');
    expect(screen.queryByTestId('library-name')).toBeNull();
    chooseFile(xlsx('more.xlsx'));
    fireEvent.click(screen.getByTestId('import-submit'));
    expect((await screen.findByTestId('import-result')).textContent).toContain('12 added, 3 already there');
    expect(calls('/import')[0]!.body).toMatch(/name="id"\r\n\r\n1\r\n/);
  });
});

describe('vocabulary choosers', () => {
  it('meeting setup sends the chosen libraries as documentIds', async () => {
    renderAt('/meeting');
    await screen.findByTestId('meeting-setup');
    await waitFor(() => expect(screen.getByTestId('meeting-source').textContent).toBe('English'));
    await pick('meeting-targets', 'Chinese (Simplified)');
    await pick('meeting-vocabulary', 'Medical terms', 'Medical');
    await pick('meeting-vocabulary', 'Words 3', 'Words 3');
    fireEvent.click(screen.getByTestId('meeting-create'));
    await waitFor(() => expect(calls('/speech/meeting/create')).toHaveLength(1));
    expect(jsonOf(calls('/speech/meeting/create')[0]!).documentIds).toEqual([40, 3]);
  });

  it('is disabled with the SVIP hint for a plan without the rights', async () => {
    scenario.permissions = DEFAULT_PERMISSIONS;
    useSession.getState().setPermissions(DEFAULT_PERMISSIONS);
    renderAt('/meeting');
    await screen.findByTestId('meeting-setup');
    expect((screen.getByTestId('meeting-vocabulary') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('meeting-vocabulary-svip').textContent).toContain('Vocabulary libraries are an SVIP feature.');
    expect(screen.getByTestId('meeting-vocabulary-buy').getAttribute('href')).toBe('/user/account');
    expect(calls('/getDocumentList')).toHaveLength(0);
  });
});

describe('vocabulary signed out', () => {
  it('asks a visitor without any account to log in, and the button leads to the sign-in page', async () => {
    removeToken();
    useSession.setState({ userInfo: null });
    const router = renderAt('/vocabulary');
    expect(await screen.findByText('Log in to see and manage your vocabulary libraries.')).toBeTruthy();
    fireEvent.click(screen.getByText('Log in', { selector: '.ant-result button span' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fvocabulary');
  });
});
