import { Hono } from 'hono';
import { z } from 'zod';
import {
  createIterationBody,
  dubDownloadQuery,
  dubEditSpeakerBody,
  dubEditsBody,
  dubLinesQuery,
  dubTranswriteBody,
  dubUploadInitBody,
  synthesisBody,
  videoSynthesisBody,
  voicesQuery,
} from '../../contracts/dubbing';
import { DUB_ENGINE_PATHS } from '../../contracts/dubbing-engine';
import { Code } from '../../contracts/errors';
import { languageOption } from '../../contracts/engine-languages';
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
} from '../services/dubbing/project';
import { redub, storeSrt, submitDubbing } from '../services/dubbing/submit';
import { engineCall, voicesFor } from '../services/dubbing/voices';
import { attachment } from '../services/export';
import { providers } from '../services/providers';
import { listRecords } from '../services/records';
import { queueSender } from '../services/jobs';
import { completeUpload, initUpload, recordPart } from '../services/uploads';

/**
 * AI dubbing (spec §7 `/speech/video/transcribe/*`): the dubbing dialog's upload and submit, and the
 * editor's project, lines, speakers and voices, re-dubbing, versions and downloads. Every call is the
 * signed-in owner's. `getLanguage` lives with the other language calls (routes/languages.ts).
 */
const id = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const dubbingRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/create', validate('json', dubUploadInitBody), async (c) =>
    ok(c, await initUpload(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('json'), 'dubbing')),
  )
  .post('/uploadBlock', validate('json', uploadPartBody), async (c) => ok(c, await recordPart(c.var.db, c.var.userId, c.req.valid('json'))))
  .post('/upload', validate('json', mergeFileBody), async (c) => ok(c, await completeUpload(c.var.db, c.env, c.var.userId, c.req.valid('json').uploadId)))
  .post('/transwrite', validate('json', dubTranswriteBody), async (c) => {
    const { ids, ...form } = c.req.valid('json');
    const created = await submitDubbing(c.var.db, c.env, c.var.userId, c.var.locale, ids, form, queueSender(c.env.JOBS));
    return ok<TranswriteResult>(c, { code: 200, msg: translate(c.var.locale, 'dubbingStarted'), ids: created });
  })
  .get('/list', validate('query', listQuery), async (c) =>
    page(c, await listRecords(c.var.db, c.var.userId, { ...c.req.valid('query'), type: 'dubbing', isAsc: false, orderByColumn: 'create_time' })),
  )
  .get('/getFileByTaskId', validate('query', id), async (c) => ok(c, await dubProject(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('query').id)))
  .get('/getSynthesis', validate('query', id), async (c) => ok(c, await dubProject(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('query').id)))
  .post('/getFileDataContentPageList', validate('json', dubLinesQuery), async (c) =>
    page(c, await dubLinesPage(c.var.db, c.env, c.var.userId, c.req.valid('json'))),
  )
  .post('/edits', validate('json', dubEditsBody), async (c) => {
    const body = c.req.valid('json');
    await editDubLines(c.var.db, c.var.userId, body);
    return ok(c, await dubProject(c.var.db, c.env, publicOrigin(c), c.var.userId, body.id));
  })
  .get('/getSpeakerList', validate('query', id), async (c) => ok(c, await dubSpeakers(c.var.db, c.env, c.var.userId, c.req.valid('query').id)))
  .post('/editSpeaker', validate('json', dubEditSpeakerBody), async (c) => ok(c, await editDubSpeaker(c.var.db, c.env, c.var.userId, c.req.valid('json'))))
  .get('/serviceNameList', validate('query', voicesQuery), async (c) => ok(c, await voicesFor(c.env, c.req.valid('query').language)))
  .post('/videoSynthesis', validate('json', videoSynthesisBody), async (c) => {
    const { id: recordId } = c.req.valid('json');
    const { db, userId } = c.var;
    await redub(db, c.env, userId, recordId, queueSender(c.env.JOBS), () => changedLineCount(db, c.env, userId, recordId));
    return ok(c, await dubProject(db, c.env, publicOrigin(c), userId, recordId));
  })
  .post('/createIteration', validate('json', createIterationBody), async (c) => {
    const { id: recordId, name } = c.req.valid('json');
    return ok(c, await createIteration(c.var.db, c.env, publicOrigin(c), c.var.userId, recordId, name));
  })
  .get('/getIteration', validate('query', id), async (c) =>
    ok(c, await listIterations(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('query').id)),
  )
  .get('/download/zip', validate('query', dubDownloadQuery), async (c) =>
    zipResponse(await dubDownload(c.var.db, c.env, c.var.userId, c.req.valid('query'), false)),
  )
  .get('/download/destroy/zip', validate('query', dubDownloadQuery), async (c) =>
    zipResponse(await dubDownload(c.var.db, c.env, c.var.userId, c.req.valid('query'), true)),
  );

function zipResponse(download: Awaited<ReturnType<typeof dubDownload>>) {
  if (download.empty) throw new ApiError(Code.BAD_REQUEST, 'exportEmpty');
  return new Response(download.body, {
    headers: { 'content-type': 'application/zip', 'content-disposition': attachment(download), 'cache-control': 'no-store' },
  });
}

/** Hearing a voice (spec §7 synthesis calls): the languages dubbing can speak, and a text spoken in a voice. */
export const synthesisRoutes = new Hono<AppEnv>()
  .get('/synthesisLanguage', async (c) => {
    const languages = [...new Set((await voicesFor(c.env)).map((v) => v.language))];
    return ok(
      c,
      languages.map((code) => languageOption(code, c.var.locale)),
    );
  })
  .post('/synthesis', requireUser, validate('json', synthesisBody), async (c) => {
    const body = JSON.stringify(c.req.valid('json'));
    const spoken = await engineCall(() =>
      providers(c.env).engine.request(DUB_ENGINE_PATHS.speak, { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
    );
    return c.body(spoken.body!, 200, { 'content-type': 'audio/wav', 'cache-control': 'no-store' });
  });

/** `POST /file/upload`: an SRT for the dubbing dialog (multipart `file`). */
export const fileRoutes = new Hono<AppEnv>().post('/upload', requireUser, async (c) => {
  const file = await formFile(c);
  if (!file) throw new ApiError(Code.BAD_REQUEST, 'badRequest', { detail: 'file: required' });
  return ok(c, await storeSrt(c.env, c.var.userId, file));
});
