import { env, exports } from 'cloudflare:workers';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DubIteration, DubLineRow, DubProject, DubSpeaker, FileUploadResult } from '../../contracts/dubbing';
import type { Voice } from '../../contracts/dubbing-engine';
import { Code } from '../../contracts/errors';
import type { JobProgress } from '../../contracts/job-progress';
import type { JobMessage } from '../../contracts/jobs';
import type { Page } from '../../contracts/records';
import type { TranswriteResult } from '../../contracts/transcription';
import { runJob } from '../../queues/jobs';
import { database } from '../../worker/db/client';
import { dubbedKey } from '../../worker/services/dubbing/storage';
import { JobWaiting } from '../../worker/services/jobs';
import { checkpointKey } from '../../worker/services/storage';
import { audioKey, playerAudioKey } from '../../worker/services/transcription/audio';
import { call, get, send, signUp } from './api';
import { dubLines, grantDubbing, project, remaining, uploadVideo, waitForDub } from './dub-jobs';
import { download } from './seed';

/**
 * AI dubbing inside the real Worker with the real engine: an mp4 uploaded as the dubbing dialog does is
 * recognised, translated, spoken in two voices, fitted and rendered through the real jobs queue; then
 * edited, re-dubbed for half the price, versioned and downloaded. An SRT replaces recognition. Every call
 * is the owner's.
 */

const base = '/prod-api/speech/video/transcribe';
const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const video = decode(inject('meetingMp4'));
const uploadMeeting = (token: string, name = 'meeting.mp4') => uploadVideo(token, name, video);

/** A presigned URL the app handed out, fetched as the browser would. */
const fetchUrl = async (url: string) => new Uint8Array(await (await exports.default.fetch(new Request(url))).arrayBuffer());
const isMp4 = (bytes: Uint8Array) => strFromU8(bytes.subarray(4, 8)) === 'ftyp';

/** A bilingual SRT of two lines over the test meeting's first seconds. */
const srt = '1\n00:00:00,500 --> 00:00:03,000\nGood morning everyone.\nBuenos días a todos.\n\n2\n00:00:04,000 --> 00:00:07,500\nLet us begin.\nEmpecemos.\n';

/** Stores `srt` as the subtitle upload does, for a dubbing submission to name. */
async function storeSrt(token: string) {
  const form = new FormData();
  form.set('file', new File([srt], 'lines.srt'));
  return (await call<FileUploadResult>('/prod-api/file/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).body.data;
}

/** Submits an uploaded video to be dubbed (into Spanish) from a stored SRT instead of recognising it. */
const submitSrt = (token: string, fileId: number, srtUrl: string) =>
  send<TranswriteResult>(
    `${base}/transwrite`,
    { ids: [fileId], srtUrl, srtFileType: '3', audioLanguage: 'en-US', translationLanguage: 'es-ES', maxSpeakers: 1 },
    { token },
  );

describe('dubbing an uploaded video', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let id: number;
  let dubbed: DubProject;
  /** The progress the editor read while the project was dubbed. */
  const shown: JobProgress[] = [];

  beforeAll(async () => {
    owner = await signUp();
    await grantDubbing(owner.userId, 3600);
    const file = await uploadMeeting(owner.token);
    expect(file.state).toBe('uploaded');
    expect(file.duration).toBeGreaterThan(20);
    const cost = await send(
      `/prod-api/expense/cost/dubbingAccountCostBefore`,
      { rightsType: '7', sourceType: '5', duration: file.duration },
      { token: owner.token },
    );
    expect(cost.body.code).toBe(200);
    const submit = await send<TranswriteResult>(
      `${base}/transwrite`,
      // The speaker count is left at its default of 10: an upper bound, so the two voices are found as two.
      { ids: [file.id], audioLanguage: 'en-US', translationLanguage: 'es-ES', exportSubtitleInVideo: true, subtitleFontSize: 'auto' },
      { token: owner.token },
    );
    expect(submit.body.code).toBe(200);
    id = submit.body.data.ids[0]!;
    dubbed = await waitForDub(owner.token, id, undefined, (p) => {
      if (p.record.progress) shown.push(p.record.progress);
    });
  }, 200_000);

  it('recognises, translates into Spanish and renders a playable dubbed mp4, charged once from the voiceover package', async () => {
    expect(dubbed.record.errorReason).toBeNull();
    expect(dubbed.record.status).toBe('dub_complete');
    expect(dubbed.stage).toBe('done');
    expect(dubbed.dubbedUrl).toBeTruthy();
    // Each stage was reported by name as the run went through it, and the bar never went back.
    const stages = [...new Set(shown.map((p) => p.stage))];
    expect(stages[0], stages.join(' → ')).toMatch(/preparing|recognising/);
    expect(stages, stages.join(' → ')).toContain('synthesizing');
    const percents = shown.flatMap((p) => (p.percent === null ? [] : [p.percent]));
    expect(percents, percents.join(' ')).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBeGreaterThanOrEqual(3);
    expect(dubbed.expiresAt! - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const mp4 = await fetchUrl(dubbed.dubbedUrl!);
    expect(isMp4(mp4)).toBe(true);
    expect(mp4.length).toBeGreaterThan(10_000);

    const rows = await dubLines(owner.token, id);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // Spanish, not the English source: Apertium translates "meeting"-script words into Spanish ones.
    expect(rows.every((r) => r.translation !== '' && r.translation !== r.text)).toBe(true);
    expect(rows.every((r) => r.fit !== null && !r.changed)).toBe(true);
    expect(rows.every((r) => r.tempo! <= 1.25)).toBe(true);

    const seconds = Math.round(dubbed.record.duration);
    expect(await remaining(owner.userId)).toBe(3600 - seconds);

    // The render's result is kept beside the video, so a render started again (its engine drained or was
    // evicted before the result was collected) answers it without rendering or charging twice.
    const kept = await env.MEDIA.get(checkpointKey(dubbedKey(id, 1)));
    expect(JSON.parse((await kept?.text()) ?? '{}')).toMatchObject({ id: expect.stringMatching(new RegExp(`^dub-${id}-v1-`)), outputBytes: mp4.length });

    // The editor plays the video: the project keeps no player audio, and no recogniser's WAV once its lines are
    // stored (a transcription record keeps its player audio: transcription.test.ts).
    expect(await env.MEDIA.head(playerAudioKey(id))).toBeNull();
    expect(await env.MEDIA.head(audioKey(id))).toBeNull();
    expect(await env.MEDIA.head(checkpointKey(audioKey(id)))).toBeNull();
  });

  it("dubs nothing again when transcription's hand-on is redelivered after the project was dubbed", async () => {
    const sent: JobMessage[] = [];
    for (const step of ['recognised', 'translated'] as const) {
      await runJob(database(env.DB), env, { kind: 'transcribed', recordId: id, step }, async (m) => void sent.push(...m));
    }
    expect(sent).toEqual([]);
    expect(await project(owner.token, id)).toMatchObject({ stage: 'done', record: { status: 'dub_complete' }, dubbedUrl: expect.any(String) });
    expect(await remaining(owner.userId)).toBe(3600 - Math.round(dubbed.record.duration));
  });

  it('gives the two speakers two different Spanish voices, and lets the owner choose another', async () => {
    const speakers = (await get<DubSpeaker[]>(`${base}/getSpeakerList?id=${id}`, owner.token)).body.data;
    expect(speakers).toHaveLength(2);
    expect(speakers[0]!.voice).not.toBe(speakers[1]!.voice);
    const voices = (await get<Voice[]>(`${base}/serviceNameList?language=es-ES`, owner.token)).body.data;
    expect(voices.length).toBeGreaterThanOrEqual(2);
    expect(voices.every((v) => v.language.startsWith('es'))).toBe(true);
    // Speakers are listed as they first speak: the meeting's low voice, then its high one. Their dubbing voices match.
    expect(speakers.map((s) => voices.find((v) => v.id === s.voice)!.gender)).toEqual(['male', 'female']);
    // No cloning provider here: the editor says both voices are matched to the speakers.
    expect(speakers.map((s) => s.mode)).toEqual(['matched', 'matched']);

    const other = voices.find((v) => v.id !== speakers[0]!.voice)!;
    const after = (await send<DubSpeaker[]>(`${base}/editSpeaker`, { id, speaker: speakers[0]!.speaker, voice: other.id }, { token: owner.token })).body.data;
    expect(after.find((s) => s.speaker === speakers[0]!.speaker)).toMatchObject({ voice: other.id, mode: 'chosen' });
    const wrong = await send(`${base}/editSpeaker`, { id, speaker: speakers[0]!.speaker, voice: 'espeak:not-a-voice' }, { token: owner.token });
    expect(wrong.body.code).toBe(Code.BAD_REQUEST);
    // Changing a voice changes that speaker's lines; putting it back leaves nothing changed.
    expect((await project(owner.token, id)).changedLines).toBe(speakers[0]!.lines);
    await send(`${base}/editSpeaker`, { id, speaker: speakers[0]!.speaker, voice: speakers[0]!.voice }, { token: owner.token });
    expect((await project(owner.token, id)).changedLines).toBe(0);
  });

  it('keeps spec §5 subtitle rules on edits, and re-dubs a changed line for half the length', async () => {
    const rows = await dubLines(owner.token, id);
    const [first, second] = rows as [DubLineRow, DubLineRow];
    const overlap = await send(`${base}/edits`, { id, lines: [{ id: first.id, end: second.start + 500 }] }, { token: owner.token });
    expect(overlap.body.code).toBe(Code.BAD_REQUEST);
    expect(overlap.body.msg).toMatch(/^Line 2 \(.*\) starts before line 1 ends/);
    const backwards = await send(`${base}/edits`, { id, lines: [{ id: first.id, start: 5000, end: 4000 }] }, { token: owner.token });
    expect(backwards.body.code).toBe(Code.BAD_REQUEST);
    // With nothing changed there is nothing to speak: refused, saying so, and nothing is charged.
    const unchanged = await remaining(owner.userId);
    const nothing = await send(`${base}/videoSynthesis`, { id }, { token: owner.token });
    expect(nothing.body).toMatchObject({
      code: Code.CONFLICT,
      msg: 'No line has changed since the last dubbing. Edit a line or a voice first.',
      data: { changedLines: 0 },
    });
    expect(await remaining(owner.userId)).toBe(unchanged);

    const edited = await send<DubProject>(`${base}/edits`, { id, lines: [{ id: first.id, translation: 'Hola a todos.' }] }, { token: owner.token });
    expect(edited.body.data.changedLines).toBe(1);
    expect((await dubLines(owner.token, id)).find((r) => r.id === first.id)).toMatchObject({ translation: 'Hola a todos.', changed: true });

    const before = await remaining(owner.userId);
    const redub = await send<DubProject>(`${base}/videoSynthesis`, { id }, { token: owner.token });
    expect(redub.body.code).toBe(200);
    expect(redub.body.data.record.status).toBe('dubbing');
    // The editor cannot change lines under a running dub.
    expect((await send(`${base}/edits`, { id, lines: [{ id: first.id, translation: 'Hola.' }] }, { token: owner.token })).body.code).toBe(Code.CONFLICT);
    const done = await waitForDub(owner.token, id);
    expect(done.record.status).toBe('dub_complete');
    expect(done.changedLines).toBe(0);
    expect(before - (await remaining(owner.userId))).toBe(done.redubSeconds);
    expect(done.redubSeconds).toBe(Math.ceil(Math.round(done.record.duration) / 2));

    const versions = (await get<DubIteration[]>(`${base}/getIteration?id=${id}`, owner.token)).body.data;
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.every((v) => v.url && v.voices === 'matched')).toBe(true);
    expect(done.dubbedUrl).not.toBe(dubbed.dubbedUrl);
    const saved = await send<DubIteration>(`${base}/createIteration`, { id, name: 'Before review' }, { token: owner.token });
    expect(saved.body.data).toMatchObject({ version: 3, name: 'Before review', url: null });
    // Each version keeps every line as its own row, in order, with what the editor showed.
    const lines = await dubLines(owner.token, id);
    expect(versions.map((v) => v.lines)).toEqual([lines.length, lines.length]);
    expect(saved.body.data.lines).toBe(lines.length);
    const kept = await env.DB.prepare('SELECT seq, text, translation FROM dub_iteration_lines WHERE iteration_id = ? ORDER BY seq')
      .bind(saved.body.data.id)
      .all();
    expect(kept.results).toEqual(lines.map((l, seq) => ({ seq, text: l.text, translation: l.translation })));
  }, 200_000);

  it('downloads the subtitles as a zip, and the dubbed video with them', async () => {
    const subs = await download(`${base}/download/zip?idStr=${id}&type=srt&msgType=3&speaker=0`, owner.token);
    expect(subs.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await subs.arrayBuffer()));
    const srt = strFromU8(Object.values(files)[0]!);
    expect(Object.keys(files)).toEqual(['meeting.srt']);
    expect(srt).toContain('Hola a todos.');
    expect(srt).toMatch(/^1\r?\n00:00:\d\d,\d{3} --> /);

    const all = unzipSync(new Uint8Array(await (await download(`${base}/download/destroy/zip?idStr=${id}&type=vtt&msgType=2`, owner.token)).arrayBuffer()));
    expect(Object.keys(all).sort()).toEqual(['meeting.mp4', 'meeting.vtt']);
    expect(isMp4(all['meeting.mp4']!)).toBe(true);
  });

  it('keeps every project to its owner', async () => {
    const stranger = await signUp();
    for (const path of [`getFileByTaskId?id=${id}`, `getSpeakerList?id=${id}`, `getIteration?id=${id}`]) {
      expect((await get(`${base}/${path}`, stranger.token)).body.code).toBe(Code.NOT_FOUND);
    }
    expect((await send(`${base}/getFileDataContentPageList`, { id }, { token: stranger.token })).body.code).toBe(Code.NOT_FOUND);
    expect((await send(`${base}/videoSynthesis`, { id }, { token: stranger.token })).body.code).toBe(Code.NOT_FOUND);
    expect((await download(`${base}/download/destroy/zip?idStr=${id}`, stranger.token)).status).toBe(404);
    const list = (await get<Page<{ id: number }>>(`${base}/list?pageNum=1&pageSize=10`, owner.token)).body.data;
    expect(list.rows.map((r) => r.id)).toContain(id);
    expect((await get<Page<{ id: number }>>(`${base}/list`, stranger.token)).body.data.total).toBe(0);
  });
});

describe('dubbing from an SRT', () => {
  it('speaks a bilingual SRT without recognising the video, and refuses another user’s SRT', async () => {
    const { token, userId } = await signUp();
    await grantDubbing(userId, 3600);
    const stored = await storeSrt(token);
    expect(stored.url).toMatch(/\.srt$/);
    const file = await uploadMeeting(token, 'talk.mp4');

    const stranger = await signUp();
    await grantDubbing(stranger.userId, 3600);
    const theirs = await uploadMeeting(stranger.token, 'theirs.mp4');
    const stolen = await send(
      `${base}/transwrite`,
      { ids: [theirs.id], srtUrl: stored.url, srtFileType: '3', audioLanguage: 'en-US', translationLanguage: 'es-ES' },
      { token: stranger.token },
    );
    expect(stolen.body.code).toBe(Code.NOT_FOUND);

    const submit = await submitSrt(token, file.id, stored.url);
    const id = submit.body.data.ids[0]!;
    const done = await waitForDub(token, id);
    expect(done.record.status).toBe('dub_complete');
    const rows = await dubLines(token, id);
    expect(rows.map((r) => [r.start, r.end, r.text, r.translation])).toEqual([
      [500, 3000, 'Good morning everyone.', 'Buenos días a todos.'],
      [4000, 7500, 'Let us begin.', 'Empecemos.'],
    ]);
  }, 200_000);

  it('refuses files that are not SRT, or hold no cues', async () => {
    const { token } = await signUp();
    const upload = (name: string, text: string) => {
      const form = new FormData();
      form.set('file', new File([text], name));
      return call('/prod-api/file/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    };
    expect((await upload('lines.txt', srt)).body.code).toBe(Code.BAD_REQUEST);
    const empty = await upload('empty.srt', 'hello\n');
    expect(empty.body.code).toBe(Code.BAD_REQUEST);
    expect(empty.body.msg).toMatch(/No subtitles/);
  });
});

describe('rendering as an engine job', () => {
  it('returns from the dub stage while the engine renders, and a render started again reuses the speech kept in R2', async () => {
    const { token, userId } = await signUp();
    await grantDubbing(userId, 3600);
    const stored = await storeSrt(token);
    const file = await uploadMeeting(token, 'kept.mp4');
    const submit = await submitSrt(token, file.id, stored.url);
    const id = submit.body.data.ids[0]!;
    expect((await waitForDub(token, id)).record.status).toBe('dub_complete');
    const rows = await dubLines(token, id);
    expect(rows.map((r) => r.fit)).not.toContain('overflow');

    // Each spoken line is kept in R2; replaced here by 30 s of silence, longer than the whole video.
    const spoken = await env.MEDIA.list({ prefix: `dubbed/${id}/spoken/` });
    expect(spoken.objects).toHaveLength(2);
    for (const { key } of spoken.objects) await env.MEDIA.put(key, new Uint8Array(30 * 24_000 * 2));

    // A changed time (not text) makes a re-dub that renders every line again.
    const second = rows[1]!;
    expect((await send(`${base}/edits`, { id, lines: [{ id: second.id, end: second.end - 200 }] }, { token })).body.code).toBe(200);
    expect((await send(`${base}/videoSynthesis`, { id }, { token })).body.code).toBe(200);
    // The stage starts (or finds) the render and returns without waiting for it; the queue looks again later.
    const stage = runJob(database(env.DB), env, { kind: 'dub', recordId: id }, async () => {});
    await expect(stage).rejects.toBeInstanceOf(JobWaiting);

    expect((await waitForDub(token, id)).record.status).toBe('dub_complete');
    // Neither line was spoken again: the render took the kept speech, which fits no slot.
    expect((await dubLines(token, id)).map((r) => r.fit)).toEqual(['overflow', 'overflow']);
  }, 240_000);
});

describe('dubbing refusals', () => {
  it('asks for the AI voiceover package before anything is created, and takes only mp4', async () => {
    const { token, userId } = await signUp();
    const cost = await send(`/prod-api/expense/cost/dubbingAccountCostBefore`, { rightsType: '7', sourceType: '5', duration: 30 }, { token });
    expect(cost.body.code).toBe(Code.NO_SUCH_BENEFIT);
    const notMp4 = await send(`${base}/create`, { oriFileName: 'talk.mov', fileSize: 1000 }, { token });
    expect(notMp4.body.code).toBe(Code.BAD_REQUEST);
    const tooBig = await send(`${base}/create`, { oriFileName: 'talk.mp4', fileSize: 6 * 1024 ** 3 }, { token });
    expect(tooBig.body.code).toBe(Code.BAD_REQUEST);

    const file = await uploadMeeting(token);
    const refused = await send(`${base}/transwrite`, { ids: [file.id], audioLanguage: 'en-US', translationLanguage: 'es-ES' }, { token });
    expect(refused.body.code).toBe(Code.NO_SUCH_BENEFIT);
    // A dubbing upload is not a transcription upload.
    const asTranscription = await send('/prod-api/speech/audio/transcribe/transwrite', { ids: [file.id], audioLanguage: 'en-US', showName: 'x' }, { token });
    expect(asTranscription.body.code).toBe(Code.NOT_FOUND);
    await grantDubbing(userId, 10);
    const short = await send(`${base}/transwrite`, { ids: [file.id], audioLanguage: 'en-US', translationLanguage: 'es-ES' }, { token });
    expect(short.body.code).toBe(Code.INSUFFICIENT_BALANCE);
    const records = await env.DB.prepare('SELECT count(*) AS n FROM records WHERE user_id = ?').bind(userId).first<{ n: number }>();
    expect(records!.n).toBe(0);
  });

  it('keeps the reason when the video is gone, and retries once it is back', async () => {
    const { token, userId } = await signUp();
    await grantDubbing(userId, 3600);
    const form = new FormData();
    form.set('file', new File(['1\n00:00:01,000 --> 00:00:03,000\nHello there.\n'], 'one.srt'));
    const stored = (await call<FileUploadResult>('/prod-api/file/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).body
      .data;
    const file = await uploadMeeting(token, 'gone.mp4');
    const key = (await env.DB.prepare('SELECT object_name AS k FROM uploads WHERE id = ?').bind(file.id).first<{ k: string }>())!.k;
    const kept = await env.MEDIA.get(key);
    const bytes = new Uint8Array(await kept!.arrayBuffer());
    await env.MEDIA.delete(key);
    const submit = await send<TranswriteResult>(
      `${base}/transwrite`,
      { ids: [file.id], srtUrl: stored.url, srtFileType: '2', audioLanguage: 'en-US', translationLanguage: 'es-ES' },
      { token },
    );
    const id = submit.body.data.ids[0]!;
    const failed = await waitForDub(token, id);
    expect(failed.record.status).toBe('dub_err');
    expect(failed.record.errorReason).toMatch(/no longer kept/);
    expect(await remaining(userId)).toBe(3600);

    await env.MEDIA.put(key, bytes);
    expect((await send(`${base}/videoSynthesis`, { id }, { token })).body.code).toBe(200);
    expect((await waitForDub(token, id)).record.status).toBe('dub_complete');
  }, 200_000);
});
