import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import type { DubSpeaker } from '../../contracts/dubbing';
import type { RecordDetail } from '../../contracts/records';
import { get, send, signUp } from './api';
import { addLines, createRecord, defaultFolderId } from './seed';

/**
 * Speaker names are stored once per record (line_speakers) and lines name them by number: renaming a speaker in
 * the dubbing editor renames every one of their lines, naming them as another speaker joins the two, and the
 * record's lines read back with their names either way.
 */
let token: string;
let id: number;

const speakers = async () => (await get<DubSpeaker[]>(`${API_BASE}${API.dubbing.getSpeakerList}?id=${id}`, token)).body.data.map((s) => [s.speaker, s.lines]);
const lineSpeakers = async () => (await get<RecordDetail>(`${API_BASE}${API.records.getTrans}?id=${id}`, token)).body.data.lines.map((l) => l.speaker);
const storedNames = async () =>
  (await env.DB.prepare('SELECT name FROM line_speakers WHERE record_id = ? ORDER BY no').bind(id).all<{ name: string }>()).results.map((r) => r.name);

beforeAll(async () => {
  const user = await signUp();
  token = user.token;
  const record = await createRecord(user.userId, await defaultFolderId(token), { type: 'dubbing', status: 'dub_complete' });
  id = record.id;
  await env.DB.prepare("INSERT INTO dub_projects (record_id, user_id, form, stage, updated_at) VALUES (?, ?, '{}', 'done', 0)").bind(id, user.userId).run();
  await addLines(id, [
    { start: 0, end: 900, text: 'one', speaker: 'Speaker 1' },
    { start: 1000, end: 1900, text: 'two', speaker: 'Speaker 2' },
    { start: 2000, end: 2900, text: 'three', speaker: 'Speaker 1' },
    { start: 3000, end: 3900, text: 'four' },
  ]);
});

describe('speaker names stored once per record', () => {
  it('reads every line back with its speaker, each name stored once', async () => {
    expect(await lineSpeakers()).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1', '']);
    expect(await storedNames()).toEqual(['Speaker 1', 'Speaker 2']);
  });

  it('renames a speaker on all of their lines', async () => {
    const renamed = await send(`${API_BASE}${API.dubbing.editSpeaker}`, { id, speaker: 'Speaker 1', name: 'Ann' }, { token });
    expect(renamed.body.code).toBe(200);
    expect(await lineSpeakers()).toEqual(['Ann', 'Speaker 2', 'Ann', '']);
    expect(await storedNames()).toEqual(['Ann', 'Speaker 2']);
  });

  it("joins a speaker to another when given the other's name", async () => {
    await send(`${API_BASE}${API.dubbing.editSpeaker}`, { id, speaker: 'Speaker 2', name: 'Ann' }, { token });
    expect(await lineSpeakers()).toEqual(['Ann', 'Ann', 'Ann', '']);
    expect(await speakers()).toEqual([
      ['Ann', 3],
      ['', 1],
    ]);
    expect(await storedNames()).toEqual(['Ann']);
  });
});
