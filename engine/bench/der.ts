/**
 * Diarization error rate as NIST md-eval scores it: over 10 ms frames of reference speech, outside a collar
 * around every reference turn boundary, DER = (missed + false alarm + speaker confusion) / scored reference
 * speech, with hypothesis speakers mapped one-to-one onto reference speakers so that the most time agrees.
 */

export interface Turn {
  start: number;
  end: number;
  speaker: string;
}

export interface DerScore {
  der: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** Scored reference speech in seconds (the denominator). */
  speech: number;
}

const STEP = 0.01;

/** The one-to-one mapping of hypothesis onto reference speakers with the largest total overlap. */
function bestMapping(overlap: number[][]): Map<number, number> {
  const hypCount = overlap[0]?.length ?? 0;
  let best = -1;
  let bestMap = new Map<number, number>();
  const search = (ref: number, used: Set<number>, total: number, map: Map<number, number>) => {
    if (ref === overlap.length) {
      if (total > best) [best, bestMap] = [total, new Map(map)];
      return;
    }
    search(ref + 1, used, total, map); // this reference speaker gets no hypothesis speaker
    for (let h = 0; h < hypCount; h++) {
      if (used.has(h)) continue;
      used.add(h);
      map.set(h, ref);
      search(ref + 1, used, total + overlap[ref]![h]!, map);
      map.delete(h);
      used.delete(h);
    }
  };
  search(0, new Set(), 0, new Map());
  return bestMap;
}

/** Scores `hypothesis` against `reference`, ignoring `collar` seconds either side of each reference boundary. */
export function diarizationError(reference: Turn[], hypothesis: Turn[], collar = 0.25): DerScore {
  const end = Math.max(0, ...reference.map((t) => t.end), ...hypothesis.map((t) => t.end));
  const frames = Math.ceil(end / STEP);
  const refNames = [...new Set(reference.map((t) => t.speaker))];
  const hypNames = [...new Set(hypothesis.map((t) => t.speaker))];
  const speaking = (turns: Turn[], names: string[]) => {
    const at = Array.from({ length: frames }, () => new Set<number>());
    for (const t of turns) {
      for (let f = Math.round(t.start / STEP); f < Math.min(frames, Math.round(t.end / STEP)); f++) at[f]!.add(names.indexOf(t.speaker));
    }
    return at;
  };
  const ref = speaking(reference, refNames);
  const hyp = speaking(hypothesis, hypNames);
  const scored = new Array<boolean>(frames).fill(true);
  for (const t of reference) {
    for (const edge of [t.start, t.end]) {
      for (let f = Math.max(0, Math.round((edge - collar) / STEP)); f < Math.min(frames, Math.round((edge + collar) / STEP)); f++) scored[f] = false;
    }
  }
  const overlap = refNames.map(() => new Array<number>(hypNames.length).fill(0));
  for (let f = 0; f < frames; f++) {
    if (!scored[f]) continue;
    for (const r of ref[f]!) for (const h of hyp[f]!) overlap[r]![h]! += STEP;
  }
  const map = bestMapping(overlap);
  let speech = 0;
  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  for (let f = 0; f < frames; f++) {
    if (!scored[f]) continue;
    const nRef = ref[f]!.size;
    const nHyp = hyp[f]!.size;
    const correct = [...hyp[f]!].filter((h) => map.has(h) && ref[f]!.has(map.get(h)!)).length;
    speech += nRef * STEP;
    missed += Math.max(0, nRef - nHyp) * STEP;
    falseAlarm += Math.max(0, nHyp - nRef) * STEP;
    confusion += (Math.min(nRef, nHyp) - correct) * STEP;
  }
  return { der: speech ? (missed + falseAlarm + confusion) / speech : NaN, missed, falseAlarm, confusion, speech };
}
