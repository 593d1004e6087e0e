import type { IPureNode } from 'markmap-common';
import type { MindMapNode } from '../../../contracts/summary';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Markmap renders a node's content as HTML; a summary's text is the transcript's words, never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * The summary's mind map as markmap's tree, built directly rather than through Markdown and markmap-lib
 * (a parser the page would otherwise download for nothing). A node that has a place in the media carries
 * it as `data-start`, so a click on its text can seek the player.
 */
export function markmapTree(node: MindMapNode): IPureNode {
  const text = escapeHtml(node.text);
  return {
    content: node.start === undefined ? text : `<span class="summary-mind-seek" data-start="${Math.max(0, Math.round(node.start))}">${text}</span>`,
    payload: node.start === undefined ? {} : { start: node.start },
    children: node.children.map(markmapTree),
  };
}
