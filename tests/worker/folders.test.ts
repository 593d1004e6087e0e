import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FolderNode, FolderRemoval } from '../../contracts/records';
import { call, send, signUp } from './api';
import { createRecord, folderTree } from './seed';

const editFolder = (token: string, body: object, locale?: string) =>
  call<FolderNode>('/prod-api/speech/folder/editFolder', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(locale ? { 'accept-language': locale } : {}) },
    body: JSON.stringify(body),
  });
const create = async (token: string, folderName: string, parentId = 0) => (await editFolder(token, { parentId, folderName })).body.data;
const removeFolder = (token: string, id: number) => send<FolderRemoval>('/prod-api/speech/folder/removeFolder', { id }, { token });

/** Every node of the tree, depth first. */
const flatten = (nodes: FolderNode[]): FolderNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('folder tree', () => {
  it('gives each user one default folder first, even when the first calls arrive together', async () => {
    const { token, userId } = await signUp();
    const trees = await Promise.all(Array.from({ length: 6 }, () => folderTree(token)));
    const defaults = new Set(trees.map((t) => t[0]!.id));
    expect(defaults.size).toBe(1);
    expect(trees[0]).toEqual([{ id: [...defaults][0], name: 'Default', parentId: 0, ancestors: '0', isDefault: true, recordCount: 0, children: [] }]);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM folders WHERE user_id = ? AND is_default = 1').bind(userId).first<{ n: number }>();
    expect(rows!.n).toBe(1);

    const b = await create(token, 'Projects');
    const a = await create(token, 'Archive');
    const tree = await folderTree(token);
    expect(tree.map((f) => f.name)).toEqual(['Default', 'Projects', 'Archive']);
    expect(tree.map((f) => f.id)).toEqual([[...defaults][0], b.id, a.id]);
  });

  it('counts the records directly inside each folder', async () => {
    const { token, userId } = await signUp();
    const top = await create(token, 'Top');
    const child = await create(token, 'Child', top.id);
    for (let i = 0; i < 3; i++) await createRecord(userId, top.id);
    await createRecord(userId, child.id);
    const [, topNode] = await folderTree(token);
    expect(topNode).toMatchObject({ id: top.id, recordCount: 3, children: [{ id: child.id, recordCount: 1, ancestors: `0,${top.id}` }] });
  });
});

describe('folder names', () => {
  it('suffixes duplicate sibling names with the first free (n)', async () => {
    const { token } = await signUp();
    const names = [];
    for (let i = 0; i < 3; i++) names.push((await create(token, 'Interviews')).name);
    expect(names).toEqual(['Interviews', 'Interviews(1)', 'Interviews(2)']);

    const second = flatten(await folderTree(token)).find((f) => f.name === 'Interviews(1)')!;
    expect((await removeFolder(token, second.id)).body.code).toBe(200);
    expect((await create(token, 'Interviews')).name).toBe('Interviews(1)');
    expect((await create(token, 'Interviews')).name).toBe('Interviews(3)');

    // Only siblings count: the same name under another parent is free.
    const parent = flatten(await folderTree(token)).find((f) => f.name === 'Interviews')!;
    expect((await create(token, 'Interviews', parent.id)).name).toBe('Interviews');
  });

  it('never gives two concurrent creations the same name', async () => {
    const { token } = await signUp();
    const created = await Promise.all(Array.from({ length: 6 }, () => create(token, 'Same')));
    expect(created.map((f) => f.name).sort()).toEqual(['Same', 'Same(1)', 'Same(2)', 'Same(3)', 'Same(4)', 'Same(5)']);
  });

  it('renames with the same rule and keeps a 250-character name within the limit', async () => {
    const { token } = await signUp();
    const taken = await create(token, 'Notes');
    const other = await create(token, 'Drafts');
    const renamed = await editFolder(token, { id: other.id, folderName: '  Notes ' });
    expect(renamed.body.data).toMatchObject({ id: other.id, name: 'Notes(1)' });
    expect((await editFolder(token, { id: taken.id, folderName: 'Notes' })).body.data.name).toBe('Notes');

    const long = 'x'.repeat(250);
    expect((await create(token, long)).name).toBe(long);
    const suffixed = await create(token, long);
    expect(suffixed.name).toBe(`${'x'.repeat(247)}(1)`);
  });

  it('counts characters, not UTF-16 units: a 250-emoji name is allowed and its suffix never splits one', async () => {
    const { token } = await signUp();
    const emoji = '😀'.repeat(250);
    expect((await create(token, emoji)).name).toBe(emoji);
    expect((await create(token, emoji)).name).toBe(`${'😀'.repeat(247)}(1)`);
    expect((await editFolder(token, { parentId: 0, folderName: '😀'.repeat(251) })).status).toBe(400);
  });

  it('refuses text-direction control characters in names', async () => {
    const { token } = await signUp();
    for (const name of ['report\u202Etxt.exe', 'a\u2066b', 'x\u200Fy']) {
      const res = await editFolder(token, { parentId: 0, folderName: name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.msg).toMatch(/text-direction control characters/);
    }
  });

  it('asks for a name and refuses one over 250 characters', async () => {
    const { token } = await signUp();
    for (const folderName of ['', '   ', 'y'.repeat(251)]) {
      const res = await editFolder(token, { parentId: 0, folderName });
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain('folderName');
    }
  });
});

describe('folder nesting', () => {
  it('allows three levels and refuses a fourth with a clear message', async () => {
    const { token } = await signUp();
    const one = await create(token, 'One');
    const two = await create(token, 'Two', one.id);
    const three = await create(token, 'Three', two.id);
    expect([one.ancestors, two.ancestors, three.ancestors]).toEqual(['0', `0,${one.id}`, `0,${one.id},${two.id}`]);

    const fourth = await editFolder(token, { parentId: three.id, folderName: 'Four' });
    expect(fourth.status).toBe(400);
    expect(fourth.body.msg).toBe('Folders can be nested at most 3 levels deep, so this folder cannot have subfolders.');
    const zh = await editFolder(token, { parentId: three.id, folderName: 'Four' }, 'zh-CN');
    expect(zh.body.msg).toBe('文件夹最多只能嵌套 3 层，此文件夹下不能再新建子文件夹。');
    expect(flatten(await folderTree(token)).map((f) => f.name)).toEqual(['Default', 'One', 'Two', 'Three']);
  });
});

describe('the default folder', () => {
  it('can be neither renamed nor deleted', async () => {
    const { token } = await signUp();
    const [fallback] = await folderTree(token);
    const rename = await editFolder(token, { id: fallback!.id, folderName: 'Mine' });
    expect(rename.status).toBe(403);
    expect(rename.body.msg).toBe('The default folder cannot be renamed.');
    const remove = await removeFolder(token, fallback!.id);
    expect(remove.status).toBe(403);
    expect(remove.body.msg).toBe('The default folder cannot be deleted.');
    expect((await folderTree(token))[0]).toMatchObject({ id: fallback!.id, name: 'Default', isDefault: true });
  });
});

describe('deleting a folder', () => {
  it('removes its whole subtree and moves every record in it to the default folder', async () => {
    const { token, userId } = await signUp();
    const [fallback] = await folderTree(token);
    const keep = await create(token, 'Keep');
    const top = await create(token, 'Top');
    const mid = await create(token, 'Mid', top.id);
    const leaf = await create(token, 'Leaf', mid.id);
    const sibling = await create(token, 'Sibling', top.id);
    const inside: number[] = [];
    for (const folder of [top, mid, leaf, leaf, sibling]) inside.push((await createRecord(userId, folder.id)).id);
    const kept = await createRecord(userId, keep.id);
    const before = Date.now();

    const res = await removeFolder(token, top.id);
    expect(res.body.data).toEqual({ removedFolders: 4, movedRecords: 5 });

    const tree = await folderTree(token);
    expect(flatten(tree).map((f) => f.name)).toEqual(['Default', 'Keep']);
    expect(tree[0]).toMatchObject({ id: fallback!.id, recordCount: 5 });
    const rows = (
      await env.DB.prepare(`SELECT id, folder_id, updated_at FROM records WHERE user_id = ? ORDER BY id`)
        .bind(userId)
        .all<{ id: number; folder_id: number; updated_at: number }>()
    ).results;
    expect(rows.filter((r) => inside.includes(r.id)).every((r) => r.folder_id === fallback!.id && r.updated_at >= before)).toBe(true);
    expect(rows.find((r) => r.id === kept.id)!.folder_id).toBe(keep.id);
  });

  it('deleting a subfolder leaves its parent and siblings alone', async () => {
    const { token } = await signUp();
    const top = await create(token, 'Top');
    const a = await create(token, 'A', top.id);
    await create(token, 'B', top.id);
    await create(token, 'A child', a.id);
    expect((await removeFolder(token, a.id)).body.data).toEqual({ removedFolders: 2, movedRecords: 0 });
    expect(flatten(await folderTree(token)).map((f) => f.name)).toEqual(['Default', 'Top', 'B']);
  });
});

describe('folder ownership', () => {
  it('never lets one user see, rename, delete or nest under another user’s folder', async () => {
    const owner = await signUp();
    const other = await signUp();
    const folder = await create(owner.token, 'Private');
    const [ownerDefault] = await folderTree(owner.token);

    expect(flatten(await folderTree(other.token)).map((f) => f.name)).toEqual(['Default']);
    for (const res of [
      await editFolder(other.token, { id: folder.id, folderName: 'Hijacked' }),
      await editFolder(other.token, { parentId: folder.id, folderName: 'Inside' }),
      await removeFolder(other.token, folder.id),
      await removeFolder(other.token, ownerDefault!.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('This folder does not exist or has been deleted.');
    }
    expect(flatten(await folderTree(owner.token)).map((f) => f.name)).toEqual(['Default', 'Private']);
  });

  it('needs a signed-in user', async () => {
    expect((await call('/prod-api/speech/folder/getFolder')).status).toBe(401);
    expect((await send('/prod-api/speech/folder/editFolder', { folderName: 'x' })).status).toBe(401);
  });
});
