import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FolderNode } from '../../contracts/records';
import { setLocale } from '../../web/i18n';
import { useApiServer } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { fail, folderNode, ok, sampleTree } from './helpers/records';
import { renderAt } from './helpers/render-app';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi);
let tree: FolderNode[];
/** What the next editFolder call answers; by default it echoes the folder as created or renamed. */
let editReply: ((body: Record<string, unknown>) => Reply) | null;

function fakeApi({ url, body }: RecordedRequest): Reply {
  switch (url.pathname.replace('/prod-api', '')) {
    case '/speech/folder/getFolder':
      return ok(tree);
    case '/speech/folder/editFolder': {
      const input = JSON.parse(body) as { id?: number; parentId: number; folderName: string };
      if (editReply) return editReply(input);
      return ok(folderNode(input.id ?? 99, input.folderName, input.parentId ? `0,${input.parentId}` : '0'));
    }
    case '/speech/folder/removeFolder':
      return ok({ removedFolders: 3, movedRecords: 8 });
    case '/speech/audio/transcribe/query':
      return ok({ rows: [], total: 0 });
    default:
      return fail(404, `No route ${url.pathname}`);
  }
}

const calls = (path: string) => server.requests.filter((r) => r.url.pathname === `/prod-api${path}`);
const jsonOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;

beforeEach(() => {
  tree = sampleTree();
  editReply = null;
});

/** Opens a folder's action menu and returns the menu that appeared. */
async function openActions(id: number): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId(`folder-actions-${id}`));
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)');
    if (!menu) throw new Error('no open menu');
    return menu;
  });
}

async function typeName(value: string) {
  fireEvent.change(await screen.findByTestId('folder-name-input'), { target: { value } });
  fireEvent.click(screen.getByTestId('folder-name-submit'));
}

// antd renders slowly in jsdom: a test that opens menus and dialogs takes seconds.
describe('folder tree in the side navigation', () => {
  it('shows the server’s tree, expanded, with the default folder under its translated name', async () => {
    renderAt('/');
    const nav = await screen.findByTestId('folder-tree');
    await within(nav).findByTestId('folder-node-14');
    expect(within(nav).getByTestId('folder-node-11').textContent).toBe('Default folder');
    expect(['12', '13', '14'].map((id) => within(nav).getByTestId(`folder-node-${id}`).textContent)).toEqual(['Work', 'Clients', 'Acme']);
  });

  it.each([
    [11, 'the default folder: subfolder only, never renamed or deleted', ['folder-add-child']],
    [12, 'a top-level folder (ancestors "0")', ['folder-add-child', 'folder-rename', 'folder-delete']],
    [13, 'a second-level folder (ancestors "0,12")', ['folder-add-child', 'folder-rename', 'folder-delete']],
    [14, 'a third-level folder (ancestors "0,12,13"): no fourth level', ['folder-rename', 'folder-delete']],
  ])('offers the right actions for folder %i, %s', async (id, _, expected) => {
    renderAt('/');
    const menu = await openActions(id);
    const offered = ['folder-add-child', 'folder-rename', 'folder-delete'].filter((testId) => within(menu).queryByTestId(testId));
    expect(offered).toEqual(expected);
  });

  it('creates a subfolder with the parent id and the trimmed name, then reloads the tree', async () => {
    renderAt('/');
    const menu = await openActions(13);
    fireEvent.click(within(menu).getByTestId('folder-add-child'));
    expect(await screen.findByText('New subfolder in “Clients”')).toBeTruthy();
    tree[1]!.children[0]!.children.push(folderNode(99, 'Q3 plans', '0,12,13'));
    await typeName('  Q3 plans  ');

    await screen.findByText('Folder created');
    expect(calls('/speech/folder/editFolder').map(jsonOf)).toEqual([{ parentId: 13, folderName: 'Q3 plans' }]);
    expect((await screen.findByTestId('folder-node-99')).textContent).toBe('Q3 plans');
    expect(calls('/speech/folder/getFolder').length).toBe(2);
  });

  it('creates a top-level folder from the "new folder" action', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('folder-new-root'));
    await typeName('Lectures');
    await screen.findByText('Folder created');
    expect(calls('/speech/folder/editFolder').map(jsonOf)).toEqual([{ parentId: 0, folderName: 'Lectures' }]);
  });

  it('asks for a folder name instead of sending an empty or over-long one', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('folder-new-root'));
    await typeName('   ');
    expect(await screen.findByText('Please enter a folder name', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    await typeName('x'.repeat(251));
    expect(await screen.findByText('A folder name can have at most 250 characters')).toBeTruthy();
    expect(calls('/speech/folder/editFolder')).toHaveLength(0);
  });

  it('keeps the dialog open and shows the server’s reason when it refuses', async () => {
    editReply = () => fail(400, 'Folders nest at most 3 levels deep.');
    renderAt('/');
    fireEvent.click(await screen.findByTestId('folder-new-root'));
    await typeName('Deep');
    await waitFor(() => expect(toasts).toEqual(['Folders nest at most 3 levels deep.']));
    expect(screen.getByTestId('folder-name-input')).toBeTruthy();
  });

  it('renames a folder, starting from its current name', async () => {
    renderAt('/');
    const menu = await openActions(12);
    fireEvent.click(within(menu).getByTestId('folder-rename'));
    expect(((await screen.findByTestId('folder-name-input')) as HTMLInputElement).value).toBe('Work');
    await typeName('Office');
    await screen.findByText('Folder renamed');
    expect(calls('/speech/folder/editFolder').map(jsonOf)).toEqual([{ id: 12, parentId: 0, folderName: 'Office' }]);
  });

  it('says how many records of the whole subtree move to the default folder before deleting, and leaves a deleted current folder', async () => {
    const router = renderAt('/recordList?folderId=14');
    const menu = await openActions(12);
    fireEvent.click(within(menu).getByTestId('folder-delete'));

    const summary = await screen.findByTestId('folder-delete-summary');
    expect(summary.textContent).toContain('8 records in this folder and its subfolders will be moved to the default folder.');
    expect(summary.textContent).toContain('Its subfolders are deleted with it.');
    expect(screen.getByText('Delete the folder “Work”?', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    expect(calls('/speech/folder/removeFolder')).toHaveLength(0);

    tree = [tree[0]!];
    fireEvent.click(screen.getByTestId('folder-delete-confirm'));
    await screen.findByText('Folder deleted; 8 records were moved to the default folder.');
    expect(calls('/speech/folder/removeFolder').map(jsonOf)).toEqual([{ id: 12 }]);
    await waitFor(() => expect(router.state.location.search).toBe('?folderId=11'));
    expect(localStorage.getItem('folderId')).toBe('11');
  });

  it('says so when a folder holds no records', async () => {
    tree = [folderNode(11, 'Default', '0', { isDefault: true }), folderNode(20, 'Empty', '0')];
    renderAt('/');
    const menu = await openActions(20);
    fireEvent.click(within(menu).getByTestId('folder-delete'));
    expect((await screen.findByTestId('folder-delete-summary')).textContent).toBe('This folder and its subfolders hold no records.');
  });

  it('opens a folder’s records and remembers it as the current folder', async () => {
    const router = renderAt('/');
    fireEvent.click(await screen.findByTestId('folder-node-14'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recordList'));
    expect(router.state.location.search).toBe('?folderId=14');
    await screen.findByText('Acme', { selector: '[data-testid=page-title]' });
    expect(localStorage.getItem('folderId')).toBe('14');
    expect(localStorage.getItem('folderName')).toBe('Acme');
    await waitFor(() => expect(calls('/speech/audio/transcribe/query').at(-1)?.url.searchParams.get('folderId')).toBe('14'));
    // The open folder is marked as the current page, and only it.
    const link = (id: number) => screen.getByTestId(`folder-node-${id}`).closest('a');
    expect(link(14)?.getAttribute('aria-current')).toBe('page');
    expect(link(14)?.getAttribute('href')).toBe('/recordList?folderId=14');
    expect([11, 12, 13].map((id) => link(id)?.getAttribute('aria-current'))).toEqual([null, null, null]);
  });

  it('folds and unfolds a folder’s subfolders from its arrow', async () => {
    renderAt('/');
    await screen.findByTestId('folder-node-14');
    const toggle = screen.getByLabelText('Subfolders of Work');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('folder-node-13')).toBeNull();
    expect(screen.queryByTestId('folder-node-14')).toBeNull();
    // Leaves have nothing to fold.
    expect(screen.queryByLabelText('Subfolders of Default folder')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTestId('folder-node-14').textContent).toBe('Acme');
  });

  it('opens the remembered folder on /recordList', async () => {
    localStorage.setItem('folderId', '13');
    renderAt('/recordList');
    await screen.findByText('Clients', { selector: '[data-testid=page-title]' });
  });

  it('falls back to the server’s first folder, under its translated name, for an unknown folder', async () => {
    localStorage.setItem('folderId', '1');
    renderAt('/recordList');
    await screen.findByText('Default folder', { selector: '[data-testid=page-title]' });
    await waitFor(() => expect(calls('/speech/audio/transcribe/query').at(-1)?.url.searchParams.get('folderId')).toBe('11'));
    expect(localStorage.getItem('folderName')).toBe('Default folder');
  });

  it("folds the tree away with the records entry's arrow, and opens the list with the entry itself", async () => {
    const router = renderAt('/');
    await screen.findByTestId('folder-node-11');
    const fold = screen.getByTestId('nav-records-fold');
    expect(fold.getAttribute('aria-label')).toBe('Hide folders');
    fireEvent.click(fold);
    await waitFor(() => expect(screen.queryByTestId('folder-tree')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByTestId('nav-records-fold'));
    expect(await screen.findByTestId('folder-node-11')).toBeTruthy();

    // The entry leads to the records list, and the folders stay in view under it.
    fireEvent.click(screen.getByTestId('nav-records-fold'));
    await waitFor(() => expect(screen.queryByTestId('folder-tree')).toBeNull());
    fireEvent.click(screen.getByTestId('nav-records'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recordList'));
    expect(await screen.findByTestId('folder-node-11')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('nav-records').getAttribute('aria-current')).toBe('page'));
  });

  it('shows the tree in the interface language', async () => {
    await setLocale('zh-TW');
    renderAt('/');
    expect((await screen.findByTestId('folder-node-11')).textContent).toBe('預設資料夾');
    expect(screen.getByTestId('folder-new-root').textContent).toBe('新增資料夾');
  });
});
