/**
 * Glossary terms for backends that cannot be told about them (OpenCC, Apertium): each source term is swapped
 * for a private-use placeholder before translation and the placeholder for the target term afterwards, so
 * the backend passes it through untouched.
 */
export interface GlossaryEntry {
  source: string;
  target: string;
}

const mark = (i: number) => `\uE000${String.fromCharCode(0xe100 + i)}\uE001`;

export function protect(text: string, glossary: GlossaryEntry[] = []): string {
  // Longest terms first so "New York City" wins over "New York".
  const ordered = glossary.map((g, i) => ({ ...g, i })).sort((a, b) => b.source.length - a.source.length);
  let out = text;
  for (const g of ordered) out = out.split(g.source).join(mark(g.i));
  return out;
}

export function restore(text: string, glossary: GlossaryEntry[] = []): string {
  let out = text;
  glossary.forEach((g, i) => {
    out = out.split(mark(i)).join(g.target);
  });
  return out;
}
