/**
 * Per-word figures of live captions, from what one screen received: for each committed word, when it first
 * stood settled on the screen (in a partial's `stable` part or its line's final) and when a translation
 * covering it arrived (of its line's settled start while the line was heard, or of the whole line); and flicker, the share of words shown in partials that the final then changed.
 *
 * A word's spoken time is where it ends within its line's span, the span shared out by characters: the
 * room's lines carry no word times (the recogniser's own word times stay in the engine).
 */

export interface SeenPartial {
  /** Seconds from the first frame that the screen got it. */
  at: number;
  /** The line's start (ms on the meeting's clock): the final with the same start is its line. */
  start: number;
  text: string;
  stable: string;
}

export interface SeenFinal {
  at: number;
  seq: number;
  start: number;
  end: number;
  text: string;
}

/** A translation of a line's settled start (its first `words` words) while the line was heard. */
export interface SeenPartialTranslation {
  at: number;
  start: number;
  words: number;
}

export interface CommittedWord {
  /** Seconds of audio at which the word ends. */
  spokenAt: number;
  /** Seconds from the first frame at which it stood settled on the screen. */
  shownAt: number;
  /** When a translation covering it arrived (of its line's settled start, or of the line), if one did. */
  translatedAt?: number;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

export function committedWords(
  finals: readonly SeenFinal[],
  partials: readonly SeenPartial[],
  translations: ReadonlyMap<number, number>,
  partialTranslations: readonly SeenPartialTranslation[] = [],
): CommittedWord[] {
  return finals.flatMap((line) => {
    const said = words(line.text);
    const chars = said.reduce((n, w) => n + w.length, 0) || 1;
    const ofLine = partials.filter((p) => p.start === line.start);
    const early = partialTranslations.filter((t) => t.start === line.start);
    let through = 0;
    return said.map((word, i) => {
      through += word.length;
      const settled = ofLine.find((p) => words(p.stable).length > i);
      const whole = translations.get(line.seq);
      const covering = early.filter((t) => t.words > i).map((t) => t.at);
      const translatedAt = whole === undefined && covering.length === 0 ? undefined : Math.min(whole ?? Number.POSITIVE_INFINITY, ...covering);
      return {
        spokenAt: (line.start + ((line.end - line.start) * through) / chars) / 1000,
        shownAt: Math.min(settled?.at ?? Number.POSITIVE_INFINITY, line.at),
        ...(translatedAt === undefined ? {} : { translatedAt }),
      };
    });
  });
}

/**
 * Of the words shown in partials (each line's word positions that any partial showed), the share the final
 * then had otherwise: `all` counts the changing tail too, `settled` only the words shown as settled.
 */
export function flicker(finals: readonly SeenFinal[], partials: readonly SeenPartial[]): { all: number; settled: number; shown: number } {
  let shown = 0;
  let changed = 0;
  let settledShown = 0;
  let settledChanged = 0;
  for (const line of finals) {
    const final = words(line.text);
    const seen = new Map<number, { changed: boolean; settled: boolean; settledChanged: boolean }>();
    for (const p of partials.filter((q) => q.start === line.start)) {
      const stable = words(p.stable).length;
      words(p.text).forEach((w, i) => {
        const mark = seen.get(i) ?? { changed: false, settled: false, settledChanged: false };
        mark.changed ||= w !== final[i];
        if (i < stable) {
          mark.settled = true;
          mark.settledChanged ||= w !== final[i];
        }
        seen.set(i, mark);
      });
    }
    for (const mark of seen.values()) {
      shown++;
      if (mark.changed) changed++;
      if (mark.settled) settledShown++;
      if (mark.settledChanged) settledChanged++;
    }
  }
  return { all: shown ? changed / shown : 0, settled: settledShown ? settledChanged / settledShown : 0, shown };
}
