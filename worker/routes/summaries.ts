import { Hono } from 'hono';
import { API, API_AREAS } from '../../contracts/api-paths';
import { actionItemDoneBody, summaryDownloadBody, summaryRecordBody } from '../../contracts/summary';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { attachment } from '../services/export';
import { getSummary, requestSummary, setActionItemDone, summaryOf } from '../services/summary';
import { summaryDownload } from '../services/summary/document';
import { queueSender } from '../services/jobs';

/**
 * AI summaries of the caller's records and meeting minutes (spec §7 AI calls): start or re-run one, read
 * its state, download it. Every call is the owner's: another user's record is "not found". (The AI area's
 * other call, dubbing's contextual translation, lives with dubbing.)
 */
export const summaryRoutes = new Hono<AppEnv>()
  .use(API_AREAS.ai, requireUser)
  .post(API.summaries.mediaSummary, validate('json', summaryRecordBody), async (c) =>
    ok(c, await requestSummary(c.var.db, queueSender(c.env.JOBS), c.var.userId, c.req.valid('json').id)),
  )
  .post(API.summaries.queryMediaSummary, validate('json', summaryRecordBody), async (c) =>
    ok(c, await getSummary(c.var.db, c.var.userId, c.req.valid('json').id)),
  )
  .post(API.summaries.actionItemDone, validate('json', actionItemDoneBody), async (c) => {
    const { id, item, done } = c.req.valid('json');
    return ok(c, await setActionItemDone(c.var.db, c.var.userId, id, item, done));
  })
  .post(API.summaries.download, validate('json', summaryDownloadBody), async (c) => {
    const { id, format } = c.req.valid('json');
    const { record, summary } = await summaryOf(c.var.db, c.var.userId, id);
    const download = await summaryDownload(record, summary, format, c.var.locale);
    return c.body(new Blob([download.body]), 200, {
      'content-type': download.contentType,
      'content-disposition': attachment(download),
      'cache-control': 'no-store',
    });
  });
