import { Hono } from 'hono';
import { API } from '../../contracts/api-paths';
import { mergeFileBody, removeUploadsBody, uploadInitBody, uploadPartBody } from '../../contracts/uploads';
import { ok } from '../lib/envelope';
import { publicOrigin } from '../lib/client';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { completeUpload, initUpload, recordPart, removeUploads } from '../services/uploads';

/**
 * The upload dialog's calls (spec §7 uploadInit, uploadBlock, mergeFileData, and deleting uploaded files).
 * They share their base with the transcript calls, so sign-in is required per route: an area-wide `use`
 * would also cover that base's public share calls.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post(API.uploads.uploadInit, requireUser, validate('json', uploadInitBody), async (c) =>
    ok(c, await initUpload(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('json'))),
  )
  .post(API.uploads.uploadBlock, requireUser, validate('json', uploadPartBody), async (c) =>
    ok(c, await recordPart(c.var.db, c.var.userId, c.req.valid('json'))),
  )
  .post(API.uploads.mergeFileData, requireUser, validate('json', mergeFileBody), async (c) =>
    ok(c, await completeUpload(c.var.db, c.env, c.var.userId, c.req.valid('json').uploadId)),
  )
  .post(API.uploads.removeUpload, requireUser, validate('json', removeUploadsBody), async (c) =>
    ok(c, await removeUploads(c.var.db, c.env, c.var.userId, c.req.valid('json').ids)),
  );
