/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PLUGIN_DOWNLOAD_URL?: string;
  readonly VITE_APP_DOWNLOAD_URL?: string;
  readonly VITE_HELP_CENTER_URL?: string;
}
