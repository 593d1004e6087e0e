import { z } from 'zod';

/**
 * Search across records and questions asked of them (worker/routes/ai.ts). A hit or a citation names its record,
 * its line and the line's time, so the web app opens the record playing from there. Snippets are plain text with
 * the matched ranges given as offsets: the web app marks them itself, never rendering HTML made from a transcript.
 */

export const SEARCH = {
  /** Characters of a query; longer ones are refused. */
  queryMax: 100,
  sizeDefault: 20,
  sizeMax: 50,
  /** Characters of context a snippet shows on each side of its first match. */
  snippetContext: 40,
} as const;

export const ASK = {
  questionMax: 500,
  /** Lines an answer may cite. */
  citationsMax: 3,
} as const;

/** `GET /ai/search?q=&page=&size=`. */
export const searchQuery = z.object({
  q: z.string().trim().min(1).max(SEARCH.queryMax),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(SEARCH.sizeMax).default(SEARCH.sizeDefault),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A range of a snippet to mark, as [start, end) offsets in UTF-16 code units. */
export type Mark = [number, number];

export interface SearchHit {
  recordId: number;
  recordName: string;
  lineId: number;
  /** Milliseconds from the start of the record's media. */
  start: number;
  end: number;
  speaker: string;
  snippet: string;
  marks: Mark[];
  /** The record has a live share link. */
  shared: boolean;
}

/** `POST /ai/ask` (and `/ai/ask/stream`): all the caller's records, some of them (`ids`), or a folder's. */
export const askBody = z.object({
  question: z.string().trim().min(1).max(ASK.questionMax),
  ids: z.array(z.number().int().positive()).min(1).max(100).optional(),
  folderId: z.number().int().positive().optional(),
});
export type AskBody = z.infer<typeof askBody>;

export interface Citation {
  recordId: number;
  recordName: string;
  lineId: number;
  start: number;
  end: number;
  speaker: string;
  text: string;
}

export type AnswerKind = 'generated' | 'extractive';

export interface Answer {
  answer: string;
  kind: AnswerKind;
  citations: Citation[];
}
