import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Code, type Envelope } from '../../contracts/errors';
import type { ShareStatus } from '../../contracts/records';
import { playerAudioKey } from '../../worker/services/transcription/audio';
import { send, signUp } from './api';
import { createRecord, defaultFolderId } from './seed';

/**
 * The share page's player: whoever holds a live share link streams the record's audio, seeking by byte range,
 * with nobody signed in; a closed, expired or made-up link streams nothing.
 */

const base = '/prod-api/speech/audio/transcribe';

function fetchMedia(token: string, range?: string) {
  const headers = range ? { range } : undefined;
  return exports.default.fetch(new Request(`http://tingyi.test${base}/shareMedia?token=${encodeURIComponent(token)}`, { headers }));
}

/** A record whose player audio is `bytes`, shared by its owner. */
async function sharedAudio(owner: Awaited<ReturnType<typeof signUp>>, bytes: Uint8Array) {
  const record = await createRecord(owner.userId, await defaultFolderId(owner.token), { name: 'Weekly call' });
  await env.MEDIA.put(playerAudioKey(record.id), bytes, { httpMetadata: { contentType: 'audio/mp4' } });
  const share = await send<ShareStatus>(`${base}/share`, { id: record.id, enabled: true, allowCopy: false }, { token: owner.token });
  return { record, token: share.body.data.token! };
}

const audio = (fill: number) => new Uint8Array(1000).map((_, i) => (i * 7 + fill) % 256);

describe('a shared record’s audio', () => {
  it('streams the whole file and any byte range of it to a link holder, as audio the browser can seek in', async () => {
    const owner = await signUp();
    const bytes = audio(1);
    const { token } = await sharedAudio(owner, bytes);
    // The owner's other record: its audio never comes through this link.
    await sharedAudio(owner, audio(2));

    const whole = await fetchMedia(token);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

    const part = await fetchMedia(token, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const tail = await fetchMedia(token, 'bytes=900-');
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(900));
  });

  it('refuses with the share-gone envelope once the link is revoked or expired, and for a link never made', async () => {
    const owner = await signUp();
    const revoked = await sharedAudio(owner, audio(3));
    await send(`${base}/share`, { id: revoked.record.id, enabled: false }, { token: owner.token });
    const expired = await sharedAudio(owner, audio(4));
    await env.DB.prepare('UPDATE records SET share_expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1000, expired.record.id)
      .run();

    for (const token of [revoked.token, expired.token, 'not-a-link']) {
      const refused = await fetchMedia(token, 'bytes=0-99');
      expect(refused.status).toBe(410);
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(((await refused.json()) as Envelope).code).toBe(Code.GONE);
    }
  });
});
