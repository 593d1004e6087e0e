/**
 * Speaker embeddings for a live recogniser that tells speakers apart only within one connection (Nova-3
 * counts them from 0 again after every reconnect, a pause for one): the same audio goes to the engine, which
 * cuts it into utterances and measures each one's voice, and each final gets the embedding of the engine
 * utterance it overlaps most. The meeting then labels speakers across connections (worker/lib/speaker-tracker)
 * as it does for every recogniser.
 */
import type { StreamServerMessage } from '../../../contracts/engine';
import type { LiveStream, SocketLike } from './types';

type Final = Extract<StreamServerMessage, { type: 'final' }>;
type Voice = Extract<StreamServerMessage, { type: 'utterance' }>;

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) => Math.min(a.end, b.end) - Math.max(a.start, b.start);

export function withVoices(live: LiveStream, voices: SocketLike): LiveStream {
  const listeners: ((m: StreamServerMessage) => void)[] = [];
  const measured: Voice[] = [];
  /** How far the engine has measured: a final ending before it has every voice it overlaps. */
  let measuredTo = 0;
  let measuring = true;
  /** Messages in the recogniser's order, held from the first final the engine has not measured yet. */
  const held: StreamServerMessage[] = [];

  const voiced = ({ speaker: _, ...final }: Final): Final => {
    const best = measured.reduce<Voice | undefined>((found, v) => (overlap(v, final) > (found ? overlap(found, final) : 0) ? v : found), undefined);
    return best?.embedding ? { ...final, embedding: best.embedding } : final;
  };
  const release = () => {
    while (held.length) {
      const next = held[0]!;
      if (measuring && ((next.type === 'final' && next.end > measuredTo) || next.type === 'closed')) return;
      held.shift();
      const out = next.type === 'final' ? voiced(next) : next;
      for (const listener of listeners) listener(out);
    }
  };
  live.onMessage((m) => {
    held.push(m);
    release();
  });
  const measuredAll = () => {
    measuring = false;
    release();
  };
  voices.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const msg = JSON.parse(event.data) as StreamServerMessage;
    if (msg.type === 'utterance') measured.push(msg);
    else if (msg.type === 'heard') measuredTo = Math.max(measuredTo, msg.end);
    else if (msg.type === 'closed' || msg.type === 'error') return measuredAll();
    release();
  });
  voices.addEventListener('close', measuredAll);
  return {
    send(pcm) {
      live.send(pcm);
      voices.send(pcm);
    },
    end() {
      live.end();
      voices.send(JSON.stringify({ type: 'end' }));
    },
    close() {
      live.close();
      voices.close(1000);
    },
    onMessage: (l) => void listeners.push(l),
  };
}
