import { beforeAll, describe, expect, it } from 'vitest';
import type { StreamServerMessage } from '../../contracts/engine';
import { assignSpeaker, emptySpeakers } from '../../worker/lib/speaker-tracker';
import { makeMeeting } from '../fixtures/meeting';
import { MEETING_SPEAKERS } from '../fixtures/meeting-script';
import { auth, file, openStream, streamPcm, useEngine } from './helpers';

type Final = Extract<StreamServerMessage, { type: 'final' }>;

const ctx = useEngine();

const open = (query: string) => openStream(ctx.engine.url, query);

const streamFinals = async (pcm: Buffer, query: string): Promise<Final[]> =>
  (await streamPcm(ctx.engine.url, pcm, query)).filter((m): m is Final => m.type === 'final');

/** Share of utterances labelled right under the best one-to-one renaming of the labels. */
function agreement(truth: string[], labels: string[]): number {
  const names = [...new Set(truth)];
  const mappings = (ls: string[], free: string[]): Map<string, string>[] =>
    ls.length === 0
      ? [new Map()]
      : free.flatMap((t) =>
          mappings(
            ls.slice(1),
            free.filter((f) => f !== t),
          ).map((m) => new Map(m).set(ls[0]!, t)),
        );
  const best = Math.max(...mappings([...new Set(labels)], names).map((m) => labels.filter((l, i) => m.get(l) === truth[i]).length));
  return best / truth.length;
}

describe('speaker embeddings on live finals', () => {
  let pcm: Buffer;
  let spans: { start: number; end: number }[];

  beforeAll(() => {
    const meeting = makeMeeting(ctx.tmp.dir);
    pcm = file(meeting.path).subarray(44);
    spans = meeting.spans;
  });

  it('labels the two voices of the meeting live from the embeddings on each final', async () => {
    const finals = await streamFinals(pcm, 'language=en-US&embeddings=true');
    expect(finals.length).toBeGreaterThanOrEqual(MEETING_SPEAKERS.length);
    expect(finals.every((f) => f.embedding?.length === 24 && f.speaker === undefined)).toBe(true);

    // Who really spoke: the turn the final overlaps most.
    const truth = finals.map((f) => {
      const overlap = spans.map((s) => Math.min(s.end, f.end) - Math.max(s.start, f.start));
      return MEETING_SPEAKERS[overlap.indexOf(Math.max(...overlap))]!;
    });
    let state = emptySpeakers;
    const labels = finals.map((f) => {
      const r = assignSpeaker(state, f.embedding!, { seconds: f.end - f.start });
      state = r.state;
      return r.label;
    });
    const share = agreement(truth, labels);
    console.log(`[stream speakers] truth ${truth.join('')} live ${labels.join('')}: ${(share * 100).toFixed(0)} % agreement`);
    expect(new Set(labels).size).toBe(2);
    expect(share).toBeGreaterThanOrEqual(0.8);

    // The same kind of embedding as file transcription returns: the file clusterer separates them too.
    const res = await fetch(`${ctx.engine.url}/v1/diarize/cluster`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ embeddings: finals.map((f) => f.embedding) }),
    });
    const clustered = (await res.json()) as { speakers: number; labels: string[] };
    expect(clustered.speakers).toBe(2);
    expect(agreement(truth, clustered.labels)).toBeGreaterThanOrEqual(0.8);
  });

  it('leaves embeddings out unless asked, reading "false" as false', async () => {
    const firstTwoTurns = pcm.subarray(0, Math.round(spans[2]!.start * 16_000) * 2);
    const finals = await streamFinals(firstTwoTurns, 'language=en-US&embeddings=false');
    expect(finals.length).toBeGreaterThanOrEqual(2);
    expect(finals.every((f) => f.text && !('embedding' in f))).toBe(true);
  });

  it('refuses a flag it cannot read before upgrading', async () => {
    const ws = open('language=en-US&embeddings=yes');
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(400);
  });
});
