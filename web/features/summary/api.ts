import { API } from '../../../contracts/api-paths';
import type { SummaryState } from '../../../contracts/summary';
import { type SummaryExportFormat, summaryFallbackName } from '../../../contracts/record-vocabulary';
import { downloadFile } from '../../lib/download';
import { post } from '../../lib/request';

/** A record's AI summary (spec §7 /ai/ai/mediaSummary, /ai/ai/queryMediaSummary, /ai/summaryTemplate/download). */

/** Silent: the summary card shows a failed read in place, without a toast over the whole page. */
export const fetchSummary = async (id: number) => (await post<SummaryState>(API.summaries.queryMediaSummary, { id }, { silent: true })).data;

/** Starts or re-runs the summary; a refusal (no transcript yet) is toasted by the request layer. */
export const startSummary = async (id: number) => (await post<SummaryState>(API.summaries.mediaSummary, { id })).data;

/** The record's owner ticks an action item done, or not; the answer is the summary's new state. */
export const setActionItemDone = async (id: number, item: number, done: boolean) =>
  (await post<SummaryState>(API.summaries.actionItemDone, { id, item, done })).data;

export const downloadSummary = (id: number, format: SummaryExportFormat) =>
  downloadFile({ method: 'POST', url: API.summaries.download, data: { id, format } }, summaryFallbackName(id, format));
