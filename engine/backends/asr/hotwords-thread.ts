/** A file's recognised lines corrected towards its hotwords in a worker thread (../threads.ts). */
import { runInThread } from '../threads';

type Line = { text: string; words?: { word: string; start: number; end: number }[] };

export interface HotwordJob<S extends Line = Line> {
  hotwords: string[];
  language: string;
  segments: S[];
}

/** The lines as they are when there is nothing to correct: a thread is not worth starting for nothing. */
export function correctLinesInThread<S extends Line>(hotwords: string[] | undefined, language: string, segments: S[]): Promise<S[]> {
  if (!hotwords?.length || !segments.length) return Promise.resolve(segments);
  const job: HotwordJob<S> = { hotwords, language, segments };
  return runInThread(new URL('./hotwords-worker.ts', import.meta.url), job, 'hotword correction');
}
