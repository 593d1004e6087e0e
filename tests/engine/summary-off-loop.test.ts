/**
 * The offline summary runs off the engine's event loop: while a ten-hour transcript (9,000 lines) is being
 * summarised, a live meeting on the same engine keeps getting its partials, and the summary is still whole.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_PATHS } from '../../contracts/engine';
import type { SummarizeResponse } from '../../contracts/summary';
import { longTranscript } from '../../engine/bench/summary-texts';
import { postJson, useEngine } from './helpers';
import { partialsWhile } from './partials-beside';

const ctx = useEngine();

describe('extractive summary beside a live stream', () => {
  it('keeps sending live partials while a ten-hour transcript is summarised, and covers all of it', async () => {
    const lines = longTranscript(600);
    const { result, partials } = await partialsWhile(ctx.engine.url, () =>
      postJson(ctx.engine.url, ENGINE_PATHS.summarize, { language: 'en-US', title: 'A long day', lines }),
    );
    const summary = result.json as SummarizeResponse;

    console.log(`[summary off loop] ${partials} partials while the summary of ${lines.length} lines was pending`);
    expect(partials).toBeGreaterThanOrEqual(3);
    expect(result.status).toBe(200);
    expect(summary.backend).toBe('extractive');
    expect(summary.chapters.length).toBeGreaterThan(1);
    expect(summary.chapters[0]!.start).toBe(0);
    expect(summary.chapters.at(-1)!.end).toBe(lines.at(-1)!.end);
    // 3 key points and one more per five minutes, at most 12: a ten-hour transcript has the most.
    expect(summary.keyPoints).toHaveLength(12);
  });
});
