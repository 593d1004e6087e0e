import { useCallback, useEffect, useRef, useState } from 'react';
import { activeLineIndex } from './transcript-edit';
import type { DraftLine } from './transcript-edit';

/** Where Space belongs to the focused control (typing, pressing a button, the player's own controls). */
function ownsSpace(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, button, a, audio, video, [role="button"], [role="textbox"]') !== null;
}

function play(media: HTMLMediaElement) {
  // Older engines return nothing from play(); a refused autoplay or missing source is not an error to report.
  media.play()?.catch(() => undefined);
}

/**
 * Keeps the player and the transcript together: which line is playing, seeking to a line, and Space for
 * play/pause anywhere on the page but in a field or on a control.
 */
export function useMediaSync(lines: readonly DraftLine[]) {
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const linesRef = useRef(lines);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [playing, setPlaying] = useState(false);

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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const media = mediaRef.current;
      if (event.code !== 'Space' || event.repeat || !media || ownsSpace(event.target)) return;
      event.preventDefault();
      if (media.paused) play(media);
      else media.pause();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return {
    mediaRef,
    activeIndex,
    playing,
    seek,
    mediaEvents: {
      onTimeUpdate: track,
      onSeeked: track,
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
    },
  };
}
