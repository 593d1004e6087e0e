import { Hono } from 'hono';
import { z } from 'zod';
import { API, API_AREAS } from '../../contracts/api-paths';
import {
  createIterationBody,
  dubDownloadQuery,
  dubEditSpeakerBody,
  dubEditsBody,
  dubLinesQuery,
  dubTranswriteBody,
  dubUploadInitBody,
  transAdjustQuery,
  videoSynthesisBody,
  voicesQuery,
} from '../../contracts/dubbing';
import { Code } from '../../contracts/errors';
import type { TranswriteResult } from '../../contracts/transcription';
import { mergeFileBody, uploadPartBody } from '../../contracts/uploads';
import { publicOrigin } from '../lib/client';
import { ok, page } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { formFile } from '../lib/form-file';
import { translate } from '../lib/i18n';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { dubDownload } from '../services/dubbing/download';
import {
  changedLineCount,
  createIteration,
  dubLinesPage,
  dubProject,
  dubSpeakers,
  editDubLines,
  editDubSpeaker,
  listIterations,
  retranslate,
} from '../services/dubbing/project';
import { redub, storeSrt, submitDubbing } from '../services/dubbing/submit';
import { voicesFor } from '../services/dubbing/voices';
import { attachment } from '../services/export';
import { listRecords } from '../services/records';
import { queueSender } from '../services/jobs';
import { queueLineVectors } from '../services/search/vectors';
import { completeUpload, initUpload, recordPart } from '../services/uploads';

/**
 * AI dubbing (spec §7 `/speech/video/transcribe/*`): the dubbing dialog's upload, SRT and submit, and the
 * editor's project, lines, speakers and voices, contextual translation, re-dubbing, versions and downloads.
 * Every call is the signed-in owner's. `getLanguage` lives with the other language calls (routes/languages.ts, lists from services/languages.ts),
 * hearing a voice with synthesis (routes/synthesis.ts).
 */
const id = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const dubbingRoutes = new Hono<AppEnv>()
  .use(API_AREAS.dubbing, requireUser)
  .post(API.dubbing.create, validate('json', dubUploadInitBody), async (c) =>
    ok(c, await initUpload(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('json'), 'dubbing')),
  )
  .post(API.dubbing.uploadBlock, validate('json', uploadPartBody), async (c) => ok(c, await recordPart(c.var.db, c.var.userId, c.req.valid('json'))))
  .post(API.dubbing.upload, validate('json', mergeFileBody), async (c) =>
    ok(c, await completeUpload(c.var.db, c.env, c.var.userId, c.req.valid('json').uploadId)),
  )
  .post(API.dubbing.transwrite, validate('json', dubTranswriteBody), async (c) => {
    const { ids, ...form } = c.req.valid('json');
    const created = await submitDubbing(c.var.db, c.env, c.var.userId, c.var.locale, ids, form, queueSender(c.env.JOBS));
    return ok<TranswriteResult>(c, { code: 200, msg: translate(c.var.locale, 'dubbingStarted'), ids: created });
  })
  .get(API.dubbing.list, validate('query', listQuery), async (c) =>
    page(c, await listRecords(c.var.db, c.var.userId, { ...c.req.valid('query'), type: 'dubbing', isAsc: false, orderByColumn: 'create_time' })),
  )
  .get(API.dubbing.getFileByTaskId, validate('query', id), async (c) =>
    ok(c, await dubProject(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('query').id)),
  )
  .get(API.dubbing.getSynthesis, validate('query', id), async (c) =>
    ok(c, await dubProject(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('query').id)),
  )
  .post(API.dubbing.getFileDataContentPageList, validate('json', dubLinesQuery), async (c) =>
    page(c, await dubLinesPage(c.var.db, c.env, c.var.userId, c.req.valid('json'))),
  )
  .post(API.dubbing.edits, validate('json', dubEditsBody), async (c) => {
    const body = c.req.valid('json');
    await editDubLines(c.var.db, c.var.userId, body);
    await queueLineVectors(c.env, queueSender(c.env.JOBS), body.id);
    return ok(c, await dubProject(c.var.db, c.env, publicOrigin(c), c.var.userId, body.id));
  })
  .get(API.dubbing.getSpeakerList, validate('query', id), async (c) => ok(c, await dubSpeakers(c.var.db, c.env, c.var.userId, c.req.valid('query').id)))
  .post(API.dubbing.editSpeaker, validate('json', dubEditSpeakerBody), async (c) =>
    ok(c, await editDubSpeaker(c.var.db, c.env, c.var.userId, c.req.valid('json'))),
  )
  .get(API.dubbing.serviceNameList, validate('query', voicesQuery), async (c) => ok(c, await voicesFor(c.env, c.req.valid('query').language)))
  .post(API.dubbing.videoSynthesis, validate('json', videoSynthesisBody), async (c) => {
    const { id: recordId } = c.req.valid('json');
    const { db, userId } = c.var;
    await redub(db, c.env, userId, recordId, queueSender(c.env.JOBS), () => changedLineCount(db, c.env, userId, recordId));
    return ok(c, await dubProject(db, c.env, publicOrigin(c), userId, recordId));
  })
  .post(API.dubbing.createIteration, validate('json', createIterationBody), async (c) => {
    const { id: recordId, name } = c.req.valid('json');
    return ok(c, await createIteration(c.var.db, c.env, publicOrigin(c), c.var.userId, recordId, name));
  })
  .get(API.dubbing.getIteration, validate('query', id), async (c) =>
    ok(c, await listIterations(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('query').id)),
  )
  .get(API.dubbing.downloadZip, validate('query', dubDownloadQuery), async (c) =>
    zipResponse(await dubDownload(c.var.db, c.env, c.var.userId, c.req.valid('query'), c.var.locale, false)),
  )
  .get(API.dubbing.downloadDestroyZip, validate('query', dubDownloadQuery), async (c) =>
    zipResponse(await dubDownload(c.var.db, c.env, c.var.userId, c.req.valid('query'), c.var.locale, true)),
  )
  // Outside the dubbing area's path, so sign-in is asked for per route.
  .post(API.dubbing.srtUpload, requireUser, async (c) => {
    const file = await formFile(c);
    if (!file) throw new ApiError(Code.BAD_REQUEST, 'badRequest', { detail: 'file: required' });
    return ok(c, await storeSrt(c.env, c.var.userId, file));
  })
  /** Contextual translation, again over every line (it replaces edited translations; the editor confirms first). */
  .get(API.dubbing.transAdjust, requireUser, validate('query', transAdjustQuery), async (c) => {
    const { transId } = c.req.valid('query');
    await retranslate(c.var.db, c.env, c.var.userId, transId);
    return ok(c, await dubProject(c.var.db, c.env, publicOrigin(c), c.var.userId, transId));
  });

function zipResponse(download: Awaited<ReturnType<typeof dubDownload>>) {
  if (download.empty) throw new ApiError(Code.BAD_REQUEST, 'exportEmpty');
  return new Response(download.body, {
    headers: { 'content-type': 'application/zip', 'content-disposition': attachment(download), 'cache-control': 'no-store' },
  });
}
