import { Hono } from 'hono';
import { API, API_AREAS } from '../../contracts/api-paths';
import { Code } from '../../contracts/errors';
import {
  documentDataQuery,
  documentEditBody,
  documentEditDataBody,
  documentExportQuery,
  documentFolderBody,
  documentImportFields,
  documentListQuery,
  documentRemoveBody,
  documentRemoveDataBody,
  documentRemoveFolderBody,
} from '../../contracts/vocabulary';
import { VOCABULARY_IMPORT_TYPES, VOCABULARY_LIMITS } from '../../contracts/vocabulary-rules';
import { ok, page } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { attachment } from '../services/export';
import { readEntries, writeEntries } from '../services/vocabulary/excel';
import { createVocabFolder, removeVocabFolder, renameVocabFolder, vocabFolderTree } from '../services/vocabulary/folders';
import {
  allEntries,
  importEntries,
  libraryData,
  listLibraries,
  ownedLibrary,
  removeEntries,
  removeLibraries,
  saveEntry,
  saveLibrary,
} from '../services/vocabulary/libraries';

/** The signed-in user's vocabulary libraries, entries and library folders (spec §7 /speech/document/*). */
export const vocabularyRoutes = new Hono<AppEnv>()
  .use(API_AREAS.vocabulary, requireUser)
  .get(API.vocabulary.getDocumentList, validate('query', documentListQuery), async (c) =>
    page(c, await listLibraries(c.var.db, c.var.userId, c.req.valid('query'))),
  )
  .get(API.vocabulary.getDocumentData, validate('query', documentDataQuery), async (c) =>
    ok(c, await libraryData(c.var.db, c.var.userId, c.req.valid('query'))),
  )
  .post(API.vocabulary.import, validate('form', documentImportFields), async (c) => {
    const file = (await c.req.parseBody()).file;
    if (!(file instanceof File)) throw new ApiError(Code.BAD_REQUEST, 'vocabImportNoFile');
    if (file.size > VOCABULARY_LIMITS.importBytes) {
      throw new ApiError(Code.PAYLOAD_TOO_LARGE, 'vocabImportTooLarge', { mb: VOCABULARY_LIMITS.importBytes / 1024 / 1024 });
    }
    if (!file.name.toLowerCase().endsWith(VOCABULARY_IMPORT_TYPES.extension)) throw new ApiError(Code.BAD_REQUEST, 'vocabImportNotXlsx');
    const bytes = await file.arrayBuffer();
    return ok(c, await importEntries(c.var.db, c.var.userId, c.req.valid('form'), (type) => readEntries(bytes, type)));
  })
  .post(API.vocabulary.remove, validate('json', documentRemoveBody), async (c) => ok(c, await removeLibraries(c.var.db, c.var.userId, c.req.valid('json').ids)))
  .post(API.vocabulary.removeData, validate('json', documentRemoveDataBody), async (c) => {
    const { id, ids } = c.req.valid('json');
    return ok(c, await removeEntries(c.var.db, c.var.userId, id, ids));
  })
  .post(API.vocabulary.edit, validate('json', documentEditBody), async (c) => ok(c, await saveLibrary(c.var.db, c.var.userId, c.req.valid('json'))))
  .post(API.vocabulary.editData, validate('json', documentEditDataBody), async (c) => ok(c, await saveEntry(c.var.db, c.var.userId, c.req.valid('json'))))
  .post(API.vocabulary.editFolder, validate('json', documentFolderBody), async (c) => {
    const { id, parentId, folderName } = c.req.valid('json');
    const node =
      id === undefined
        ? await createVocabFolder(c.var.db, c.var.userId, parentId, folderName)
        : await renameVocabFolder(c.var.db, c.var.userId, id, folderName);
    return ok(c, node);
  })
  .post(API.vocabulary.removeFolder, validate('json', documentRemoveFolderBody), async (c) =>
    ok(c, await removeVocabFolder(c.var.db, c.var.userId, c.req.valid('json').id)),
  )
  .get(API.vocabulary.folder, async (c) => ok(c, await vocabFolderTree(c.var.db, c.var.userId)))
  .get(API.vocabulary.export, validate('query', documentExportQuery), async (c) => {
    const library = await ownedLibrary(c.var.db, c.var.userId, c.req.valid('query').id);
    const file = await writeEntries(library.type, await allEntries(c.var.db, library.id));
    const filename = `${library.name}${VOCABULARY_IMPORT_TYPES.extension}`;
    return c.body(await file.arrayBuffer(), 200, {
      'content-type': VOCABULARY_IMPORT_TYPES.mime,
      'content-disposition': attachment({ filename, fallbackName: `vocabulary-${library.id}.xlsx` }),
      'cache-control': 'no-store',
    });
  });
