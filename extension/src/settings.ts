/** What the user chose in the extension, kept in chrome.storage.local (the token beside it, apart). */
export interface Settings {
  /** The Tingyi address (a self-hosted deploy's own), without a trailing slash. */
  origin: string;
  sourceLanguage: string;
  /** The translation shown under the source, or '' for none. */
  targetLanguage: string;
  /** Vocabulary libraries applied live (SVIP). */
  documentIds: number[];
  fontSize: number;
  /** Which lines the overlay shows. */
  show: 'both' | 'source' | 'translation';
  overlayVisible: boolean;
  /** Where the overlay was dragged to, in % of the viewport; null: centred near the bottom. */
  position: { x: number; y: number } | null;
}

declare const __TINGYI_ORIGIN__: string;

export const DEFAULT_SETTINGS: Settings = {
  origin: __TINGYI_ORIGIN__,
  sourceLanguage: 'en-US',
  targetLanguage: '',
  documentIds: [],
  fontSize: 22,
  show: 'both',
  overlayVisible: true,
  position: null,
};

export const FONT_SIZES = { min: 12, max: 48 } as const;

const SETTINGS_KEY = 'settings';
const TOKEN_KEY = 'token';

export async function loadSettings(): Promise<Settings> {
  const stored = (await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] as Partial<Settings> | undefined;
  return { ...DEFAULT_SETTINGS, ...stored };
}

export async function saveSettings(change: Partial<Settings>): Promise<Settings> {
  const next = { ...(await loadSettings()), ...change };
  if (change.origin !== undefined) next.origin = change.origin.trim().replace(/\/+$/, '');
  await chrome.storage.local.set({ [SETTINGS_KEY]: next });
  return next;
}

export function onSettingsChanged(listener: (settings: Settings) => void): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    const change = changes[SETTINGS_KEY];
    if (area === 'local' && change) listener({ ...DEFAULT_SETTINGS, ...(change.newValue as Partial<Settings>) });
  });
}

export async function loadToken(): Promise<string | null> {
  return ((await chrome.storage.local.get(TOKEN_KEY))[TOKEN_KEY] as string | undefined) ?? null;
}

export async function saveToken(token: string | null): Promise<void> {
  if (token === null) await chrome.storage.local.remove(TOKEN_KEY);
  else await chrome.storage.local.set({ [TOKEN_KEY]: token });
}

export function onTokenChanged(listener: (token: string | null) => void): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    const change = changes[TOKEN_KEY];
    if (area === 'local' && change) listener((change.newValue as string | undefined) ?? null);
  });
}
