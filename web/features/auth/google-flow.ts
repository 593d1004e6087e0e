import { fetchGoogleUrl } from './api';
import type { ProviderMode } from './api';

/**
 * The browser's half of a Google flow. The page that starts it remembers the state it was given, and the
 * page Google returns to accepts only that state: a code and state someone else obtained and slipped into
 * a link cannot sign this browser into their account (or link their Google to it).
 */
const STORAGE_KEY = 'googleOAuth';

export interface PendingGoogle {
  state: string;
  mode: ProviderMode;
  /** Where to go after signing in (the login page's `redirect`). */
  redirect: string | null;
  source: number;
}

/** Asks the server for Google's address, remembers the flow for this tab, and leaves for Google. */
export async function startGoogle(mode: ProviderMode, redirect: string | null, source: number): Promise<void> {
  const url = await fetchGoogleUrl(mode);
  const state = new URL(url).searchParams.get('state') ?? '';
  const pending: PendingGoogle = { state, mode, redirect, source };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  window.location.assign(url);
}

/**
 * The flow Google came back from, read from `search` (code and state, or error when the person declined):
 * `pending` is what this tab stored for a flow of `mode`, and `grant` is set only when the state is its own.
 */
export function googleReturn(search: string, mode: ProviderMode) {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const declined = params.has('error');
  let stored: PendingGoogle | null = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as PendingGoogle | null;
  } catch {
    stored = null;
  }
  const pending = stored?.mode === mode ? stored : null;
  const grant = code && state && pending?.state === state ? { code, state } : null;
  return { present: Boolean(code || state || declined), declined, pending, grant };
}

/** Each flow completes once: its state is single-use on the server too. */
export function forgetGoogle(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
