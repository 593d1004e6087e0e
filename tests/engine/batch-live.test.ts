/**
 * Live recognition with a batch recogniser (contracts/batch-live.ts), with a recogniser the test answers by
 * hand: finals come in the order spoken and before any partial while one waits, and the progress the meeting's
 * lag gauge reads holds at the oldest utterance still waiting, so a slow recogniser shows as delayed subtitles.
 */
import { describe, expect, it } from 'vitest';
import { BatchLive } from '../../contracts/batch-live';
import type { StreamServerMessage } from '../../contracts/engine';

const RATE = 16_000;

/** A recogniser whose every request waits until the test answers it, with the clip's length in seconds. */
function handRecogniser() {
  const asked: { seconds: number; offset: number; answer: (text: string) => void; refuse: (err: Error) => void }[] = [];
  const recognise = (pcm: Int16Array, offset: number) =>
    new Promise<{ text: string }>((resolve, reject) => {
      asked.push({ seconds: pcm.length / RATE, offset, answer: (text) => resolve({ text }), refuse: reject });
    });
  return { asked, recognise };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function session() {
  const hand = handRecogniser();
  const out: StreamServerMessage[] = [];
  const live = new BatchLive(hand.recognise, (m) => out.push(m));
  // Ten seconds of stream audio.
  live.audio(new Int16Array(10 * RATE).fill(1000));
  return { hand, out, live };
}

describe('live recognition with a batch recogniser', () => {
  it('re-hears the growing utterance for a partial, one request at a time, and drops a partial of an utterance already ended', async () => {
    const { hand, out, live } = session();
    live.cut({ type: 'speech', utterance: 1, start: 0.5, end: 1.5 });
    // A second announcement while the first partial is on its way asks nothing more.
    live.cut({ type: 'speech', utterance: 1, start: 0.5, end: 2.5 });
    expect(hand.asked.map((a) => a.seconds)).toEqual([1]);
    hand.asked[0]!.answer('大家');
    await settle();
    expect(out).toEqual([{ type: 'partial', utterance: 1, text: '大家', start: 0.5, end: 1.5 }]);
    live.cut({ type: 'speech', utterance: 1, start: 0.5, end: 3.5 });
    live.cut({ type: 'utterance', utterance: 1, start: 0.5, end: 4, embedding: [1, 2] });
    await settle();
    expect(hand.asked.map((a) => a.seconds)).toEqual([1, 3, 3.5]);
    hand.asked[1]!.answer('大家好欢迎');
    hand.asked[2]!.answer('大家好，欢迎参加。');
    await live.finish();
    // The partial came back after its utterance ended: stale, not shown.
    expect(out.slice(1)).toEqual([{ type: 'final', utterance: 1, start: 0.5, end: 4, text: '大家好，欢迎参加。', embedding: [1, 2] }]);
  });

  it('asks for no partial while a final waits, and holds progress at the oldest utterance still waiting', async () => {
    const { hand, out, live } = session();
    live.cut({ type: 'utterance', utterance: 1, start: 0, end: 2 });
    live.cut({ type: 'utterance', utterance: 2, start: 3, end: 5 });
    live.cut({ type: 'heard', end: 6 });
    live.cut({ type: 'speech', utterance: 3, start: 5.5, end: 6.5 });
    await settle();
    // Only the first final is being recognised; no partial of utterance 3 is asked for.
    expect(hand.asked).toHaveLength(1);
    expect(out.filter((m) => m.type === 'heard')).toEqual([]);
    hand.asked[0]!.answer('第一句');
    await settle();
    expect(out).toEqual([
      { type: 'final', utterance: 1, start: 0, end: 2, text: '第一句' },
      { type: 'heard', end: 3 },
    ]);
    hand.asked[1]!.answer('第二句');
    await live.finish();
    expect(out.slice(2)).toEqual([
      { type: 'final', utterance: 2, start: 3, end: 5, text: '第二句' },
      { type: 'heard', end: 6 },
    ]);
  });

  it('reports a final the recogniser keeps refusing, and asks nothing more after it', async () => {
    const { hand, out, live } = session();
    live.cut({ type: 'utterance', utterance: 1, start: 0, end: 2 });
    live.cut({ type: 'utterance', utterance: 2, start: 3, end: 5 });
    // The first refusal and the retries after it (a passing rate limit would have let one through).
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => hand.asked.length, { timeout: 10_000 }).toBe(i + 1);
      hand.asked[i]!.refuse(new Error('429 rate limited'));
    }
    await live.finish();
    expect(out.filter((m) => m.type !== 'heard')).toEqual([{ type: 'error', code: 'upstream', message: '429 rate limited' }]);
    expect(hand.asked).toHaveLength(3);
  });
});
