/**
 * For the tests that a CPU-heavy step keeps off the engine's event loop: a live meeting streams three LibriVox
 * clips (about 20 s of speech) at real-time pace while the step runs, and counts the partials that arrive
 * between asking for the step and its answer. On the event loop the step would hold every partial back.
 */
import { join } from 'node:path';
import WebSocket from 'ws';
import { ENGINE_PATHS, type StreamServerMessage } from '../../contracts/engine';
import { LIBRIVOX, SECRET, file, librivoxReference } from './helpers';

export async function partialsWhile<T>(engineUrl: string, step: () => Promise<T>): Promise<{ result: T; partials: number }> {
  const pcm = Buffer.concat(
    librivoxReference()
      .slice(0, 3)
      .map((r) => file(join(LIBRIVOX, `${r.id}.wav`)).subarray(44)),
  );
  const ws = new WebSocket(`${engineUrl.replace('http', 'ws')}${ENGINE_PATHS.stream}?language=en-US`, {
    headers: { authorization: `Bearer ${SECRET}` },
  });
  const events: string[] = [];
  let firstPartial: () => void = () => {};
  const partialSeen = new Promise<void>((resolve) => (firstPartial = resolve));
  const closed = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as StreamServerMessage;
      if (msg.type === 'partial') {
        events.push('partial');
        firstPartial();
      }
      if (msg.type === 'closed') resolve();
    });
    ws.on('error', reject);
  });
  await new Promise((resolve) => ws.on('open', resolve));
  const sending = (async () => {
    for (let off = 0; off < pcm.length && ws.readyState === WebSocket.OPEN; off += 3200) {
      ws.send(pcm.subarray(off, Math.min(pcm.length, off + 3200)));
      await new Promise((r) => setTimeout(r, 100));
    }
    ws.send(JSON.stringify({ type: 'end' }));
  })();

  await partialSeen;
  events.push('asked');
  const result = await step();
  events.push('answered');
  await sending;
  await closed;
  const pending = events.slice(events.indexOf('asked'), events.indexOf('answered'));
  return { result, partials: pending.filter((e) => e === 'partial').length };
}
