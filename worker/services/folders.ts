import { and, asc, count, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { FOLDER } from '../../contracts/constants';
import { Code } from '../../contracts/errors';
import type { FolderNode, FolderRemoval } from '../../contracts/records';
import type { Db } from '../db/client';
import { folders, records } from '../db/schema';
import { codePointSlice } from '../../contracts/text';
import { ApiError } from '../lib/errors';

/**
 * Record folders (spec §3 Folder, §5 folder rules): a per-user tree at most FOLDER.maxDepth levels deep,
 * sibling names made unique with a `(n)` suffix, and one default folder that cannot be renamed or deleted
 * and takes in the records of deleted folders.
 */
type Folder = typeof folders.$inferSelect;

/** Stored name of the default folder; the web app shows a translated name for it. */
const DEFAULT_FOLDER_NAME = 'Default';
/** Concurrent writers can take the name we picked; each round re-reads the names, so a few rounds suffice. */
const NAME_ATTEMPTS = 20;

const folderNotFound = () => new ApiError(Code.NOT_FOUND, 'folderNotFound');

/** The user's default folder, created on first use. Concurrent first calls all end with the same row. */
export async function defaultFolder(db: Db, userId: number): Promise<Folder> {
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const found = await db.query.folders.findFirst({ where: and(eq(folders.userId, userId), eq(folders.isDefault, true)) });
    if (found) return found;
    const name = await freeName(db, userId, 0, DEFAULT_FOLDER_NAME);
    const [created] = await db
      .insert(folders)
      .values({ userId, parentId: 0, name, ancestors: '0', isDefault: true, createdAt: Date.now() })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new Error(`default folder of user ${userId} could not be created`);
}

export async function ownedFolder(db: Db, userId: number, id: number): Promise<Folder> {
  const folder = await db.query.folders.findFirst({ where: and(eq(folders.id, id), eq(folders.userId, userId)) });
  if (!folder) throw folderNotFound();
  return folder;
}

/** The folder a new or copied record goes to: the one named, which must be the user's, else the default. */
export async function targetFolder(db: Db, userId: number, folderId?: number): Promise<Folder> {
  return folderId === undefined ? defaultFolder(db, userId) : ownedFolder(db, userId, folderId);
}

/** `name`, or `name(1)`, `name(2)`, … shortened so the suffix still fits within the name limit. */
function suffixed(name: string, n: number) {
  if (n === 0) return name;
  const suffix = `(${n})`;
  return codePointSlice(name, FOLDER.nameMax - suffix.length) + suffix;
}

/** The first of `name`, `name(1)`, `name(2)`, … that no sibling (other than `exceptId`) uses. */
async function freeName(db: Db, userId: number, parentId: number, name: string, exceptId?: number) {
  const siblings = await db
    .select({ name: folders.name })
    .from(folders)
    .where(and(eq(folders.userId, userId), eq(folders.parentId, parentId), exceptId === undefined ? undefined : ne(folders.id, exceptId)));
  const taken = new Set(siblings.map((s) => s.name));
  let n = 0;
  while (taken.has(suffixed(name, n))) n++;
  return suffixed(name, n);
}

/** The user's folders as a tree: the default folder first, then the others in creation order. */
export async function folderTree(db: Db, userId: number): Promise<FolderNode[]> {
  const fallback = await defaultFolder(db, userId);
  const [rows, counts] = await Promise.all([
    db.select().from(folders).where(eq(folders.userId, userId)).orderBy(asc(folders.createdAt), asc(folders.id)),
    db.select({ folderId: records.folderId, n: count() }).from(records).where(eq(records.userId, userId)).groupBy(records.folderId),
  ]);
  const recordCount = new Map(counts.map((c) => [c.folderId, c.n]));
  const nodes = new Map<number, FolderNode>(
    rows.map((f) => [
      f.id,
      { id: f.id, name: f.name, parentId: f.parentId, ancestors: f.ancestors, isDefault: f.isDefault, recordCount: recordCount.get(f.id) ?? 0, children: [] },
    ]),
  );
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === 0) roots.push(node);
    else nodes.get(node.parentId)?.children.push(node);
  }
  return roots.sort((a, b) => Number(b.id === fallback.id) - Number(a.id === fallback.id));
}

async function treeNode(db: Db, userId: number, id: number): Promise<FolderNode> {
  const find = (list: FolderNode[]): FolderNode | undefined => {
    for (const node of list) {
      if (node.id === id) return node;
      const inner = find(node.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const node = find(await folderTree(db, userId));
  if (!node) throw folderNotFound();
  return node;
}

export async function createFolder(db: Db, userId: number, parentId: number, name: string): Promise<FolderNode> {
  // The default folder exists before any other, so it always keeps the plain default name.
  await defaultFolder(db, userId);
  let ancestors = '0';
  if (parentId !== 0) {
    const parent = await ownedFolder(db, userId, parentId);
    if (parent.ancestors.split(',').length >= FOLDER.maxDepth) {
      throw new ApiError(Code.BAD_REQUEST, 'folderTooDeep', { max: FOLDER.maxDepth });
    }
    ancestors = `${parent.ancestors},${parent.id}`;
  }
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const free = await freeName(db, userId, parentId, name);
    const [created] = await db.insert(folders).values({ userId, parentId, name: free, ancestors, createdAt: Date.now() }).onConflictDoNothing().returning();
    if (created) return treeNode(db, userId, created.id);
  }
  throw new Error(`no free folder name for "${name}" after ${NAME_ATTEMPTS} attempts`);
}

export async function renameFolder(db: Db, userId: number, id: number, name: string): Promise<FolderNode> {
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const folder = await ownedFolder(db, userId, id);
    if (folder.isDefault) throw new ApiError(Code.FORBIDDEN, 'folderDefaultRename');
    if (folder.name === name) return treeNode(db, userId, id);
    const free = await freeName(db, userId, folder.parentId, name, id);
    // OR IGNORE: a sibling that took the name meanwhile leaves the row unchanged, and the next round picks again.
    const result = await db.run(sql`UPDATE OR IGNORE ${folders} SET name = ${free} WHERE id = ${id} AND user_id = ${userId}`);
    if (result.meta.changes === 1) return treeNode(db, userId, id);
  }
  throw new Error(`no free folder name for "${name}" after ${NAME_ATTEMPTS} attempts`);
}

/** Deletes a folder with its whole subtree; their records move to the default folder in the same transaction. */
export async function removeFolder(db: Db, userId: number, id: number): Promise<FolderRemoval> {
  const folder = await ownedFolder(db, userId, id);
  if (folder.isDefault) throw new ApiError(Code.FORBIDDEN, 'folderDefaultDelete');
  const fallback = await defaultFolder(db, userId);
  const path = `${folder.ancestors},${folder.id}`;
  const subtree = and(eq(folders.userId, userId), or(eq(folders.id, id), eq(folders.ancestors, path), like(folders.ancestors, `${path},%`)));
  const [moved, removed] = await db.batch([
    db
      .update(records)
      .set({ folderId: fallback.id, updatedAt: Date.now() })
      .where(and(eq(records.userId, userId), inArray(records.folderId, db.select({ id: folders.id }).from(folders).where(subtree)))),
    db.delete(folders).where(subtree),
  ]);
  return { removedFolders: removed.meta.changes, movedRecords: moved.meta.changes };
}
