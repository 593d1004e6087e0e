import { Hono } from 'hono';
import { API } from '../../contracts/api-paths';
import {
  copyReplicaBody,
  editRecordBody,
  exportQuery,
  recordIdQuery,
  recordQuery,
  removeRecordsBody,
  sharedRecordQuery,
  shareBody,
  shareDownloadQuery,
} from '../../contracts/records';
import { ok, page } from '../lib/envelope';
import { objectResponse } from '../lib/object-response';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { deleteClones, projectClones } from '../services/dubbing/clones';
import { attachment } from '../services/export';
import { sharedDownload } from '../services/share-download';
import { sharedMedia } from '../services/share-media';
import { queueSender } from '../services/jobs';
import { lineVectors, queueLineVectors } from '../services/search/vectors';
import {
  copySharedRecord,
  editRecords,
  exportRecords,
  getShareStatus,
  listRecords,
  recordDetail,
  removeRecords,
  setShare,
  sharedRecord,
} from '../services/records';

/**
 * Records and their transcripts (spec §7 transcript calls): the list, edits, deletion, sharing, copies
 * and export. Everything but the shared view needs a signed-in owner. Sign-in is required per route: the
 * upload and transcription calls share this base, and an area-wide `use` would reach them and the public
 * share view alike.
 */
export const recordRoutes = new Hono<AppEnv>()
  // Public: a share link is the only credential.
  .get(API.records.getTransResult, validate('query', sharedRecordQuery), async (c) => ok(c, await sharedRecord(c.var.db, c.req.valid('query').token)))
  .get(API.records.shareDownload, validate('query', shareDownloadQuery), async (c) => {
    const download = await sharedDownload(c.var.db, c.req.valid('query'), c.var.locale);
    return new Response(download.body, {
      headers: { 'content-type': download.contentType, 'content-disposition': attachment(download), 'cache-control': 'no-store' },
    });
  })
  .get(API.records.shareMedia, validate('query', sharedRecordQuery), async (c) => {
    const { object, type } = await sharedMedia(c.var.db, c.env.MEDIA, c.req.valid('query').token, c.req.raw.headers);
    // The container's type (an upload may be stored as bytes of no type); never kept, as the link may close.
    return objectResponse(object, c.req.raw, { 'content-type': type, 'cache-control': 'no-store' });
  })
  .get(API.records.query, requireUser, validate('query', recordQuery), async (c) => page(c, await listRecords(c.var.db, c.var.userId, c.req.valid('query'))))
  .post(API.records.edit, requireUser, validate('json', editRecordBody), async (c) => ok(c, await editRecords(c.var.db, c.var.userId, c.req.valid('json'))))
  .post(API.records.remove, requireUser, validate('json', removeRecordsBody), async (c) => {
    const { ids } = c.req.valid('json');
    // Read before the rows go: a dubbing project's cloned voices are deleted at the provider with it.
    const clones = await projectClones(c.var.db, c.var.userId, ids);
    const removed = await removeRecords(c.var.db, c.env.MEDIA, c.var.userId, ids, lineVectors(c.env));
    await deleteClones(c.env, clones);
    return ok(c, removed);
  })
  .get(API.records.getTrans, requireUser, validate('query', recordIdQuery), async (c) =>
    ok(c, await recordDetail(c.var.db, c.var.userId, c.req.valid('query').id)),
  )
  .post(API.records.share, requireUser, validate('json', shareBody), async (c) => ok(c, await setShare(c.var.db, c.var.userId, c.req.valid('json'))))
  .get(API.records.getTransShareStatus, requireUser, validate('query', recordIdQuery), async (c) =>
    ok(c, await getShareStatus(c.var.db, c.var.userId, c.req.valid('query').id)),
  )
  .post(API.records.copyReplica, requireUser, validate('json', copyReplicaBody), async (c) => {
    const { token, folderId } = c.req.valid('json');
    const copy = await copySharedRecord(c.var.db, c.env.MEDIA, c.var.userId, token, folderId);
    await queueLineVectors(c.env, queueSender(c.env.JOBS), copy.id);
    return ok(c, copy);
  })
  .get(API.records.export, requireUser, validate('query', exportQuery), async (c) => {
    const download = await exportRecords(c.var.db, c.var.userId, c.req.valid('query'), c.var.locale);
    return new Response(download.body, {
      headers: { 'content-type': download.contentType, 'content-disposition': attachment(download), 'cache-control': 'no-store' },
    });
  });
