/**
 * The mind map of a summary, built the same way whoever wrote the chapters (the engine's extractive
 * summariser, its LLM backend, the Worker's Workers AI provider), so the tab looks alike whatever made it.
 * Types only from ./summary: the web app can import this without pulling in zod.
 */
import type { Chapter, KeyPoint, MindMapNode } from './summary';

/**
 * Title → chapters → the key points said within each chapter (its summary when it has none): three levels,
 * inside MIND_MAP_MAX_DEPTH whatever the chapters and points hold.
 */
export function mindMapOf(title: string, chapters: Chapter[], keyPoints: KeyPoint[]): MindMapNode {
  const byTime = [...keyPoints].sort((a, b) => a.start - b.start);
  const children = chapters.map((chapter, i): MindMapNode => {
    // The next chapter's start bounds a chapter, not its own end, so a point said in a pause between two
    // chapters still lands in one; points before the first chapter belong to it.
    const from = i === 0 ? Number.NEGATIVE_INFINITY : chapter.start;
    const until = chapters[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const points = byTime.filter((p) => p.start >= from && p.start < until).map((p) => ({ text: p.text, start: p.start, children: [] }));
    const leaves = points.length || !chapter.summary ? points : [{ text: chapter.summary, start: chapter.start, children: [] }];
    return { text: chapter.title, start: chapter.start, children: leaves };
  });
  return { text: title.trim() || chapters[0]?.title || '', children };
}
