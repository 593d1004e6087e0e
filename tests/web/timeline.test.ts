import { describe, expect, it } from 'vitest';
import { disjointLines, disjointSpans, firstFault, firstOverlap, refusedLine } from '../../contracts/timeline';

/** The one timing rule every producer and editor shares (contracts/timeline.ts). */

describe('disjointSpans', () => {
  it('moves the boundary of two overlapping lines to the middle of their overlap, leaving the rest alone', () => {
    const spans = [
      { start: 0, end: 2100 },
      { start: 2300, end: 4942 },
      { start: 4740, end: 10_030 },
      { start: 10_400, end: 13_000 },
    ];
    expect(disjointSpans(spans)).toEqual([
      { start: 0, end: 2100 },
      { start: 2300, end: 4841 },
      { start: 4841, end: 10_030 },
      { start: 10_400, end: 13_000 },
    ]);
  });

  it('keeps lines inside the media and keeps every line, a swallowed one at zero length', () => {
    const out = disjointSpans(
      [
        { start: -20, end: 5000 },
        { start: 1000, end: 2000 },
        { start: 9000, end: 12_000 },
        { start: 13_000, end: 14_000 },
      ],
      10_000,
    );
    expect(out).toHaveLength(4);
    expect(firstOverlap(out)).toBe(-1);
    expect(out[0]!.start).toBe(0);
    expect(out[1]!.end - out[1]!.start).toBeGreaterThanOrEqual(0);
    expect(out.at(-1)).toEqual({ start: 10_000, end: 10_000 });
    expect(firstFault(out, 10_000)).toBeNull();
  });
});

describe('firstFault', () => {
  it('names the first line that ends before it starts, overlaps the one before, or ends after the media', () => {
    expect(
      firstFault(
        [
          { start: 0, end: 1000 },
          { start: 900, end: 2000 },
        ],
        5000,
      ),
    ).toEqual({ index: 1, fault: 'overlapsPrevious' });
    expect(
      firstFault(
        [
          { start: 0, end: 1000 },
          { start: 2000, end: 1500 },
        ],
        5000,
      ),
    ).toEqual({ index: 1, fault: 'endsBeforeStart' });
    expect(
      firstFault(
        [
          { start: 0, end: 1000 },
          { start: 2000, end: 5001 },
        ],
        5000,
      ),
    ).toEqual({ index: 1, fault: 'pastMedia' });
    expect(
      firstFault(
        [
          { start: 0, end: 1000 },
          { start: 1000, end: 5000 },
        ],
        5000,
      ),
    ).toBeNull();
  });
});

describe('disjointLines', () => {
  it('changes only the lines whose times move, keeping everything else on them', () => {
    const lines = [
      { start: 0, end: 1200, text: 'a' },
      { start: 1000, end: 2000, text: 'b' },
      { start: 3000, end: 4000, text: 'c' },
    ];
    const out = disjointLines(lines);
    expect(out.map((l) => [l.start, l.end, l.text])).toEqual([
      [0, 1100, 'a'],
      [1100, 2000, 'b'],
      [3000, 4000, 'c'],
    ]);
    expect(out[2]).toBe(lines[2]);
  });
});

describe('refusedLine', () => {
  it('reads the line a refusal names, and nothing else', () => {
    expect(refusedLine({ line: 2 })).toEqual({ line: 2 });
    expect(refusedLine({ line: 0, id: 7 })).toEqual({ line: 0, id: 7 });
    expect(refusedLine(null)).toBeNull();
    expect(refusedLine({ line: -1 })).toBeNull();
    expect(refusedLine({ line: '2' })).toBeNull();
  });
});
