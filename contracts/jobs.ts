import { z } from 'zod';

/**
 * Messages on the jobs queue. A file transcription fans out: prepare → one `chunk` per piece of audio
 * (recognised in parallel) → assemble → translate. Transcription then hands the record on with
 * `transcribed`, once its lines are stored (`recognised`) and again once they are translated
 * (`translated`): the summary and dubbing take over from there, and a transcribed file turns complete.
 * `speakers` labels an ended meeting's lines by voice over its whole recording, then sends its `summary`.
 * `summary` makes a record's AI summary (a meeting's minutes) from its lines. `dub` speaks a dubbing
 * project's lines and renders its video. Messages name only the record (and piece); the job, summary or
 * dubbing project row holds the state, so any message can be redelivered safely. `retranslate` translates
 * again the lines of a finished record that lack a translation its other lines have (a person edited them, or
 * asked to translate them again). `vectors` brings the semantic index's vectors of a record's lines in step with its
 * stored lines, where one is bound (worker/services/search/vectors.ts).
 */
export const jobMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prepare'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('chunk'), recordId: z.number().int().positive(), idx: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('assemble'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('translate'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('transcribed'), recordId: z.number().int().positive(), step: z.enum(['recognised', 'translated']) }),
  z.object({ kind: z.literal('speakers'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('summary'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('dub'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('retranslate'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('vectors'), recordId: z.number().int().positive() }),
]);
export type JobMessage = z.infer<typeof jobMessage>;
/** The message of one kind, e.g. `JobOf<'transcribed'>`. */
export type JobOf<K extends JobMessage['kind']> = Extract<JobMessage, { kind: K }>;

/** Pieces are cut at pauses and run to at most this long, so each recognises well inside a queue invocation. */
export const CHUNK_MAX_SECONDS = 120;
/** Lines longer than this are split at the widest pause between words, so subtitles stay readable. */
export const LINE_MAX_SECONDS = 12;
