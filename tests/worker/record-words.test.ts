import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { RecordWords } from '../../contracts/record-words';
import { get, send, signUp } from './api';
import { transcribe } from './jobs';

/**
 * Word timings of a transcribed file: kept in R2 beside the record at assembly (not in D1), served to the
 * record's owner only, each line's words inside the line and spelling its text, and gone with the record.
 */

const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const base = '/prod-api/speech/audio/transcribe';

describe('word timings', () => {
  it('serves the words of each line to the owner, to no one else, and deletes them with the record', { timeout: 180_000 }, async () => {
    const { token, userId } = await signUp();
    const { id, detail } = await transcribe(token, userId, 'Sense and Sensibility.wav', decode(inject('librivoxWav')));
    expect(detail.lines.length).toBeGreaterThan(0);

    const res = await get<RecordWords>(`${base}/words?id=${id}`, token);
    expect(res.status).toBe(200);
    const { lines } = res.body.data;
    expect(lines.length).toBe(detail.lines.length);
    for (const entry of lines) {
      const line = detail.lines[entry.seq]!;
      expect(entry.text).toBe(line.text);
      expect(entry.words.map((w) => w.word).join(' ')).toBe(line.text);
      for (const [i, word] of entry.words.entries()) {
        expect(word.end).toBeGreaterThanOrEqual(word.start);
        expect(word.start).toBeGreaterThanOrEqual(line.start - 1);
        expect(word.end).toBeLessThanOrEqual(line.end + 1);
        if (i > 0) expect(word.start).toBeGreaterThanOrEqual(entry.words[i - 1]!.start);
      }
    }
    // D1 holds lines only; the words are one object in R2.
    expect(await env.MEDIA.head(`records/${id}/words.json`)).not.toBeNull();

    const stranger = await signUp();
    const refused = await get(`${base}/words?id=${id}`, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body.data).toBeFalsy();

    const removed = await send(`${base}/remove`, { ids: [id] }, { token });
    expect(removed.body.code).toBe(200);
    expect(await env.MEDIA.head(`records/${id}/words.json`)).toBeNull();
  });
});
