/**
 * Download and help addresses differ per deployment, so they come from the build environment. An unset
 * one stays in the menu but says it is coming instead of leading to a dead page.
 */
export const EXTERNAL_LINKS = {
  pluginDownload: import.meta.env.VITE_PLUGIN_DOWNLOAD_URL ?? '',
  appDownload: import.meta.env.VITE_APP_DOWNLOAD_URL ?? '',
  helpCenter: import.meta.env.VITE_HELP_CENTER_URL ?? '',
} as const;
