import { describe, expect, it } from 'vitest';
import { assignSpeaker, emptySpeakers, type SpeakerTrackerState } from '../../worker/lib/speaker-tracker';

// Embeddings the engine sent with live finals of the espeak-ng meeting (tests/fixtures/meeting.ts), rounded:
// two turns of the low male voice, two of the high female voice, and a one-word "okay" (1 s) by the latter.
const low1 = [-4.8, -7, 15.1, -16.7, -17.8, 3.5, -12.1, 5.3, -2.3, 3.9, -1.1, -0.4, 25.7, 15, 20.2, 16.8, 9.8, 19.1, 10, 11.3, 6.6, 5.7, 5.4, 5.6];
const high1 = [-28.6, -2.4, 2.3, -20.9, -6.3, -15.5, -2.1, -4.3, -2.9, -4.1, -2.5, -0.4, 18.9, 15.3, 14.4, 10.9, 10.9, 9, 7.8, 7.6, 5.1, 6.6, 5.4, 4.1];
const low2 = [-10.8, -6.9, 9, -14, -11.8, 2.8, -10.4, 4.2, -2.1, 3.5, -2.4, -0.3, 31.8, 15.2, 18.8, 14.3, 13.2, 16.1, 11.3, 10.4, 6.2, 6.4, 7, 5.7];
const high2 = [-27.5, -5.8, -6.2, -18.1, 0.8, -11.7, -2.8, -1.8, -2.9, -5.3, -2.7, 0.6, 23, 12, 12.9, 12.2, 13.3, 8.2, 8.8, 5.4, 5.2, 7.2, 5.4, 5];
const highOkay = [-27.2, 6.9, 10.7, -29.1, -11.3, -8.3, 2.6, -9.2, 2.9, -1, -2, -2.4, 12.4, 11.1, 15, 16.2, 9.4, 5.1, 8.5, 5.4, 5.4, 4, 4, 3.9];

/** Labels for utterances in order, each with its length in seconds. */
function labelAll(utterances: [number[], number][], opts: { maxSpeakers?: number; store?: (s: SpeakerTrackerState) => SpeakerTrackerState } = {}) {
  let state = emptySpeakers;
  const labels = utterances.map(([embedding, seconds]) => {
    const r = assignSpeaker(state, embedding, { seconds, ...(opts.maxSpeakers ? { maxSpeakers: opts.maxSpeakers } : {}) });
    state = opts.store ? opts.store(r.state) : r.state;
    return r.label;
  });
  return { labels, state };
}

const meeting: [number[], number][] = [
  [low1, 3],
  [high1, 3],
  [low2, 3],
  [high2, 3],
];

describe('live speaker tracker', () => {
  it('opens a speaker for a voice far from everyone heard, and gives a voice heard before its label again', () => {
    const { labels, state } = labelAll(meeting);
    expect(labels).toEqual(['1', '2', '1', '2']);
    expect(state.centroids.map((c) => [c.label, c.count])).toEqual([
      ['1', 2],
      ['2', 2],
    ]);
    // Each speaker's running sum holds exactly its own utterances.
    expect(state.centroids[0]!.sum).toEqual(low1.map((v, i) => v + low2[i]!));
  });

  it('never opens more speakers than maxSpeakers: a far voice then joins the nearest one', () => {
    const { labels, state } = labelAll(meeting, { maxSpeakers: 1 });
    expect(labels).toEqual(['1', '1', '1', '1']);
    expect(state.centroids).toHaveLength(1);
    expect(state.centroids[0]!.count).toBe(4);
    expect(labelAll(meeting, { maxSpeakers: 2 }).labels).toEqual(['1', '2', '1', '2']);
  });

  it('gives a short utterance the nearest label without moving that speaker, and "1" before anyone', () => {
    const first = assignSpeaker(emptySpeakers, highOkay, { seconds: 1 });
    expect(first.label).toBe('1');
    expect(first.state.centroids).toEqual([]);
    const { state } = labelAll(meeting);
    const before = JSON.stringify(state);
    const okay = assignSpeaker(state, highOkay, { seconds: 1 });
    expect(okay.label).toBe('2');
    expect(JSON.stringify(okay.state)).toBe(before);
    // The same embedding from a long utterance is far enough from both speakers to open a third.
    expect(assignSpeaker(state, highOkay, { seconds: 3 }).label).toBe('3');
  });

  it('does not change the state it is given', () => {
    const { state } = labelAll(meeting.slice(0, 1));
    const before = structuredClone(state);
    const joined = assignSpeaker(state, low2, { seconds: 3 });
    const opened = assignSpeaker(state, high1, { seconds: 3 });
    expect(state).toEqual(before);
    expect(joined.state.centroids[0]!.count).toBe(2);
    expect(opened.state.centroids).toHaveLength(2);
    expect(emptySpeakers).toEqual({ centroids: [] });
  });

  it('labels the same after its state goes through JSON, as Durable Object storage keeps it', () => {
    const live = labelAll(meeting);
    const stored = labelAll(meeting, { store: (s) => JSON.parse(JSON.stringify(s)) as SpeakerTrackerState });
    expect(stored.labels).toEqual(live.labels);
    expect(stored.state).toEqual(live.state);
  });

  it('refuses an embedding of another length than the speakers it tracks', () => {
    const { state } = labelAll(meeting.slice(0, 1));
    expect(() => assignSpeaker(state, low2.slice(0, 12))).toThrow(RangeError);
  });
});
