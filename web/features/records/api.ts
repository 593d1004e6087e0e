import type { z } from 'zod';
import { API } from '../../../contracts/api-paths';
import { API_BASE } from '../../../contracts/constants';
import type {
  ExportOptions,
  Page,
  RecordQuery,
  RecordRow,
  SharedRecord,
  ShareDownloadQuery,
  ShareStatus,
  copyReplicaBody,
  editRecordBody,
  shareBody,
} from '../../../contracts/records';
import type { OrderColumn } from '../../../contracts/record-vocabulary';
import { downloadByLink, downloadFile } from '../../lib/download';
import { get, post } from '../../lib/request';
import type { CallOptions } from '../../lib/request';

/** The records calls (spec §7 transcript calls): list, edit, remove, share, shared view, copy, export. */

/** The list query as this app sends it: the contract's, with the page and sort always given. */
export type RecordsQuery = RecordQuery & { pageNum: number; pageSize: number; orderByColumn: OrderColumn; isAsc: 'asc' | 'desc' };

export const fetchRecords = async (query: RecordsQuery, config?: CallOptions) => (await get<Page<RecordRow>>(API.records.query, query, config)).data;

/** Rename one record, or move / (un)favourite several. */
export const editRecords = async (body: z.input<typeof editRecordBody>) => (await post<{ updated: number }>(API.records.edit, body)).data;

export const removeRecords = async (ids: number[]) => (await post<{ removed: number }>(API.records.remove, { ids })).data;

export const fetchShareStatus = async (id: number) => (await get<ShareStatus>(API.records.getTransShareStatus, { id })).data;

export const setShare = async (body: z.input<typeof shareBody>) => (await post<ShareStatus>(API.records.share, body)).data;

/** Public: the page shows an expired link itself, so the call is silent. */
export const fetchSharedRecord = async (token: string) => (await get<SharedRecord>(API.records.getTransResult, { token }, { silent: true })).data;

export const copyReplica = async (body: z.input<typeof copyReplicaBody>) => (await post<RecordRow>(API.records.copyReplica, body)).data;

export type ExportChoice = Omit<ExportOptions, 'ids'>;

/**
 * One record downloads as its file (its name returned), several as a zip the browser streams to disk by a
 * ticketed link (null: the browser names it from the server), since a bulk export can be large.
 */
export async function exportRecords(ids: number[], { format, content, speaker, timestamps }: ExportChoice): Promise<string | null> {
  const config = { url: API.records.export, params: { ids: ids.join(','), format, content, speaker, timestamps }, long: true };
  if (ids.length === 1) return downloadFile(config, `record-${ids[0]}.${format}`);
  await downloadByLink(config);
  return null;
}

/** Public: where the share page's player streams the shared record's audio from (the link is its only credential). */
export const sharedMediaUrl = (token: string) => `${API_BASE}${API.records.shareMedia}?token=${encodeURIComponent(token)}`;

/** Public: a shared record's transcript or minutes as a file, under the server's name. */
export function downloadShared(query: ShareDownloadQuery): Promise<string> {
  return downloadFile({ url: API.records.shareDownload, params: query, long: true }, `shared.${query.format ?? 'txt'}`);
}
