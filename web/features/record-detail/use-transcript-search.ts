import { useCallback, useMemo, useRef, useState } from 'react';
import { findHits } from './transcript-edit';
import type { DraftLine, TextHit } from './transcript-edit';

/**
 * The search over the transcript's shown fields (the source, the translation or both): its hits in reading
 * order, the one next/previous stopped at, and the hits grouped by line for the lines to mark.
 */
export function useTranscriptSearch(lines: readonly DraftLine[], languages: readonly (string | undefined)[]) {
  const [query, setQuery] = useState('');
  const [position, setPosition] = useState(0);
  /** After a replacement: the search goes on from the first hit past the replaced text. */
  const [resume, setResume] = useState<TextHit | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const hits = useMemo(() => findHits(lines, query, languages), [lines, query, languages]);
  const order = (hit: TextHit) => [hit.line, languages.indexOf(hit.language), hit.start] as const;
  let wanted = position;
  if (resume) {
    const from = order(resume);
    const after = hits.findIndex((hit) => {
      const at = order(hit);
      return at[0] !== from[0] ? at[0] > from[0] : at[1] !== from[1] ? at[1] > from[1] : at[2] >= from[2];
    });
    wanted = Math.max(after, 0);
  }
  const index = hits.length === 0 ? -1 : Math.min(wanted, hits.length - 1);
  const byLine = useMemo(() => {
    const grouped = new Map<number, TextHit[]>();
    for (const hit of hits) grouped.set(hit.line, [...(grouped.get(hit.line) ?? []), hit]);
    return grouped;
  }, [hits]);

  const step = useCallback(
    (by: 1 | -1) => {
      if (hits.length === 0) return;
      setResume(null);
      setPosition((index + by + hits.length) % hits.length);
    },
    [hits.length, index],
  );

  return {
    query,
    setQuery: useCallback((next: string) => {
      setQuery(next);
      setResume(null);
      setPosition(0);
    }, []),
    /** `hit` became `length` characters of new text: the next hit is the first one after them. */
    replaced: useCallback((hit: TextHit, length: number) => setResume({ ...hit, start: hit.start + length, end: hit.start + length }), []),
    hits,
    byLine,
    index,
    current: index < 0 ? null : hits[index]!,
    next: useCallback(() => step(1), [step]),
    previous: useCallback(() => step(-1), [step]),
    inputRef,
    /** Ctrl/⌘+F: into the search box, its text selected to type over. */
    focus: useCallback(() => {
      inputRef.current?.focus();
      inputRef.current?.select();
    }, []),
  };
}

export type TranscriptSearch = ReturnType<typeof useTranscriptSearch>;
