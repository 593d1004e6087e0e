/**
 * Download and help addresses differ per deployment, so they come from the build environment
 * (VITE_PLUGIN_DOWNLOAD_URL, VITE_APP_DOWNLOAD_URL, VITE_HELP_CENTER_URL). An unset one is left out of the
 * menu rather than promising a page that does not exist.
 */
export const EXTERNAL_LINKS = {
  pluginDownload: import.meta.env.VITE_PLUGIN_DOWNLOAD_URL ?? '',
  appDownload: import.meta.env.VITE_APP_DOWNLOAD_URL ?? '',
  helpCenter: import.meta.env.VITE_HELP_CENTER_URL ?? '',
} as const;
