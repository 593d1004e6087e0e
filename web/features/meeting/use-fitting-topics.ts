import { useEffect, useLayoutEffect, useState } from 'react';
import type { LiveSummary } from '../../../contracts/live-summary';

/**
 * How much of a projected summary's topics is left out so that what remains fits its box whole. Nobody scrolls a
 * projector: a summary taller than the screen would show its oldest topics and cut a line at the edge, so the
 * screen drops the oldest topics one by one (their numbers kept, so the audience sees some came before), always
 * keeping the latest, and then, if still too tall (above the captions), the latest topic's gist (`brief`).
 * Measured again when the summary, the box or `also` (what else changes the text's size) changes.
 */
export function useFittingTopics(box: HTMLElement | null, summary: LiveSummary | null, also: unknown[]): { skipTopics: number; brief: boolean } {
  const size = useBoxSize(box);
  const basis = [summary, size.width, size.height, ...also];
  const [fit, setFit] = useState({ basis, skip: 0 });
  const skip = sameItems(fit.basis, basis) ? fit.skip : 0;
  useLayoutEffect(() => {
    if (!box || !summary || skip >= summary.topics.length) return;
    if (box.scrollHeight > box.clientHeight + 1) setFit({ basis, skip: skip + 1 });
  });
  const topics = summary?.topics.length ?? 0;
  return { skipTopics: Math.max(0, Math.min(skip, topics - 1)), brief: topics > 0 && skip >= topics };
}

function sameItems(a: unknown[], b: unknown[]) {
  return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
}

function useBoxSize(box: HTMLElement | null) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((was) => (was.width === width && was.height === height ? was : { width, height }));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  return size;
}
