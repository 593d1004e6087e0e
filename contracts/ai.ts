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
  /** Lines an extractive answer quotes. */
  citationsMax: 3,
  /** Lines a language model is given to answer from (and may cite). */
  contextLines: 12,
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

/** Where a line was said: its record, its place in time and its speaker (hits and citations both name one). */
export interface LinePlace {
  recordId: number;
  recordName: string;
  lineId: number;
  /** Milliseconds from the start of the record's media. */
  start: number;
  end: number;
  speaker: string;
}

export interface SearchHit extends LinePlace {
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
  /** Continue this conversation (the caller's own): a short follow-up is read with the question before it. */
  conversationId: z.number().int().positive().optional(),
});
export type AskBody = z.infer<typeof askBody>;

export interface Citation extends LinePlace {
  text: string;
}

export const ANSWER_KINDS = ['generated', 'extractive'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export interface Answer {
  answer: string;
  kind: AnswerKind;
  citations: Citation[];
  /** The conversation this question and answer were kept in: send it back to ask a follow-up. */
  conversationId: number;
}

/** Questions asked of one record, kept with their answers; the record's Ask panel lists them after a reload. */
export interface Turn {
  question: string;
  answer: string;
  kind: AnswerKind;
  citations: Citation[];
}

export interface Conversation {
  /** Null while nothing has been asked of the record. */
  conversationId: number | null;
  turns: Turn[];
}

/** `GET /ai/conversation?recordId=` (the record's conversation), `GET /ai/suggestions?recordId=`. */
export const recordQuery = z.object({ recordId: z.coerce.number().int().positive() });

/** `POST /ai/conversation/clear`: forgets the questions asked of one record. */
export const clearConversationBody = z.object({ recordId: z.number().int().positive() });

/** How many questions a record suggests. */
export const SUGGESTIONS = 3;
