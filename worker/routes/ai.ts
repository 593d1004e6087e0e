import { Hono } from 'hono';
import { transAdjustQuery } from '../../contracts/dubbing';
import { summaryDownloadBody, summaryRecordBody } from '../../contracts/summary';
import { publicOrigin } from '../lib/client';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { dubProject, retranslate } from '../services/dubbing/project';
import { attachment } from '../services/export';
import { getSummary, requestSummary, summaryOf } from '../services/summary';
import { summaryDownload } from '../services/summary/document';
import { queueSender } from '../services/jobs';

/**
 * AI summaries of the caller's records and meeting minutes (spec §7 AI calls): start or re-run one, read
 * its state, download it; and dubbing's contextual translation. Every call is the owner's: another user's record is "not found".
 */
export const aiRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/ai/mediaSummary', validate('json', summaryRecordBody), async (c) =>
    ok(c, await requestSummary(c.var.db, queueSender(c.env.JOBS), c.var.userId, c.req.valid('json').id)),
  )
  /** Dubbing's contextual translation, again over every line (it replaces edited translations; the editor confirms first). */
  .get('/dubbing/transAdjust', validate('query', transAdjustQuery), async (c) => {
    const { transId } = c.req.valid('query');
    await retranslate(c.var.db, c.env, c.var.userId, transId);
    return ok(c, await dubProject(c.var.db, c.env, publicOrigin(c), c.var.userId, transId));
  })
  .post('/ai/queryMediaSummary', validate('json', summaryRecordBody), async (c) => ok(c, await getSummary(c.var.db, c.var.userId, c.req.valid('json').id)))
  .post('/summaryTemplate/download', validate('json', summaryDownloadBody), async (c) => {
    const { id, format } = c.req.valid('json');
    const { record, summary } = await summaryOf(c.var.db, c.var.userId, id);
    const download = await summaryDownload(record, summary, format, c.var.locale);
    return c.body(new Blob([download.body]), 200, {
      'content-type': download.contentType,
      'content-disposition': attachment(download),
      'cache-control': 'no-store',
    });
  });
