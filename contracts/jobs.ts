import { z } from 'zod';

/**
 * Messages on the jobs queue. A file transcription fans out: prepare → one `chunk` per piece of audio
 * (recognised in parallel) → assemble → translate. `summary` makes a record's AI summary (a meeting's
 * minutes) from its lines. `dub` speaks a dubbing project's lines and renders its video. Messages name only the record (and piece); the job or summary row holds the
 * state, so any message can be redelivered safely.
 */
export const jobMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prepare'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('chunk'), recordId: z.number().int().positive(), idx: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('assemble'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('translate'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('summary'), recordId: z.number().int().positive() }),
  z.object({ kind: z.literal('dub'), recordId: z.number().int().positive() }),
]);
export type JobMessage = z.infer<typeof jobMessage>;

/** Pieces are cut at pauses and run to at most this long, so each recognises well inside a queue invocation. */
export const CHUNK_MAX_SECONDS = 120;
/** Lines longer than this are split at the widest pause between words, so subtitles stay readable. */
export const LINE_MAX_SECONDS = 12;
