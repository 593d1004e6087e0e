/**
 * How lines are cut into translation calls to an LLM: as many lines as fit the model's context, counted in
 * estimated tokens rather than a fixed number of lines, so a transcript of short lines costs few requests
 * (each one counts against Workers AI's requests-per-minute limit) and a batch of long ones never overflows
 * the reply. The Worker's Workers AI translator, the file job's translate stage, dubbing's retranslation and
 * the engine's OpenAI-compatible translator all cut by this one rule.
 */

/** @cf/qwen/qwen3-30b-a3b-fp8's context window (Cloudflare's model page), in tokens. */
export const MODEL_CONTEXT_TOKENS = 32_768;
/** Tokens a reply may use: a batch's translations, numbered as JSON strings, with room for a longer language. */
export const REPLY_TOKENS = 8_192;
/**
 * The source text of one batch, in estimated tokens. A translation runs up to about twice its source (English
 * into German, Chinese into English), so 3,000 source tokens fit REPLY_TOKENS with the JSON around them, and
 * the prompt (rules, glossary, context, batch) stays far inside the context window beside the reply.
 */
export const BATCH_TOKENS = 3_000;
/** Past this many numbered sentences a model starts to merge or skip some, whatever their length. */
export const BATCH_MAX_LINES = 150;
/** Numbering, quotes and separators each line adds to the prompt and the reply. */
const LINE_OVERHEAD_TOKENS = 4;

// Han, kana and Hangul run close to a token per character; other scripts about four characters a token. Three
// is assumed, so an estimate errs on the large side and a batch never outgrows the reply.
const DENSE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

export function estimateTokens(text: string): number {
  const dense = text.match(DENSE)?.length ?? 0;
  return dense + Math.ceil((text.length - dense) / 3);
}

/** Consecutive batches of `items` (in order, none left out), each within BATCH_TOKENS and BATCH_MAX_LINES. */
export function translationBatches<T>(items: readonly T[], text: (item: T) => string): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let tokens = 0;
  for (const item of items) {
    const cost = estimateTokens(text(item)) + LINE_OVERHEAD_TOKENS;
    // A single line longer than the budget still goes alone: splitting it would change what is translated.
    if (batch.length && (tokens + cost > BATCH_TOKENS || batch.length >= BATCH_MAX_LINES)) {
      batches.push(batch);
      batch = [];
      tokens = 0;
    }
    batch.push(item);
    tokens += cost;
  }
  if (batch.length) batches.push(batch);
  return batches;
}
