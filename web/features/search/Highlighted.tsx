import type { Mark } from '../../../contracts/ai';

/** A snippet with its matches marked, built from text nodes: a transcript's text is never read as HTML. */
export function Highlighted({ text, marks }: { text: string; marks: Mark[] }) {
  const parts: { text: string; hit: boolean; at: number }[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start > at) parts.push({ text: text.slice(at, start), hit: false, at });
    parts.push({ text: text.slice(start, end), hit: true, at: start });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false, at });
  return <>{parts.map((p) => (p.hit ? <mark key={p.at}>{p.text}</mark> : <span key={p.at}>{p.text}</span>))}</>;
}
