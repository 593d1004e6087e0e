import { useEffect, useRef, useState } from 'react';
import { synthesize } from './api';

/**
 * Hearing a line or a voice before dubbing: one sound at a time, stopped when another starts or the page
 * goes. `playing` names what is being fetched or heard.
 */
export function useListen() {
  const current = useRef<{ audio: HTMLAudioElement; url: string } | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  const stop = () => {
    const sound = current.current;
    if (!sound) return;
    sound.audio.pause();
    URL.revokeObjectURL(sound.url);
    current.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stops whatever sounds when the page goes.
  useEffect(() => stop, []);

  const listen = async (key: string, body: { text: string; language: string; voice?: string }) => {
    stop();
    setPlaying(key);
    try {
      const blob = await synthesize(body);
      const url = URL.createObjectURL(blob);
      const audio = new Audio(url);
      current.current = { audio, url };
      audio.onended = () => setPlaying((now) => (now === key ? null : now));
      // A refused autoplay is not an error to report; the button can be pressed again.
      await Promise.resolve(audio.play()).catch(() => setPlaying(null));
    } catch {
      setPlaying(null); // the request layer said why
    }
  };
  return { playing, listen };
}
