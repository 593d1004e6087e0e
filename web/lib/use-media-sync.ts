import { useCallback, useEffect, useRef, useState } from 'react';

/** What the player follows in a transcript: each line's start and end, ms. */
export interface TimedLine {
  start: number;
  end: number;
}

/** The line playing at `ms` (lines are in time order), or -1 between lines. */
export function activeLineIndex(lines: readonly TimedLine[], ms: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    // low ≤ mid ≤ high stay within the array.
    if (lines[mid]!.start <= ms) low = mid + 1;
    else high = mid - 1;
  }
  return ms < (lines[high]?.end ?? -Infinity) ? high : -1;
}

/** The speeds a transcriber picks from: slower to catch fast speech, faster to skim. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** How far the back and forward keys and buttons jump. */
export const SKIP_MS = 5000;

function play(media: HTMLMediaElement) {
  // Older engines return nothing from play(); a refused autoplay or missing source is not an error to report.
  media.play()?.catch(() => undefined);
}

/**
 * Keeps the player and the transcript together: which line is playing, seeking to a line or word, and the
 * transport a transcriber drives from the keyboard (play/pause, jumps of 5 s, the playback speed).
 */
export function useMediaSync(lines: readonly TimedLine[], startMs?: number) {
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  // Where a link into the record (a search hit, a citation: `?t=`) starts playing, once the media has loaded.
  const startRef = useRef(startMs);
  const linesRef = useRef(lines);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [playing, setPlaying] = useState(false);
  const [rate, setRateState] = useState(1);
  const rateRef = useRef(rate);

  const track = useCallback(() => {
    const media = mediaRef.current;
    if (media) setActiveIndex(activeLineIndex(linesRef.current, media.currentTime * 1000));
  }, []);

  useEffect(() => {
    linesRef.current = lines;
    track();
  }, [lines, track]);

  const seek = useCallback(
    (ms: number) => {
      const media = mediaRef.current;
      if (!media) return;
      media.currentTime = ms / 1000;
      track();
      play(media);
    },
    [track],
  );

  const toggle = useCallback(() => {
    const media = mediaRef.current;
    if (!media) return;
    if (media.paused) play(media);
    else media.pause();
  }, []);

  /** Jumps by `ms` (negative: back), staying inside the media; playing or paused stays as it was. */
  const skip = useCallback(
    (ms: number) => {
      const media = mediaRef.current;
      if (!media) return;
      const end = Number.isFinite(media.duration) ? media.duration : Infinity;
      media.currentTime = Math.min(end, Math.max(0, media.currentTime + ms / 1000));
      track();
    },
    [track],
  );

  const applyRate = useCallback(() => {
    const media = mediaRef.current;
    if (!media) return;
    // A new source resets playbackRate to the default: setting both keeps the chosen speed.
    media.defaultPlaybackRate = rateRef.current;
    media.playbackRate = rateRef.current;
  }, []);

  const setRate = useCallback(
    (next: number) => {
      rateRef.current = next;
      setRateState(next);
      applyRate();
    },
    [applyRate],
  );

  /** One step slower (-1) or faster (+1) on PLAYBACK_RATES, stopping at either end. */
  const stepRate = useCallback(
    (step: -1 | 1) => {
      const at = PLAYBACK_RATES.findIndex((r) => r >= rateRef.current);
      const next = PLAYBACK_RATES[Math.min(PLAYBACK_RATES.length - 1, Math.max(0, (at < 0 ? PLAYBACK_RATES.length - 1 : at) + step))]!;
      setRate(next);
    },
    [setRate],
  );

  return {
    mediaRef,
    activeIndex,
    playing,
    rate,
    seek,
    toggle,
    skip,
    setRate,
    stepRate,
    mediaEvents: {
      onTimeUpdate: track,
      onSeeked: track,
      onLoadedMetadata: () => {
        applyRate();
        if (startRef.current !== undefined) seek(startRef.current);
        startRef.current = undefined;
      },
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
    },
  };
}

export type MediaSync = ReturnType<typeof useMediaSync>;
