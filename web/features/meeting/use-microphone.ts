import { useCallback, useEffect, useRef, useState } from 'react';
import { MicrophoneError, startCapture } from '../../lib/audio-capture';
import type { Capture } from '../../lib/audio-capture';

/** Below this level the room hears nothing worth transcribing (spec §8 "no sound detected"). */
export const SILENCE_LEVEL = 0.01;
export const SILENCE_MS = 8000;

export type MicProblem = MicrophoneError['kind'];

/**
 * The host's microphone: started only from a click (browsers require the gesture), stopped on pause, end
 * and unmount. Tells the level for the meter, and `silent` once nothing above SILENCE_LEVEL was heard for
 * SILENCE_MS — which clears by itself when sound returns.
 */
export function useMicrophone(onFrame: (frame: ArrayBuffer) => void) {
  const [active, setActive] = useState(false);
  const [starting, setStarting] = useState(false);
  const [level, setLevel] = useState(0);
  const [silent, setSilent] = useState(false);
  const [problem, setProblem] = useState<MicProblem | null>(null);
  const capture = useRef<Capture | null>(null);
  const lastSound = useRef(0);
  const mounted = useRef(true);
  const frameRef = useRef(onFrame);
  frameRef.current = onFrame;

  const stop = useCallback(() => {
    capture.current?.stop();
    capture.current = null;
    if (!mounted.current) return;
    setActive(false);
    setLevel(0);
    setSilent(false);
  }, []);

  /** Resolves true once audio flows; false when the browser refused or has no microphone. */
  const start = useCallback(async (): Promise<boolean> => {
    if (capture.current) return true;
    setStarting(true);
    setProblem(null);
    try {
      const started = await startCapture({
        onFrame: (frame) => frameRef.current(frame),
        onLevel: (next) => {
          if (next >= SILENCE_LEVEL) lastSound.current = Date.now();
          setLevel(next);
        },
      });
      if (!mounted.current) {
        started.stop(); // the page was left while the browser asked for permission
        return false;
      }
      capture.current = started;
      lastSound.current = Date.now();
      setActive(true);
      return true;
    } catch (error) {
      if (!(error instanceof MicrophoneError)) console.error('[meeting] microphone failed', error);
      if (mounted.current) setProblem(error instanceof MicrophoneError ? error.kind : 'unavailable');
      return false;
    } finally {
      if (mounted.current) setStarting(false);
    }
  }, []);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setSilent(Date.now() - lastSound.current >= SILENCE_MS), 1000);
    return () => clearInterval(timer);
  }, [active]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      capture.current?.stop();
      capture.current = null;
    };
  }, []);

  return { active, starting, level, silent, problem, start, stop };
}
