import { useEffect, useRef, useState } from 'react';

/**
 * The meeting's running time: the room's figure whenever it sends one, counted on locally each second
 * while the meeting is in progress so the clock does not stand still between the room's updates.
 */
export function useElapsed(durationMs: number, running: boolean): number {
  const base = useRef({ ms: durationMs, at: Date.now() });
  const [now, setNow] = useState(() => Date.now());
  if (base.current.ms !== durationMs) base.current = { ms: durationMs, at: Date.now() };

  useEffect(() => {
    if (!running) return;
    base.current = { ms: base.current.ms, at: Date.now() };
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return running ? base.current.ms + Math.max(0, now - base.current.at) : base.current.ms;
}
