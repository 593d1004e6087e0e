import axios from 'axios';
import type { AxiosError, AxiosRequestConfig, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { API_BASE, ERROR_TOAST_SECONDS, TIMEOUT_MS } from '../../contracts/constants';
import { Code, SILENT_CODES } from '../../contracts/errors';
import type { Envelope } from '../../contracts/errors';
import { currentLocale, i18n } from '../i18n';
import { getToken } from './auth';
import { loginRedirect } from './guard';
import { signOut } from './session';

/**
 * The one request layer (spec §7, §8): every API call goes through here so the envelope check, the error
 * toast, the 401 sign-out and the network-error wording behave the same everywhere.
 */

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows its own feedback: no error toast. */
    silent?: boolean;
    /** Long transcription calls: 600 s instead of the 60 s default. */
    long?: boolean;
    /** On 401 the token is still cleared, but the caller (the route guard) redirects by itself. */
    authRedirect?: boolean;
  }
}

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

export const http = axios.create({ baseURL: API_BASE, timeout: TIMEOUT_MS.default });

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Accept-Language', currentLocale());
  if (config.long) config.timeout = TIMEOUT_MS.long;
  return config;
});

http.interceptors.response.use(settleResponse, settleFailure);

function settleResponse(response: AxiosResponse): AxiosResponse['data'] {
  const { config, data } = response;
  if (isFileRequest(config)) return settleFile(response);
  const code = envelopeCode(data);
  if (code === Code.OK) return data;
  return Promise.reject(envelopeFailure(code, data, config));
}

/**
 * Downloads resolve with the whole response (callers read the file name from Content-Disposition). A
 * download that fails still answers with an envelope, which arrives as a JSON file body.
 */
async function settleFile(response: AxiosResponse): Promise<AxiosResponse> {
  const envelope = await fileEnvelope(response);
  const code = envelopeCode(envelope);
  if (envelope && code !== Code.OK) throw envelopeFailure(code, envelope, response.config);
  return response;
}

async function settleFailure(error: AxiosError): Promise<never> {
  const config: AxiosRequestConfig = error.config ?? {};
  if (axios.isCancel(error)) throw new RequestError('cancelled', 'cancelled', null);
  const { response } = error;
  const data = response && isFileRequest(config) ? await fileEnvelope(response) : response?.data;
  if (response?.status === Code.UNAUTHORIZED) throw envelopeFailure(Code.UNAUTHORIZED, data, config);
  // The API answers errors with an envelope and a matching HTTP status: treat it like any envelope.
  const code = envelopeCode(data);
  if (response && code !== null) throw envelopeFailure(code, data, config);

  console.error(`[request] ${config.method?.toUpperCase() ?? 'GET'} ${config.url}: ${error.message}`);
  const text = networkMessage(error);
  if (!config.silent) hooks.toast(text, ERROR_TOAST_SECONDS);
  throw new RequestError(text, 'network', response?.status ?? null);
}

function isFileRequest(config: AxiosRequestConfig | undefined): boolean {
  return config?.responseType === 'blob' || config?.responseType === 'arraybuffer';
}

/** The envelope a file response carries instead of a file, or null when it is a file. */
async function fileEnvelope(response: AxiosResponse): Promise<unknown> {
  const type = String(response.headers['content-type'] ?? '');
  if (!/\bjson\b/i.test(type)) return null;
  try {
    return JSON.parse(await bodyText(response.data)) as unknown;
  } catch {
    return null;
  }
}

function bodyText(data: unknown): Promise<string> {
  if (data instanceof ArrayBuffer) return Promise.resolve(new TextDecoder().decode(data));
  if (!(data instanceof Blob)) return Promise.resolve(typeof data === 'string' ? data : '');
  // FileReader rather than Blob.text(): older Safari and jsdom lack the latter.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable response'));
    reader.readAsText(data);
  });
}

function envelopeFailure(code: number | null, data: unknown, config: AxiosRequestConfig): RequestError {
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

function networkMessage(error: AxiosError): string {
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message)) {
    return i18n.t('errors.timeout');
  }
  if (error.response) return i18n.t('errors.status', { status: error.response.status });
  return i18n.t('errors.network');
}

/** Any call; resolves with the success envelope. */
export function request<T = unknown>(config: AxiosRequestConfig): Promise<Envelope<T>> {
  return http.request<Envelope<T>, Envelope<T>>(config);
}

export function get<T = unknown>(url: string, params?: object, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return request<T>({ ...config, method: 'GET', url, params });
}

export function post<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return request<T>({ ...config, method: 'POST', url, data });
}

/** A downloaded file and the header that names it. */
export interface DownloadedFile {
  blob: Blob;
  /** The Content-Disposition header, or null when the server sent none. */
  disposition: string | null;
}

/** Exports and synthesized audio: resolves with the file itself; a failure rejects like any call. */
export async function download(config: AxiosRequestConfig): Promise<DownloadedFile> {
  const response = await http.request<Blob, AxiosResponse<Blob>>({ method: 'GET', ...config, responseType: 'blob' });
  const disposition = response.headers['content-disposition'];
  return { blob: response.data, disposition: typeof disposition === 'string' ? disposition : null };
}
