import { API_BASE, ERROR_TOAST_SECONDS, TIMEOUT_MS } from '../../contracts/constants';
import { Code, SILENT_CODES } from '../../contracts/errors';
import { type ServerEvent, serverEventReader } from '../../contracts/server-events';
import type { Envelope } from '../../contracts/errors';
import { currentLocale, i18n } from '../i18n';
import { getToken } from './auth';
import { loginRedirect } from './guard';
import { signOut } from './session';

/**
 * The one request layer (spec §7, §8): every API call goes through here so the envelope check, the error
 * toast, the 401 sign-out and the network-error wording behave the same everywhere. It speaks through
 * XMLHttpRequest itself: that is all a general-purpose HTTP client did for it in the browser, and the only
 * browser API that reports upload progress.
 */

export interface RequestConfig {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The query string; a nested object's keys are written `key[sub]`, and null or undefined values are left out. */
  params?: object;
  /** Sent as JSON, unless it is FormData (multipart) or a Blob (as it is). */
  data?: unknown;
  /** `http.defaults.baseURL` unless given. */
  baseURL?: string;
  /** Milliseconds; 60 s unless `long`. */
  timeout?: number;
  signal?: AbortSignal;
  /** 'blob' for files: the call resolves with the response itself (see `download`). */
  responseType?: 'json' | 'blob';
  onUploadProgress?: (progress: { loaded: number; total?: number }) => void;
  /** The caller shows its own feedback: no error toast. */
  silent?: boolean;
  /** Long transcription calls: 600 s instead of the 60 s default. */
  long?: boolean;
  /** On 401 the token is still cleared, but the caller (the route guard) redirects by itself. */
  authRedirect?: boolean;
  /** Told the response's text received so far each time more arrives (a streamed answer). */
  onText?: (received: string) => void;
}

/** What `get` and `post` take besides their url, query or body. */
export type CallOptions = Omit<RequestConfig, 'url' | 'method' | 'data'>;

export type RequestErrorKind = 'business' | 'unauthorized' | 'network' | 'cancelled';

/** Every rejection of the request layer; `code` is the envelope code (or HTTP status for network failures). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: RequestErrorKind,
    readonly code: number | null,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export function isRequestError(error: unknown, kind?: RequestErrorKind): error is RequestError {
  return error instanceof RequestError && (kind === undefined || error.kind === kind);
}

/** What the layer does to the outside world; the app wires antd's message and the router in, tests wire spies. */
export interface RequestHooks {
  toast: (text: string, seconds: number) => void;
  navigate: (to: string) => void;
}

const hooks: RequestHooks = {
  toast: (text) => console.error(text),
  navigate: (to) => window.location.assign(to),
};

export function setRequestHooks(next: Partial<RequestHooks>): void {
  Object.assign(hooks, next);
}

/** Where calls go; tests point it at their own server. */
export const http = { defaults: { baseURL: API_BASE } };

/** A response of any HTTP status; `data` is the parsed JSON (or the text when it is not JSON), or the Blob of a file. */
interface RawResponse {
  status: number;
  data: unknown;
  header: (name: string) => string | null;
}

/** Why no response arrived. */
type Failure = 'timeout' | 'network' | 'cancelled';

/** Any call; resolves with the success envelope. */
export async function request<T = unknown>(config: RequestConfig): Promise<Envelope<T>> {
  return (await call(config)).data as Envelope<T>;
}

export function get<T = unknown>(url: string, params?: object, config?: CallOptions): Promise<Envelope<T>> {
  return request<T>({ ...config, method: 'GET', url, params });
}

export function post<T = unknown>(url: string, data?: unknown, config?: CallOptions): Promise<Envelope<T>> {
  return request<T>({ ...config, method: 'POST', url, data });
}

/**
 * A call answered with server-sent events (text/event-stream), each handed to `onEvent` as soon as it has arrived
 * whole. A refusal (an envelope instead of a stream) rejects as any call's does, with its toast.
 */
export async function postEvents(url: string, data: unknown, onEvent: (event: ServerEvent) => void, config?: CallOptions): Promise<void> {
  const read = serverEventReader();
  let seen = 0;
  const take = (received: string) => {
    const piece = received.slice(seen);
    seen = received.length;
    for (const event of read(piece)) onEvent(event);
  };
  const response = await call({ ...config, method: 'POST', url, data, onText: take });
  take(typeof response.data === 'string' ? response.data : '');
  for (const event of read('\n\n')) onEvent(event);
}

/** A downloaded file and the header that names it. */
export interface DownloadedFile {
  blob: Blob;
  /** The Content-Disposition header, or null when the server sent none. */
  disposition: string | null;
}

/** Exports and synthesized audio: resolves with the file itself; a failure rejects like any call. */
export async function download(config: RequestConfig): Promise<DownloadedFile> {
  const response = await call({ method: 'GET', ...config, responseType: 'blob' });
  return { blob: response.data as Blob, disposition: response.header('content-disposition') };
}

/** Sends the call and settles it: resolves with a success (envelope code 200, or a file), rejects with a RequestError. */
async function call(config: RequestConfig): Promise<RawResponse> {
  const response = await send(config);
  if (typeof response === 'string') throw failed(response, null, config);
  const file = config.responseType === 'blob';
  const data = file ? await fileEnvelope(response) : response.data;
  const ok = response.status >= 200 && response.status < 300;
  // A stream of server-sent events is the answer itself; a refusal comes as an envelope instead.
  if (ok && /^text\/event-stream/i.test(response.header('content-type') ?? '')) return response;
  const code = response.status === Code.UNAUTHORIZED ? Code.UNAUTHORIZED : envelopeCode(data);
  // A download succeeds unless an envelope came instead of the file.
  if (ok && (file ? data === null || code === Code.OK : code === Code.OK)) return response;
  // The API answers errors with an envelope and a matching HTTP status: treat it like any envelope.
  if (ok || code !== null) throw envelopeFailure(code, data, config);
  throw failed('network', response.status, config);
}

/** One HTTP exchange: the response, whatever its status, or why there is none. */
function send(config: RequestConfig): Promise<RawResponse | Failure> {
  const { method = 'GET', data, signal, onUploadProgress } = config;
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve('cancelled');
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, requestUrl(config));
    xhr.timeout = config.long ? TIMEOUT_MS.long : (config.timeout ?? TIMEOUT_MS.default);
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', currentLocale());
    const json = data !== undefined && !(data instanceof FormData) && !(data instanceof Blob);
    if (json) xhr.setRequestHeader('Content-Type', 'application/json');
    const { onText } = config;
    if (onText) xhr.onprogress = () => onText(xhr.responseText);
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) => onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }

    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        data: xhr.responseType === 'blob' ? xhr.response : parseBody(xhr.responseText),
        header: (name) => xhr.getResponseHeader(name),
      });
    xhr.ontimeout = () => resolve('timeout');
    xhr.onerror = () => resolve('network');
    // Only our signal aborts a call; anything else that stops one (the page unloading) is a lost connection.
    xhr.onabort = () => resolve(signal?.aborted ? 'cancelled' : 'network');
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    xhr.send(json ? JSON.stringify(data) : ((data ?? null) as XMLHttpRequestBodyInit | null));
  });
}

/** The address a call goes to: the base, the path and the query in the API's convention. */
export function requestUrl({ url, baseURL = http.defaults.baseURL, params }: RequestConfig): string {
  const query = new URLSearchParams();
  if (params) appendParams(query, params, '');
  const search = query.toString();
  const full = /^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  return search ? `${full}${full.includes('?') ? '&' : '?'}${search}` : full;
}

/** The API's query convention (RuoYi's): `params[beginTime]=…` for a nested object. */
function appendParams(query: URLSearchParams, params: object, prefix: string): void {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value instanceof Date) query.append(name, value.toISOString());
    else if (typeof value === 'object') appendParams(query, value, name);
    else query.append(name, String(value));
  }
}

function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // an error page or plain text: the status says what happened
  }
}

/** The envelope a file response carries instead of a file, or null when it is a file. */
async function fileEnvelope(response: RawResponse): Promise<unknown> {
  if (!/\bjson\b/i.test(response.header('content-type') ?? '')) return null;
  try {
    return JSON.parse(await blobText(response.data as Blob)) as unknown;
  } catch {
    return null;
  }
}

function blobText(blob: Blob): Promise<string> {
  // FileReader rather than Blob.text(): older Safari and jsdom lack the latter.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable response'));
    reader.readAsText(blob);
  });
}

function envelopeFailure(code: number | null, data: unknown, config: RequestConfig): RequestError {
  const msg = envelopeMsg(data) || i18n.t('errors.fallback');
  if (code === Code.UNAUTHORIZED) {
    signOut();
    if (config.authRedirect !== false) hooks.navigate(loginRedirect(window.location.search));
    return new RequestError(msg, 'unauthorized', code, data);
  }
  // Payment shortages open the pay dialog in the caller; 9250747 is the caller's business entirely.
  if (code === null || !SILENT_CODES.includes(code)) {
    if (!config.silent) hooks.toast(msg, ERROR_TOAST_SECONDS);
  }
  return new RequestError(msg, 'business', code, data);
}

/** No answer (or one that is not an envelope): a cancel stays quiet, anything else is logged and toasted. */
function failed(failure: Failure, status: number | null, config: RequestConfig): RequestError {
  if (failure === 'cancelled') return new RequestError('cancelled', 'cancelled', null);
  console.error(`[request] ${config.method ?? 'GET'} ${config.url}: ${status === null ? failure : `status ${status}`}`);
  const text = failure === 'timeout' ? i18n.t('errors.timeout') : status !== null ? i18n.t('errors.status', { status }) : i18n.t('errors.network');
  if (!config.silent) hooks.toast(text, ERROR_TOAST_SECONDS);
  return new RequestError(text, 'network', status);
}

function envelopeCode(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { code, resultCode } = data as { code?: unknown; resultCode?: unknown };
  const value = code ?? resultCode;
  return typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null;
}

function envelopeMsg(data: unknown): string {
  const msg = typeof data === 'object' && data !== null ? (data as { msg?: unknown }).msg : undefined;
  return typeof msg === 'string' ? msg : '';
}
