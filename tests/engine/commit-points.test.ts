import { describe, expect, it } from 'vitest';
import { COMMIT, CommitPlanner, loudness, StablePrefix } from '../../engine/backends/asr/commit-points';

const STEP = 0.1;

/** Feeds steps of the given loudness; the seconds into the line at which the planner cut, or null. */
function cutAt(levels: number[]): number | null {
  const planner = new CommitPlanner();
  for (const [i, level] of levels.entries()) if (planner.step(level, STEP)) return Math.round((i + 1) * STEP * 10) / 10;
  return null;
}

const steady = (seconds: number, level = 0.2) => Array.from({ length: Math.round(seconds / STEP) }, () => level);

describe('where a line is cut while its speaker talks on', () => {
  it('never lets a fluent speaker run past the bound', () => {
    expect(cutAt(steady(15))).toBe(COMMIT.maxSeconds);
  });

  it('cuts at a short pause once the line is long enough, not at one right after it starts', () => {
    const early = [...steady(1), 0.01, 0.01, ...steady(10)];
    expect(cutAt(early)).toBe(COMMIT.maxSeconds);
    const later = [...steady(3.2), 0.01, 0.01, ...steady(10)];
    expect(cutAt(later)).toBe(3.4);
  });

  it('takes the quietest point of the last second once past the low-point mark', () => {
    const levels = [...steady(5.3), 0.15, 0.18, 0.1, ...steady(3)];
    expect(cutAt(levels)).toBe(5.6);
  });

  it('starts counting again for each new line', () => {
    const planner = new CommitPlanner();
    for (const level of steady(6.9)) expect(planner.step(level, STEP)).toBe(false);
    planner.reset();
    for (const level of steady(6.9)) expect(planner.step(level, STEP)).toBe(false);
  });

  it('measures loudness of PCM16', () => {
    expect(loudness(new Int16Array([16384, -16384]))).toBeCloseTo(0.5);
    expect(loudness(new Int16Array(0))).toBe(0);
  });
});

describe('settled words of a growing line', () => {
  it('settles the words two hypotheses agree on and never takes them back', () => {
    const p = new StablePrefix();
    expect(p.next('the quick')).toEqual({ stable: '', text: 'the quick' });
    expect(p.next('the quick brown')).toEqual({ stable: 'the quick', text: 'the quick brown' });
    // The recogniser changes its mind about a settled word: the screen keeps what it showed, and the words after
    // it still settle as two hypotheses agree on them.
    expect(p.next('a quick brown fox')).toEqual({ stable: 'the quick brown', text: 'the quick brown fox' });
    expect(p.next('a quick brown fox jumps')).toEqual({ stable: 'the quick brown fox', text: 'the quick brown fox jumps' });
    expect(p.next('a quick brown fox jumps over')).toEqual({ stable: 'the quick brown fox jumps', text: 'the quick brown fox jumps over' });
  });

  it('neither repeats nor drops a word when the recogniser hears a settled word as two', () => {
    const p = new StablePrefix();
    p.next('and mister dashwood then at');
    expect(p.next('and mister dashwood then at leisure')).toEqual({ stable: 'and mister dashwood then at', text: 'and mister dashwood then at leisure' });
    expect(p.next('and mister dash would then at leisure to')).toEqual({
      stable: 'and mister dashwood then at leisure',
      text: 'and mister dashwood then at leisure to',
    });
    expect(p.commit('and mister dash would then at leisure to consider')).toBe('and mister dashwood then at leisure to consider');
  });

  it('keeps the settled words in the committed line', () => {
    const p = new StablePrefix();
    p.next('we will meet');
    p.next('we will meet on');
    expect(p.commit('we well meet on monday')).toBe('we will meet on monday');
    // A new line starts with nothing settled.
    expect(p.next('next')).toEqual({ stable: '', text: 'next' });
  });
});
