import { Code } from '../../contracts/errors';
import type { Locale } from '../../contracts/locale';
import type { shareDownloadQuery } from '../../contracts/records';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import type { Download } from './export';
import { exportRecords, sharedBy } from './records';
import { storedSummary } from './summary';
import { summaryDownload } from './summary/document';

/**
 * /meetingShareDownload's files: a shared record's transcript, made exactly as the owner's own export makes
 * it, or its AI summary (a meeting's minutes). The link is the only credential, and only a link whose owner
 * allows copies hands out files; an expired or revoked one is "gone", as the shared page says.
 */
export async function sharedDownload(
  db: Db,
  q: z.output<typeof shareDownloadQuery>,
  locale: Locale,
  now = Date.now(),
): Promise<Download<Uint8Array | ReadableStream<Uint8Array>>> {
  const { record } = await sharedBy(db, q.token, now);
  if (!record.shareAllowCopy) throw new ApiError(Code.FORBIDDEN, 'shareCopyNotAllowed');
  if (q.what === 'summary') {
    const summary = await storedSummary(db, record.id);
    if (!summary) throw new ApiError(Code.BAD_REQUEST, 'summaryMissing');
    return summaryDownload(record, summary, q.format, locale);
  }
  return exportRecords(db, record.userId, { ids: [record.id], format: q.format, content: q.content, speaker: '1', timestamps: '1' }, locale);
}
