import { SOURCE } from '../../contracts/constants';

/**
 * Which client signs in (spec §6): the browser subtitle plugin opens our pages with `source=2` or a
 * `source=browser_plugin…` value (e.g. browser_plugin_media); everything else is the web app.
 */
export function detectSource(search: string): (typeof SOURCE)[keyof typeof SOURCE] {
  const source = new URLSearchParams(search).get('source') ?? '';
  return source === String(SOURCE.plugin) || source.startsWith('browser_plugin') ? SOURCE.plugin : SOURCE.web;
}
