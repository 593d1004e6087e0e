import { Hono } from 'hono';
import { API, API_AREAS } from '../../contracts/api-paths';
import { editFolderBody, removeFolderBody } from '../../contracts/records';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { createFolder, folderTree, removeFolder, renameFolder } from '../services/folders';

/** The signed-in user's record folders (spec §7 getFolder, editFolder, removeFolder). */
export const folderRoutes = new Hono<AppEnv>()
  .use(API_AREAS.folders, requireUser)
  .get(API.folders.getFolder, async (c) => ok(c, await folderTree(c.var.db, c.var.userId)))
  .post(API.folders.editFolder, validate('json', editFolderBody), async (c) => {
    const { id, parentId, folderName } = c.req.valid('json');
    const node =
      id === undefined ? await createFolder(c.var.db, c.var.userId, parentId, folderName) : await renameFolder(c.var.db, c.var.userId, id, folderName);
    return ok(c, node);
  })
  .post(API.folders.removeFolder, validate('json', removeFolderBody), async (c) => ok(c, await removeFolder(c.var.db, c.var.userId, c.req.valid('json').id)));
