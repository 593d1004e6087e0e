/**
 * AI summaries of a record and AI meeting minutes (spec §1, §7 /ai/ai/mediaSummary, /ai/ai/queryMediaSummary,
 * /ai/summaryTemplate/download): what the engine's `POST /v1/summarize` takes and returns, what the Worker
 * stores per record, and the bodies of the three calls. Times are milliseconds from the start of the media,
 * as in the transcript's lines.
 */
import { z } from 'zod';
import { SUMMARY_EXPORT_FORMATS } from './record-vocabulary';

/** How a summary was made: sentences picked from the transcript, or written by a language model. */
export const SUMMARY_METHODS = ['extractive', 'llm'] as const;
export type SummaryMethod = (typeof SUMMARY_METHODS)[number];

/** The mind map is the title, then chapters, then their points, then at most one more level. */
export const MIND_MAP_MAX_DEPTH = 4;

export interface Chapter {
  start: number;
  end: number;
  title: string;
  summary: string;
}

export interface SpeakerSummary {
  /** The speaker's label as in the transcript ("Speaker 1", or the name a user gave). */
  speaker: string;
  /** Milliseconds this speaker talked. */
  talkMs: number;
  summary: string;
}

export interface KeyPoint {
  text: string;
  /** Where it was said, so the page can seek to it. */
  start: number;
}

export interface MindMapNode {
  text: string;
  /** Where the node's content starts in the media, when it has one place. */
  start?: number;
  children: MindMapNode[];
}

/** Where an item was said: the transcript line (its id, when the summariser was given ids) and its start. */
export interface LineCitation {
  lineId: number | null;
  start: number;
}

/** A task someone took on or was given in the speech. */
export interface ActionItem extends LineCitation {
  /** Its place in the summary's list: what ticking it done names. */
  id: number;
  text: string;
  /** Who does it: a speaker's name or a person named in the speech; '' when nobody was named. */
  owner: string;
  /**
   * The owner is the speaker of this line ("I'll…", or the one who answered "Can you…"), so renaming that
   * speaker renames the owner: the Worker reads the line's current speaker.
   */
  ownerLineId?: number | null;
  /** The due date said, resolved against the record's date (YYYY-MM-DD); null when none was said. */
  due: string | null;
  done: boolean;
}

export interface Decision extends LineCitation {
  text: string;
}

/** A question raised and left open. */
export interface OpenQuestion extends LineCitation {
  text: string;
}

/** One summary: the four tabs of the record page, and the action items, decisions and open questions. */
export interface MediaSummary {
  method: SummaryMethod;
  /** The language the summary is written in (the record's spoken language). */
  language: string;
  chapters: Chapter[];
  speakers: SpeakerSummary[];
  keyPoints: KeyPoint[];
  mindMap: MindMapNode;
  actionItems: ActionItem[];
  decisions: Decision[];
  questions: OpenQuestion[];
}

/** Summaries stored before action items existed lack the three lists: read as empty. */
export function withMeetingLists(summary: Omit<MediaSummary, 'actionItems' | 'decisions' | 'questions'> & Partial<MediaSummary>): MediaSummary {
  return { ...summary, actionItems: summary.actionItems ?? [], decisions: summary.decisions ?? [], questions: summary.questions ?? [] };
}

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---------------------------------------------------------------------------------------------------------
// Engine: POST /v1/summarize

export const summarizeLine = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string().max(5_000),
  speaker: z.string().max(100).default(''),
  /** The stored line's id, echoed in the citations of action items, decisions and questions. */
  id: z.number().int().nonnegative().optional(),
});

export const summarizeRequest = z.object({
  /** Language code of the transcript (zh-CN, en-US, …): decides word segmentation and stop words. */
  language: z.string().min(2).max(16),
  /** The record's name: the mind map's root. */
  title: z.string().max(200),
  /** A meeting's summary is its minutes; the LLM is told which it writes. */
  kind: z.enum(['record', 'meeting']).default('record'),
  /** The day the speech was recorded: "by Friday" and "下周三前" become dates counted from it. */
  date: isoDate.optional(),
  lines: z.array(summarizeLine).min(1).max(20_000),
});
export type SummarizeRequest = z.input<typeof summarizeRequest>;
export type SummarizeLine = z.output<typeof summarizeLine>;

/** The engine answers a MediaSummary; `backend` names what made it ("extractive", "openai-compatible"). */
export interface SummarizeResponse extends MediaSummary {
  backend: string;
}

// ---------------------------------------------------------------------------------------------------------
// Worker: the record's summary

export const SUMMARY_STATUSES = ['none', 'queued', 'running', 'done', 'failed'] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

/** `POST /ai/ai/queryMediaSummary`: a record's summary and how far it got. */
export interface SummaryState {
  recordId: number;
  status: SummaryStatus;
  /** Why the last run failed, kept until a retry succeeds. */
  errorReason: string | null;
  /** The last summary made, kept while a re-run is under way or after it failed. */
  summary: MediaSummary | null;
  /** The transcript was edited after this summary was made: regenerating would reflect the edits. */
  stale: boolean;
  /** When the summary shown was made, epoch ms. */
  generatedAt: number | null;
}

const id = z.coerce.number().int().positive();

/** `POST /ai/ai/mediaSummary` starts (or re-runs) a record's summary; `queryMediaSummary` reads it. */
export const summaryRecordBody = z.object({ id });

/** `POST /ai/summaryTemplate/download`: the summary as a Word document (the template) or Markdown. */
/** Ticks an action item of the record's summary done (or not). */
export const actionItemDoneBody = z.object({ id, item: z.number().int().nonnegative(), done: z.boolean() });

export const summaryDownloadBody = z.object({ id, format: z.enum(SUMMARY_EXPORT_FORMATS).default('docx') });
