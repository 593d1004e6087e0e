/**
 * The contextual-translation prompt shared by the engine's OpenAI-compatible backend and the Worker's
 * Workers AI backend, so both LLM paths translate the same way and are parsed the same way.
 */
import { languageInfo } from './engine-languages';

export interface GlossaryTerm {
  source: string;
  target: string;
}

/** How many earlier sentences ride along with a batch as read-only context (batches: ./translation-batches). */
export const LLM_CONTEXT = 3;

export function translationMessages(from: string, to: string, batch: string[], context: string[], glossary: GlossaryTerm[] = []) {
  const name = (code: string) => languageInfo(code)?.names['en-US'] ?? code;
  const rules = [
    `Translate each numbered sentence from ${name(from)} (${from}) into ${name(to)} (${to}).`,
    'Return only JSON: {"translations": ["...", ...]} with exactly one translation per numbered sentence, in order.',
    'Do not merge, split, skip or explain sentences.',
  ];
  if (glossary.length) {
    rules.push('Always translate these terms exactly as given:', ...glossary.map((g) => `- "${g.source}" => "${g.target}"`));
  }
  const user = [
    context.length ? `Context (already translated, do not translate again):\n${context.join('\n')}\n` : '',
    'Sentences:',
    ...batch.map((t, i) => `${i + 1}. ${t}`),
  ].join('\n');
  return [
    { role: 'system' as const, content: rules.join('\n') },
    { role: 'user' as const, content: user },
  ];
}

/** `{"translations":[...]}` out of a reply (code fences and <think> blocks tolerated), or null if unusable. */
export function parseTranslations(content: string, expected: number): string[] | null {
  const cleaned = content.replace(/<think>[\s\S]*?<\/think>/g, '');
  const start = cleaned.indexOf('{');
  const end = cleaned.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  try {
    const list = (JSON.parse(cleaned.slice(start, end + 1)) as { translations?: unknown }).translations;
    if (Array.isArray(list) && list.length === expected && list.every((t) => typeof t === 'string')) return list as string[];
  } catch {
    // unusable: the caller reports it
  }
  return null;
}
