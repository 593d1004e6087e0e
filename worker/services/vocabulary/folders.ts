import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { Code } from '../../../contracts/errors';
import type { VocabularyFolder } from '../../../contracts/vocabulary';
import { VOCABULARY_LIMITS } from '../../../contracts/vocabulary-rules';
import type { Db } from '../../db/client';
import { vocabFolders, vocabLibraries } from '../../db/schema';
import { chunks, runBatch } from '../../lib/batch';
import { ApiError } from '../../lib/errors';

/**
 * Vocabulary folders (spec §3, §5): a per-user tree at most VOCABULARY_LIMITS.folderDepth deep with unique
 * sibling names. Unlike record folders there is no default folder: libraries live at the top level
 * (folderId null), and removing a folder moves its libraries, its sub-folders' too, back there.
 */
type FolderRow = typeof vocabFolders.$inferSelect;

const folderNotFound = () => new ApiError(Code.NOT_FOUND, 'vocabFolderNotFound');
const nameTaken = (name: string) => new ApiError(Code.CONFLICT, 'vocabFolderNameTaken', { name });

export async function ownedVocabFolder(db: Db, userId: number, id: number): Promise<FolderRow> {
  const row = await db.query.vocabFolders.findFirst({ where: and(eq(vocabFolders.id, id), eq(vocabFolders.userId, userId)) });
  if (!row) throw folderNotFound();
  return row;
}

const toNode = (f: FolderRow): VocabularyFolder => ({ id: f.id, parentId: f.parentId, folderName: f.name, children: [] });

export async function vocabFolderTree(db: Db, userId: number): Promise<VocabularyFolder[]> {
  const rows = await db.select().from(vocabFolders).where(eq(vocabFolders.userId, userId)).orderBy(asc(vocabFolders.id));
  const nodes = new Map(rows.map((f) => [f.id, toNode(f)]));
  const top: VocabularyFolder[] = [];
  for (const node of nodes.values()) (nodes.get(node.parentId)?.children ?? top).push(node);
  return top;
}

/** How deep `id` sits: 1 for a top-level folder. The tree is at most three deep, so the walk is short. */
async function depth(db: Db, userId: number, folder: FolderRow) {
  let n = 1;
  let parentId = folder.parentId;
  while (parentId !== 0 && n <= VOCABULARY_LIMITS.folderDepth) {
    parentId = (await ownedVocabFolder(db, userId, parentId)).parentId;
    n++;
  }
  return n;
}

async function assertFreeName(db: Db, userId: number, parentId: number, name: string, exceptId?: number) {
  const twin = await db.query.vocabFolders.findFirst({
    where: and(
      eq(vocabFolders.userId, userId),
      eq(vocabFolders.parentId, parentId),
      eq(vocabFolders.name, name),
      exceptId ? ne(vocabFolders.id, exceptId) : undefined,
    ),
  });
  if (twin) throw nameTaken(name);
}

/** The unique index settles a race the check above lost: report it as the same clear conflict. */
async function unlessTaken<T>(name: string, write: Promise<T>) {
  try {
    return await write;
  } catch (err) {
    if (/UNIQUE constraint failed/i.test(String(err))) throw nameTaken(name);
    throw err;
  }
}

export async function createVocabFolder(db: Db, userId: number, parentId: number, name: string): Promise<VocabularyFolder> {
  if (parentId !== 0) {
    const parent = await ownedVocabFolder(db, userId, parentId);
    if ((await depth(db, userId, parent)) >= VOCABULARY_LIMITS.folderDepth) {
      throw new ApiError(Code.BAD_REQUEST, 'vocabFolderTooDeep', { max: VOCABULARY_LIMITS.folderDepth });
    }
  }
  await assertFreeName(db, userId, parentId, name);
  const [created] = await unlessTaken(name, db.insert(vocabFolders).values({ userId, parentId, name }).returning());
  return toNode(created!);
}

export async function renameVocabFolder(db: Db, userId: number, id: number, name: string): Promise<VocabularyFolder> {
  const folder = await ownedVocabFolder(db, userId, id);
  await assertFreeName(db, userId, folder.parentId, name, folder.id);
  const [updated] = await unlessTaken(
    name,
    db
      .update(vocabFolders)
      .set({ name })
      .where(and(eq(vocabFolders.id, id), eq(vocabFolders.userId, userId)))
      .returning(),
  );
  return toNode(updated!);
}

/** Removes a folder and its sub-folders; the libraries in any of them move to the top level. */
export async function removeVocabFolder(db: Db, userId: number, id: number) {
  await ownedVocabFolder(db, userId, id);
  const all = await db.select({ id: vocabFolders.id, parentId: vocabFolders.parentId }).from(vocabFolders).where(eq(vocabFolders.userId, userId));
  const subtree = [id];
  for (let i = 0; i < subtree.length; i++) for (const f of all) if (f.parentId === subtree[i]) subtree.push(f.id);
  const results = await runBatch(
    db,
    chunks(subtree).flatMap((part) => [
      db
        .update(vocabLibraries)
        .set({ folderId: null })
        .where(and(eq(vocabLibraries.userId, userId), inArray(vocabLibraries.folderId, part)))
        .returning({ id: vocabLibraries.id }),
      db
        .delete(vocabFolders)
        .where(and(eq(vocabFolders.userId, userId), inArray(vocabFolders.id, part)))
        .returning({ id: vocabFolders.id }),
    ]),
  );
  const moved = results.filter((_, i) => i % 2 === 0).reduce((n, r) => n + r.length, 0);
  return { removedFolders: subtree.length, movedLibraries: moved };
}
