import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import { Code } from '../../contracts/errors';
import { type Voiceprint, voiceprintOf } from '../../contracts/voiceprints';
import type { VoiceProfile } from '../../contracts/voices';
import { nameSpeakers } from '../../worker/services/voices';
import { call, get, send, signUp } from './api';
import { addLines, createRecord, db, defaultFolderId } from './seed';

/**
 * Voice profiles: a record's speaker saved under a name from what transcription measured of their voice, the
 * user's later records naming that voice, and a profile that only its owner ever sees or uses.
 */
const url = (path: string) => `${API_BASE}${path}`;
const item = (id: number) => url(apiPath(API.voices.item, { id }));

/** Two voices as the engine's embeddings would hold them: far apart, as two people are. */
const ANN_HEARD = { embedding: Array.from({ length: 24 }, (_, i) => (i % 2 ? 4 : -3)), pitch: 210, seconds: 30 };
const BEN_HEARD = { embedding: Array.from({ length: 24 }, (_, i) => (i % 3 ? -6 : 8)), pitch: 105, seconds: 25 };
/** Their voiceprints as transcription stores them with the record's speakers. */
const ANN = voiceprintOf([ANN_HEARD])!;
const BEN = voiceprintOf([BEN_HEARD])!;
/** Ann heard again in another record: the same voice, measured a little differently. */
const annAgain = ANN_HEARD.embedding.map((x, i) => x + (i % 4 === 0 ? 0.8 : -0.5));

let owner: { token: string; userId: number };
let other: { token: string; userId: number };
let recordId: number;

const storePrint = (name: string, print: Voiceprint) =>
  env.DB.prepare('UPDATE line_speakers SET voiceprint = ? WHERE record_id = ? AND name = ?').bind(JSON.stringify(print), recordId, name).run();
const list = async (token: string) => (await get<VoiceProfile[]>(url(API.voices.list), token)).body.data;
/** How a later transcription of `userId` names two speakers: one with Ann's voice, one with a voice never saved. */
const laterRecord = (userId: number) =>
  nameSpeakers(
    db,
    userId,
    [
      { start: 0, end: 4, embedding: annAgain, pitch: 205 },
      { start: 5, end: 9, embedding: BEN_HEARD.embedding, pitch: 105 },
      { start: 10, end: 14, embedding: annAgain, pitch: 215 },
    ],
    ['1', '2', '1'],
    (n) => `Speaker ${n}`,
  );

beforeAll(async () => {
  owner = await signUp();
  other = await signUp();
  const record = await createRecord(owner.userId, await defaultFolderId(owner.token));
  recordId = record.id;
  await addLines(recordId, [
    { start: 0, end: 4000, text: 'Good morning everyone.', speaker: 'Speaker 1' },
    { start: 5000, end: 9000, text: 'Morning.', speaker: 'Speaker 2' },
    { start: 10_000, end: 14_000, text: 'Let us begin.', speaker: 'Speaker 1' },
  ]);
  await storePrint('Speaker 1', ANN);
  await storePrint('Speaker 2', BEN);
});

describe('voice profiles', () => {
  it('leaves every speaker of a later record unnamed while no voice is saved', async () => {
    expect((await laterRecord(owner.userId)).names).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
  });

  it('refuses to save a voice unless the user confirms that the person agreed, in their language', async () => {
    const body = JSON.stringify({ recordId, speaker: 'Speaker 1', name: 'Ann' });
    const ask = (language: string) =>
      call(url(API.voices.list), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}`, 'accept-language': language },
        body,
      });
    const [en, zh] = [await ask('en-US'), await ask('zh-CN')];
    expect([en.status, zh.status]).toEqual([400, 400]);
    expect(en.body.msg).toContain('agreed');
    expect(zh.body.msg).toContain('同意');
    expect(await list(owner.token)).toEqual([]);
  });

  it('saves a speaker renamed on the record page, and a later record names that voice', async () => {
    // The record page renames by saving the whole transcript with the new name.
    const edited = await send(
      url(API.transcription.editDetails),
      {
        id: recordId,
        lines: [
          { start: 0, end: 4000, text: 'Good morning everyone.', speaker: 'Ann' },
          { start: 5000, end: 9000, text: 'Morning.', speaker: 'Speaker 2' },
          { start: 10_000, end: 14_000, text: 'Let us begin.', speaker: 'Ann' },
        ],
      },
      { token: owner.token },
    );
    expect(edited.body.code).toBe(Code.OK);
    const saved = await send<{ id: number; name: string }>(
      url(API.voices.list),
      { recordId, speaker: 'Ann', name: 'Ann', consent: true },
      { token: owner.token },
    );
    expect(saved.body.code).toBe(Code.OK);
    expect(saved.body.data.name).toBe('Ann');
    const [profile] = await list(owner.token);
    expect(profile?.name).toBe('Ann');
    // The agreement is kept with the voice, with its time.
    expect(profile?.consentedAt).toBeGreaterThanOrEqual(profile!.createdAt);

    const later = await laterRecord(owner.userId);
    expect(later.names).toEqual(['Ann', 'Speaker 2', 'Ann']);
    // The later record keeps what it measured, so its own speakers can be saved too.
    expect([...later.voiceprints.keys()].sort()).toEqual(['Ann', 'Speaker 2']);
  });

  it("does not name a line whose own voice is not the profile's, even when the clusterer put it with that speaker", async () => {
    // Carol was never saved; her line was clustered into Ann's speaker (a voice near hers often is).
    const carol = ANN_HEARD.embedding.map((x, i) => x + (i % 2 ? -2 : 2));
    const named = await nameSpeakers(
      db,
      owner.userId,
      [
        { start: 0, end: 4, embedding: annAgain, pitch: 205 },
        { start: 5, end: 9, embedding: carol, pitch: 260 },
        { start: 10, end: 14, embedding: annAgain, pitch: 215 },
      ],
      ['1', '1', '1'],
      (n) => `Speaker ${n}`,
    );
    expect(named.names).toEqual(['Ann', 'Speaker 1', 'Ann']);
    expect([...named.voiceprints.keys()].sort()).toEqual(['Ann', 'Speaker 1']);
  });

  it("never shows, uses or changes a profile for another user, nor saves from another user's record", async () => {
    const [ann] = await list(owner.token);
    expect(await list(other.token)).toEqual([]);
    expect((await laterRecord(other.userId)).names).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
    const refused = [
      await call(item(ann!.id), { method: 'DELETE', headers: { authorization: `Bearer ${other.token}` } }),
      await send(item(ann!.id), { name: 'Mine' }, { token: other.token, method: 'PATCH' }),
      await send(url(API.voices.merge), { from: ann!.id, into: ann!.id + 1 }, { token: other.token }),
      await send(url(API.voices.list), { recordId, speaker: 'Speaker 2', name: 'Ben', consent: true }, { token: other.token }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect((await list(owner.token)).map((v) => v.name)).toEqual(['Ann']);
  });

  it('refuses to save a speaker whose voice the record did not measure', async () => {
    const res = await send(url(API.voices.list), { recordId, speaker: 'Nobody', name: 'Nobody', consent: true }, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Nobody');
  });

  it('renames and merges profiles, and stops naming voices when turned off', async () => {
    const ben = await send<{ id: number }>(url(API.voices.list), { recordId, speaker: 'Speaker 2', name: 'Ben', consent: true }, { token: owner.token });
    const [ann] = (await list(owner.token)).filter((v) => v.name === 'Ann');
    expect((await send(item(ben.body.data.id), { name: 'Ann' }, { token: owner.token, method: 'PATCH' })).status).toBe(409);
    const renamed = await send<VoiceProfile>(item(ben.body.data.id), { name: 'Benjamin' }, { token: owner.token, method: 'PATCH' });
    expect(renamed.body.data.name).toBe('Benjamin');
    expect((await laterRecord(owner.userId)).names).toEqual(['Ann', 'Benjamin', 'Ann']);

    const off = await send(url(API.voices.settings), { identify: false }, { token: owner.token, method: 'PUT' });
    expect(off.body.data).toEqual({ identify: false });
    expect((await get<{ identify: boolean }>(url(API.voices.settings), owner.token)).body.data).toEqual({ identify: false });
    expect((await laterRecord(owner.userId)).names).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
    await send(url(API.voices.settings), { identify: true }, { token: owner.token, method: 'PUT' });

    const merged = await send<VoiceProfile>(url(API.voices.merge), { from: ben.body.data.id, into: ann!.id }, { token: owner.token });
    expect(merged.body.data.name).toBe('Ann');
    expect(merged.body.data.seconds).toBe(ANN.seconds + BEN.seconds);
    expect((await list(owner.token)).map((v) => v.name)).toEqual(['Ann']);
  });

  it('deletes a profile with its voiceprint everywhere: later records no longer name the voice', async () => {
    const [ann] = await list(owner.token);
    const res = await call(item(ann!.id), { method: 'DELETE', headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.body.code).toBe(Code.OK);
    expect(await list(owner.token)).toEqual([]);
    expect((await laterRecord(owner.userId)).names).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
    const kept = await env.DB.prepare("SELECT voiceprint FROM line_speakers WHERE record_id = ? AND name = 'Ann'")
      .bind(recordId)
      .first<{ voiceprint: string | null }>();
    expect(kept?.voiceprint).toBeNull();
  });
});
