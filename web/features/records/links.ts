import type { RecordType } from '../../../contracts/record-vocabulary';
import { PATHS } from '../../lib/paths';

/** Where a record opens: a dubbing project in the dubbing editor, any other record on its detail page. */
export const recordLink = (id: number, type?: RecordType) => `${type === 'dubbing' ? PATHS.dub : PATHS.meetingDetail}?id=${id}`;

/** The record page playing from `ms` (a search hit's or a citation's line): `?t=` in seconds. */
export const recordAtLink = (id: number, ms: number) => `${recordLink(id)}&t=${(ms / 1000).toFixed(1).replace(/\.0$/, '')}`;

/** The start a record page's `?t=` asks for, in ms; undefined when absent or not a time. */
export function startParam(params: URLSearchParams): number | undefined {
  const seconds = Number(params.get('t') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : undefined;
}

/**
 * The query parameter of a share link. Not `token`: the route guard takes a `token` query as the
 * visitor's sign-in token (spec §2), which would replace the viewer's own session with the share's.
 */
export const SHARE_TOKEN_PARAM = 'shareToken';

export function shareLink(origin: string, token: string): string {
  return `${origin}${PATHS.meetingShare}?${SHARE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** /meetingShareDownload for the same link: the shared record's transcript and minutes as files. */
export function shareDownloadPath(token: string): string {
  return `${PATHS.meetingShareDownload}?${SHARE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

export function sharedViewPath(token: string): string {
  return `${PATHS.meetingShare}?${SHARE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}
