/**
 * Committing text while people talk (pure, no audio I/O): where a long utterance is cut so its words become a
 * final line while the speaker carries on, and the part of a growing hypothesis that is shown as settled.
 *
 * A line is final when the speaker pauses (the VAD's silence), and otherwise at a natural cut no later than
 * COMMIT.maxSeconds into speech: a short pause (a dip in loudness too short for the VAD), later any low point
 * of the last second, and at the bound the cut is made wherever the speaker is. Interpretation captions work
 * this way (whisper_streaming's LocalAgreement commits words about 3 s behind speech); a sentence-long line
 * waits a quarter of a minute for its speaker to stop.
 */

export const COMMIT = {
  /** Shorter lines than this are not cut early: a line of two words reads and translates badly. */
  minSeconds: 2.5,
  /** From here on a low point of the last second is a good enough cut. */
  lowPointSeconds: 5,
  /** No line runs longer than this while the speaker talks on. */
  maxSeconds: 7,
  /** A step this much quieter than the line's typical loudness is a pause between words. */
  pauseRatio: 0.3,
  /** Two quiet steps in a row (about 200 ms) make a short pause. */
  pauseSteps: 2,
  /** A step this much quieter than typical, and the quietest of the last second, is a low point. */
  lowRatio: 0.6,
  /** How far back a low point is compared (seconds). */
  lowWindowSeconds: 1,
} as const;

/** Root mean square of PCM16 samples, 0..1. */
export function loudness(pcm: Int16Array): number {
  if (!pcm.length) return 0;
  let sum = 0;
  for (const s of pcm) sum += (s / 32768) ** 2;
  return Math.sqrt(sum / pcm.length);
}

/** Decides, step by step of decoded audio, when the open line is cut. One per line; `reset` at each new line. */
export class CommitPlanner {
  private steps: { seconds: number; level: number }[] = [];
  private seconds = 0;

  /** One step of the line's audio (`seconds` long, `level` its loudness); true when the line ends here. */
  step(level: number, seconds: number): boolean {
    this.steps.push({ seconds, level });
    this.seconds += seconds;
    // Steps of a tenth of a second add up to a hair under whole seconds.
    if (this.seconds >= COMMIT.maxSeconds - 1e-6) return true;
    if (this.seconds < COMMIT.minSeconds) return false;
    const typical = median(this.steps.map((s) => s.level));
    if (typical <= 0) return false;
    const last = this.steps.slice(-COMMIT.pauseSteps);
    if (last.length === COMMIT.pauseSteps && last.every((s) => s.level < COMMIT.pauseRatio * typical)) return true;
    if (this.seconds < COMMIT.lowPointSeconds || level >= COMMIT.lowRatio * typical) return false;
    let back = 0;
    for (let i = this.steps.length - 2; i >= 0 && back < COMMIT.lowWindowSeconds; i--) {
      back += this.steps[i]!.seconds;
      if (this.steps[i]!.level < level) return false;
    }
    return true;
  }

  reset() {
    this.steps = [];
    this.seconds = 0;
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** How far from the settled words' count a hypothesis may have put their end (it heard one as two, or two as one). */
const ALIGN_REACH = 3;

/**
 * Where the words after the settled ones begin in a hypothesis: just after its words that match the settled
 * part's last ones (most matching, then nearest the settled count), so a word heard as two before the boundary
 * neither repeats nor drops one after it. The settled count when nothing matches.
 */
function tailStart(settled: readonly string[], hypothesis: readonly string[]): number {
  const n = settled.length;
  let best = Math.min(n, hypothesis.length);
  let bestScore = 0;
  for (let j = Math.max(1, n - ALIGN_REACH); j <= Math.min(hypothesis.length, n + ALIGN_REACH); j++) {
    let score = 0;
    while (score < ALIGN_REACH && score < j && score < n && hypothesis[j - 1 - score] === settled[n - 1 - score]) score++;
    if (score > bestScore || (score === bestScore && score > 0 && Math.abs(j - n) < Math.abs(best - n))) {
      best = j;
      bestScore = score;
    }
  }
  return bestScore ? best : Math.min(n, hypothesis.length);
}

/**
 * The settled part of a line's partials: the words two successive hypotheses agree on (LocalAgreement-2).
 * Once shown, they never change: later hypotheses only add to them, and the committed text keeps them.
 */
export class StablePrefix {
  private shown: string[] = [];
  private previous: string[] = [];

  /**
   * A new hypothesis of the open line: the text to show (settled words, then a tail that may change) and its
   * settled part. Tail words it agrees on with the text shown before settle. Where the recogniser changes its
   * mind about a word already settled, the screen keeps that word and the hypothesis still speaks for the rest:
   * one early misheard word must not hold every later word unsettled until the line ends.
   */
  next(text: string): { stable: string; text: string } {
    const current = words(text);
    const shown = [...this.shown, ...current.slice(tailStart(this.shown, current))];
    let agreed = this.shown.length;
    while (agreed < shown.length && agreed < this.previous.length && shown[agreed] === this.previous[agreed]) agreed++;
    this.shown = shown.slice(0, agreed);
    // What the screen shows is what the next hypothesis must agree with.
    this.previous = shown;
    return { stable: this.shown.join(' '), text: shown.join(' ') };
  }

  /** The line's final text: the settled words as shown, then the recogniser's final word for the rest. */
  commit(final: string): string {
    const result = words(final);
    const text = [...this.shown, ...result.slice(tailStart(this.shown, result))].join(' ');
    this.reset();
    return text;
  }

  reset() {
    this.shown = [];
    this.previous = [];
  }
}
