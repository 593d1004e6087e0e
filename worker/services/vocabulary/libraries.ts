import { and, asc, count, desc, eq, inArray, isNull, type like, or, sql } from 'drizzle-orm';
import { languageInfo } from '../../../contracts/engine-languages';
import { Code } from '../../../contracts/errors';
import type { Page } from '../../../contracts/records';
import { codePointLength } from '../../../contracts/text';
import type {
  DocumentData,
  VocabularyEntry,
  VocabularyLibrary,
  documentDataQuery,
  documentEditBody,
  documentEditDataBody,
  documentImportFields,
  documentListQuery,
} from '../../../contracts/vocabulary';
import { VOCABULARY_LIMITS, VOCABULARY_RIGHT, type VocabularyType } from '../../../contracts/vocabulary-rules';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { vocabEntries, vocabLibraries } from '../../db/schema';
import { chunks, runBatch } from '../../lib/batch';
import { ApiError } from '../../lib/errors';
import { permissions } from '../rights';
import type { SheetEntry } from './excel';
import { ownedVocabFolder } from './folders';
import { libraryNotFound } from './resolve';

/**
 * Vocabulary libraries and their entries (spec §3, §5). Creating, importing into and editing a library
 * need its type's SVIP right; reading, removing and exporting one's own do not, so a lapsed member keeps
 * their data. `count` is recomputed in the same batch as every entry change.
 */
type LibraryRow = typeof vocabLibraries.$inferSelect;

const bad = (key: ConstructorParameters<typeof ApiError>[1], params: Record<string, string | number> = {}) => new ApiError(Code.BAD_REQUEST, key, params);
const entryNotFound = () => new ApiError(Code.NOT_FOUND, 'vocabEntryNotFound');

export const toLibrary = (r: LibraryRow): VocabularyLibrary => ({
  id: r.id,
  type: r.type,
  name: r.name,
  language: r.language,
  targetLanguage: r.targetLanguage,
  folderId: r.folderId,
  count: r.count,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
});

export async function requireRight(db: Db, userId: number, type: VocabularyType) {
  if (!(await permissions(db, userId))[VOCABULARY_RIGHT[type]]) throw new ApiError(Code.NO_SUCH_BENEFIT, 'noSuchBenefit');
}

export async function ownedLibrary(db: Db, userId: number, id: number): Promise<LibraryRow> {
  const row = await db.query.vocabLibraries.findFirst({ where: and(eq(vocabLibraries.id, id), eq(vocabLibraries.userId, userId)) });
  if (!row) throw libraryNotFound();
  return row;
}

/** The canonical code of a language the app knows, so lists and filters compare equal. */
function knownLanguage(code: string) {
  const info = languageInfo(code);
  if (!info) throw bad('vocabLanguageUnknown', { language: code });
  return info.code;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (column: Parameters<typeof like>[0], s: string) => sql`${column} LIKE ${`%${escapeLike(s)}%`} ESCAPE '\\'`;

/** Keeps `count` true: one statement to add to every batch that changes a library's entries. */
const recount = (db: Db, libraryId: number, now: number) =>
  db
    .update(vocabLibraries)
    .set({ count: sql`(SELECT count(*) FROM ${vocabEntries} WHERE ${vocabEntries.libraryId} = ${libraryId})`, updatedAt: now })
    .where(eq(vocabLibraries.id, libraryId));

export async function listLibraries(db: Db, userId: number, q: z.infer<typeof documentListQuery>): Promise<Page<VocabularyLibrary>> {
  const where = and(
    eq(vocabLibraries.userId, userId),
    q.type ? eq(vocabLibraries.type, q.type) : undefined,
    q.folderId === undefined ? undefined : q.folderId === 0 ? isNull(vocabLibraries.folderId) : eq(vocabLibraries.folderId, q.folderId),
    q.name?.trim() ? contains(vocabLibraries.name, q.name.trim()) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(vocabLibraries)
      .where(where)
      .orderBy(desc(vocabLibraries.updatedAt), desc(vocabLibraries.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(vocabLibraries).where(where),
  ]);
  return { rows: rows.map(toLibrary), total: total?.n ?? 0 };
}

export async function libraryData(db: Db, userId: number, q: z.infer<typeof documentDataQuery>): Promise<DocumentData> {
  const library = await ownedLibrary(db, userId, q.id);
  const keyword = q.keyword?.trim();
  const where = and(
    eq(vocabEntries.libraryId, library.id),
    keyword ? or(contains(vocabEntries.text, keyword), contains(vocabEntries.translation, keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: vocabEntries.id, text: vocabEntries.text, translation: vocabEntries.translation })
      .from(vocabEntries)
      .where(where)
      .orderBy(asc(vocabEntries.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(vocabEntries).where(where),
  ]);
  return { library: toLibrary(library), rows, total: total?.n ?? 0 };
}

export async function allEntries(db: Db, libraryId: number): Promise<SheetEntry[]> {
  return db
    .select({ text: vocabEntries.text, translation: vocabEntries.translation })
    .from(vocabEntries)
    .where(eq(vocabEntries.libraryId, libraryId))
    .orderBy(asc(vocabEntries.id));
}

/** The stored folder id for a requested one: 0 or absent is the top level; any other must be the user's. */
async function folderColumn(db: Db, userId: number, folderId: number | undefined) {
  if (!folderId) return null;
  await ownedVocabFolder(db, userId, folderId);
  return folderId;
}

type NewLibrary = Pick<z.infer<typeof documentImportFields>, 'type' | 'name' | 'language' | 'targetLanguage' | 'folderId'>;

/** A new library's row, checked (type, right, languages, folder) but not written. */
async function newLibraryRow(db: Db, userId: number, input: NewLibrary, now: number) {
  if (!input.type) throw bad('vocabTypeRequired');
  if (!input.name) throw bad('vocabNameRequired');
  await requireRight(db, userId, input.type);
  const language = knownLanguage(input.language ?? 'zh-CN');
  let targetLanguage: string | null = null;
  if (input.type === 'terms') {
    if (!input.targetLanguage) throw bad('vocabTargetLanguageRequired');
    targetLanguage = knownLanguage(input.targetLanguage);
  }
  const folderId = await folderColumn(db, userId, input.folderId);
  return { userId, type: input.type, name: input.name, language, targetLanguage, folderId, count: 0, createdAt: now, updatedAt: now };
}

/** Creates a library (no id) or renames / moves / relabels one; its type never changes. */
export async function saveLibrary(db: Db, userId: number, body: z.infer<typeof documentEditBody>): Promise<VocabularyLibrary> {
  const now = Date.now();
  if (body.id === undefined) {
    const [created] = await db
      .insert(vocabLibraries)
      .values(await newLibraryRow(db, userId, body, now))
      .returning();
    return toLibrary(created!);
  }
  const library = await ownedLibrary(db, userId, body.id);
  await requireRight(db, userId, library.type);
  const changes: Partial<LibraryRow> = { name: body.name, updatedAt: now };
  if (body.language) changes.language = knownLanguage(body.language);
  if (library.type === 'terms' && body.targetLanguage) changes.targetLanguage = knownLanguage(body.targetLanguage);
  if (body.folderId !== undefined) changes.folderId = await folderColumn(db, userId, body.folderId);
  const [updated] = await db
    .update(vocabLibraries)
    .set(changes)
    .where(and(eq(vocabLibraries.id, library.id), eq(vocabLibraries.userId, userId)))
    .returning();
  return toLibrary(updated!);
}

/** Removes the user's libraries, and with them (the schema's cascade) their entries; any id not theirs refuses the whole call. */
export async function removeLibraries(db: Db, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const owned = (
    await Promise.all(
      chunks(unique).map((part) =>
        db
          .select({ id: vocabLibraries.id })
          .from(vocabLibraries)
          .where(and(eq(vocabLibraries.userId, userId), inArray(vocabLibraries.id, part))),
      ),
    )
  ).flat();
  if (owned.length !== unique.length) throw libraryNotFound();
  await runBatch(
    db,
    chunks(unique).map((part) => db.delete(vocabLibraries).where(and(eq(vocabLibraries.userId, userId), inArray(vocabLibraries.id, part)))),
  );
  return { removed: unique.length };
}

export async function removeEntries(db: Db, userId: number, libraryId: number, ids: number[]) {
  const library = await ownedLibrary(db, userId, libraryId);
  const now = Date.now();
  const results = await runBatch(db, [
    ...chunks([...new Set(ids)]).map((part) =>
      db
        .delete(vocabEntries)
        .where(and(eq(vocabEntries.libraryId, library.id), inArray(vocabEntries.id, part)))
        .returning({ id: vocabEntries.id }),
    ),
    recount(db, library.id, now),
  ]);
  const removed = results.slice(0, -1).reduce((n, r) => n + (Array.isArray(r) ? r.length : 0), 0);
  return { removed, library: toLibrary(await ownedLibrary(db, userId, library.id)) };
}

/** An entry as it is stored: lengths checked, and a term given by its translation only keyed by it. */
function storedEntry(type: VocabularyType, text: string, translation: string): SheetEntry {
  if (type !== 'terms') {
    if (!text) throw bad('vocabWordEmpty');
    if (codePointLength(text) > VOCABULARY_LIMITS.wordChars) throw bad('vocabWordTooLong', { max: VOCABULARY_LIMITS.wordChars });
    return { text, translation: '' };
  }
  if (!text && !translation) throw bad('vocabTermEmpty');
  if (codePointLength(text) > VOCABULARY_LIMITS.termChars || codePointLength(translation) > VOCABULARY_LIMITS.termChars) {
    throw bad('vocabTermTooLong', { max: VOCABULARY_LIMITS.termChars });
  }
  return { text: text || translation, translation };
}

const libraryFull = (type: VocabularyType) => bad('vocabLibraryFull', { max: VOCABULARY_LIMITS.perLibrary[type] });

/** Adds an entry (no entryId) or changes one, keeping the library's cap and its words unique. */
export async function saveEntry(db: Db, userId: number, body: z.infer<typeof documentEditDataBody>): Promise<VocabularyEntry> {
  const library = await ownedLibrary(db, userId, body.id);
  await requireRight(db, userId, library.type);
  const entry = storedEntry(library.type, body.text, body.translation);
  const clash = await db.query.vocabEntries.findFirst({ where: and(eq(vocabEntries.libraryId, library.id), eq(vocabEntries.text, entry.text)) });
  if (clash && clash.id !== body.entryId) throw new ApiError(Code.CONFLICT, 'vocabEntryExists', { text: entry.text });
  const now = Date.now();
  if (body.entryId !== undefined) {
    const [[updated]] = await db.batch([
      db
        .update(vocabEntries)
        .set(entry)
        .where(and(eq(vocabEntries.id, body.entryId), eq(vocabEntries.libraryId, library.id)))
        .returning({ id: vocabEntries.id, text: vocabEntries.text, translation: vocabEntries.translation }),
      recount(db, library.id, now),
    ]);
    if (!updated) throw entryNotFound();
    return updated;
  }
  const cap = VOCABULARY_LIMITS.perLibrary[library.type];
  // The cap is checked inside the insert, so two concurrent additions cannot pass it together.
  const [[added]] = await db.batch([
    db
      .insert(vocabEntries)
      // Raw because drizzle's insert-select needs every column; NULL lets SQLite assign the id.
      .select(
        sql`SELECT NULL, ${library.id}, ${entry.text}, ${entry.translation}
          WHERE (SELECT count(*) FROM ${vocabEntries} WHERE ${vocabEntries.libraryId} = ${library.id}) < ${cap}`,
      )
      .onConflictDoNothing()
      .returning({ id: vocabEntries.id, text: vocabEntries.text, translation: vocabEntries.translation }),
    recount(db, library.id, now),
  ]);
  if (!added) {
    if (library.count >= cap || (await ownedLibrary(db, userId, library.id)).count >= cap) throw libraryFull(library.type);
    throw new ApiError(Code.CONFLICT, 'vocabEntryExists', { text: entry.text });
  }
  return added;
}

/**
 * Imports sheet entries into a library (fields.id) or a new one, all in one batch: a refused import adds
 * nothing, not even the new library. Entries the library already has are skipped; the cap applies to what
 * the library would hold afterwards.
 */
export async function importEntries(
  db: Db,
  userId: number,
  fields: z.infer<typeof documentImportFields>,
  read: (type: VocabularyType) => Promise<SheetEntry[]>,
) {
  const now = Date.now();
  const existing = fields.id === undefined ? null : await ownedLibrary(db, userId, fields.id);
  const fresh = existing ? null : await newLibraryRow(db, userId, fields, now);
  const type = (existing ?? fresh)!.type;
  if (existing) await requireRight(db, userId, type);
  const rows = await read(type);

  const have = new Set(existing ? (await allEntries(db, existing.id)).map((e) => e.text) : []);
  const toAdd = rows.filter((r) => !have.has(r.text));
  const cap = VOCABULARY_LIMITS.perLibrary[type];
  if (have.size + toAdd.length > cap) throw bad('vocabImportFull', { total: have.size + toAdd.length, max: cap });

  // D1 serialises batches, so right after this batch's insert the user's newest library is the new one.
  const libraryId = existing ? sql`${existing.id}` : sql`(SELECT max(${vocabLibraries.id}) FROM ${vocabLibraries} WHERE ${vocabLibraries.userId} = ${userId})`;
  const json = JSON.stringify(toAdd.map((r) => [r.text, r.translation]));
  const insert = db
    .insert(vocabEntries)
    .select(
      sql`SELECT NULL, ${libraryId}, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${json})
        WHERE (SELECT count(*) FROM ${vocabEntries} WHERE ${vocabEntries.libraryId} = ${libraryId}) + ${toAdd.length} <= ${cap}`,
    )
    .onConflictDoNothing()
    .returning({ id: vocabEntries.id });
  const recountSql = db
    .update(vocabLibraries)
    .set({ count: sql`(SELECT count(*) FROM ${vocabEntries} WHERE ${vocabEntries.libraryId} = ${libraryId})`, updatedAt: now })
    .where(sql`${vocabLibraries.id} = ${libraryId}`);
  let created: LibraryRow | undefined;
  let added: number;
  if (fresh) {
    const [[row], inserted] = await db.batch([db.insert(vocabLibraries).values(fresh).returning(), insert, recountSql]);
    created = row;
    added = inserted.length;
  } else {
    const [inserted] = await db.batch([insert, recountSql]);
    added = inserted.length;
  }
  // Zero rows written where some were due: a concurrent change filled the library in between.
  if (toAdd.length > 0 && added === 0 && existing) {
    const now2 = await ownedLibrary(db, userId, existing.id);
    if (now2.count + toAdd.length > cap) throw bad('vocabImportFull', { total: now2.count + toAdd.length, max: cap });
  }
  const library = await ownedLibrary(db, userId, existing?.id ?? created!.id);
  return { library: toLibrary(library), added, skipped: rows.length - added };
}
