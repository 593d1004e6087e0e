import { API } from '../../contracts/api-paths';
import type { DownloadTicket } from '../../contracts/auth';
import { DOWNLOAD_REFUSED_PARAM } from '../../contracts/download-refused';
import { Code } from '../../contracts/errors';
import { download, post, requestUrl } from './request';
import type { RequestConfig } from './request';

/**
 * The file name a Content-Disposition header gives (RFC 6266). `filename*` (RFC 8187, percent-encoded
 * UTF-8) wins over plain `filename`, because the plain form cannot carry a Chinese record name.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*"?([^;"]+)"?/i.exec(header);
  const decoded = extended?.[1] ? decodeExtended(extended[1].trim()) : null;
  if (decoded) return safeName(decoded);
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  if (!plain) return null;
  const name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] ?? '').trim();
  return name ? safeName(name) : null;
}

/** `charset'language'percent-encoded-bytes` */
function decodeExtended(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  try {
    if (/^utf-8$/i.test(charset)) return decodeURIComponent(encoded);
    if (/^iso-8859-1$/i.test(charset)) return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    // Malformed escapes: fall back to the plain filename.
  }
  return null;
}

/** A server-chosen name must not reach outside the downloads folder. */
function safeName(name: string): string {
  return name.replace(/[\\/]/g, '_');
}

/**
 * Has the browser fetch `href` as a download named `filename`; with none, the server's attachment names the
 * file and anything else it answers (a refused ticket's way back to the app) is followed, not saved.
 */
function followLink(href: string, filename?: string): void {
  const link = document.createElement('a');
  link.href = href;
  if (filename !== undefined) link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  followLink(url, filename);
  // Revoking in the same task can abort the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file through the request layer and saves it under the server's name (else `fallbackName`). */
export async function downloadFile(config: RequestConfig, fallbackName: string): Promise<string> {
  const { blob, disposition } = await download(config);
  const name = filenameFromDisposition(disposition) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

/**
 * Large files (the dubbing zip, a bulk export; up to gigabytes): a one-minute ticket for this one download,
 * then the browser fetches the ticketed address itself and streams it to disk under the server's name,
 * where a request with the bearer token would hold the whole file in memory first.
 */
export async function downloadByLink(config: Pick<RequestConfig, 'url' | 'params'>): Promise<void> {
  const asked = requestUrl({ ...config, baseURL: '' });
  const { data } = await post<DownloadTicket>(API.auth.downloadTicket, { url: asked });
  followLink(requestUrl({ url: data.url }));
}

/** What the app says about a refused ticketed download, by the envelope code the Worker sent back. */
export type RefusedDownload = { key: 'downloadRefused.expired' | 'downloadRefused.gone' | 'downloadRefused.failed'; code: number };

/**
 * A ticketed download the Worker refused brings the browser back to its page with the code in the address
 * (contracts/download-refused.ts): takes it off the address, so a reload does not say it again, and says what
 * to tell the user; null when the page was opened otherwise.
 */
export function takeRefusedDownload(): RefusedDownload | null {
  const address = new URL(window.location.href);
  const value = address.searchParams.get(DOWNLOAD_REFUSED_PARAM);
  if (value === null) return null;
  address.searchParams.delete(DOWNLOAD_REFUSED_PARAM);
  window.history.replaceState(window.history.state, '', `${address.pathname}${address.search}${address.hash}`);
  const code = Number(value);
  if (code === Code.UNAUTHORIZED) return { key: 'downloadRefused.expired', code };
  if (code === Code.NOT_FOUND || code === Code.GONE) return { key: 'downloadRefused.gone', code };
  return { key: 'downloadRefused.failed', code };
}
