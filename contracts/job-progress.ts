/**
 * How far a record's running job got, as the records list and the record page show it: the stage, the
 * whole job's percentage and an estimate of the time left. Plain types and arithmetic only, so the browser
 * reads them without a validation library, and the Worker and the pages compute alike.
 */

/** What the job is doing now, in the order a record passes through them. */
export const PROGRESS_STAGES = ['preparing', 'recognising', 'assembling', 'translating', 'summarising', 'synthesizing', 'rendering', 'finishing'] as const;
export type ProgressStage = (typeof PROGRESS_STAGES)[number];

export interface JobProgress {
  stage: ProgressStage;
  /** The whole job, 0–99 while it runs; null where no part of the work can be counted (a summary, a meeting's tail). */
  percent: number | null;
  /** Pieces of audio recognised and their count, while recognition runs. */
  done?: number;
  total?: number;
  /** Seconds left, estimated from the time the counted stage has taken and the share of it done; null until known. */
  etaSeconds: number | null;
}

/**
 * Seconds left when `fraction` of a stage took `elapsedMs`: the rest at the same pace. Null before anything
 * is done, as no pace is known yet.
 */
export function etaSeconds(elapsedMs: number, fraction: number): number | null {
  if (!(fraction > 0) || elapsedMs < 0) return null;
  if (fraction >= 1) return 0;
  return Math.ceil((elapsedMs * (1 - fraction)) / fraction / 1000);
}

/** A stage's fraction placed inside the span of the whole job it covers, as a whole percentage below 100. */
export const percentWithin = (from: number, to: number, fraction: number) => Math.min(99, Math.floor(from + (to - from) * Math.min(1, Math.max(0, fraction))));
