import { env, exports } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { Code } from '../../contracts/errors';
import { CLOSE, HEARTBEAT, MEETING, type MeetingAccess, type MeetingDetail } from '../../contracts/meeting';
import type { RecordDetail } from '../../contracts/records';
import type { LazyObject } from '../../durable-objects/lazy-object';
import { MeetingRoom } from '../../durable-objects/MeetingRoom';
import { roomOf } from '../../worker/services/meetings';
import { MEETING_SPEAKERS } from '../fixtures/meeting-script';
import { get, grant, send, signUp } from './api';
import { connect } from './meeting-socket';
import { createRecord, defaultFolderId } from './seed';

/**
 * Live meetings inside the real Worker: rooms are real Durable Objects (SQLite, hibernation sockets, the
 * alarm), recognition is the real engine's stream, translation real Apertium, lines land in real D1.
 */

const base = '/prod-api/speech/meeting';
const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

async function owner(account: 'duration' | 'svip' = 'duration', seconds?: number) {
  const user = await signUp();
  await grant(user.userId, account, seconds);
  return user;
}

async function createMeeting(token: string, body: object = {}) {
  const res = await send<MeetingDetail>(`${base}/create`, { sourceLanguage: 'en-US', targetLanguages: [], ...body }, { token });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

const hostAccess = async (token: string, id: number) => (await get<MeetingAccess>(`${base}/getMeeting?id=${id}`, token)).body.data.socket;

const recordOf = async (token: string, id: number) => (await get<RecordDetail>(`/prod-api/speech/audio/transcribe/getTrans?id=${id}`, token)).body.data;

/** The record once its meeting has ended and its transcript is finished (it may read `finishing` a while). */
async function finishedRecord(token: string, id: number, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const detail = await recordOf(token, id);
    if (detail.record.status === 'ended') return detail;
    if (Date.now() > until) throw new Error(`record still ${detail.record.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Sends `pcm` (16 kHz PCM16) as 100 ms frames: `speed` times real time (1: real-time pace), or all at once. */
async function feed(socket: { audio(pcm: Uint8Array): void }, pcm: Uint8Array, speed?: number) {
  const frame = (MEETING.sampleRate * 2 * MEETING.frameMs) / 1000;
  for (let i = 0; i < pcm.length; i += frame) {
    socket.audio(pcm.subarray(i, i + frame));
    if (speed) await new Promise((r) => setTimeout(r, MEETING.frameMs / speed));
  }
}

/** A new meeting of `token`'s with the host connected and the meeting started. */
async function startedMeeting(token: string, body: object = {}) {
  const meeting = await createMeeting(token, body);
  const host = await connect(await hostAccess(token, meeting.id));
  host.control('start');
  await host.waitFor('state', (m) => m.status === 'in_progress');
  return { meeting, host };
}

/** A new meeting of `token`'s on a projected screen (by its code), with the host connected and the meeting started. */
async function projectedMeeting(token: string, body: object) {
  const meeting = await createMeeting(token, body);
  const code = (await send<{ shortCode: string }>(`${base}/createScreenCode`, { id: meeting.id }, { token })).body.data.shortCode;
  const screen = await connect((await get<MeetingAccess>(`${base}/getNetworkLink?shortCode=${code}`)).body.data.socket);
  await screen.waitFor('welcome');
  const host = await connect(await hostAccess(token, meeting.id));
  host.control('start');
  await host.waitFor('state', (m) => m.status === 'in_progress');
  return { meeting, screen, host };
}

/** The LibriVox clip's samples (the WAV's 44-byte header dropped), and what is said in it. */
const librivox = decode(inject('librivoxWav')).slice(44);
const librivoxWords = inject('librivoxText').toLowerCase().split(/\s+/);

describe('creating meetings', () => {
  it('refuses unsupported languages, too many targets and users without real-time allowance', async () => {
    const broke = await signUp();
    const refused = await send(`${base}/create`, { sourceLanguage: 'en-US' }, { token: broke.token });
    expect(refused.body.code).toBe(Code.INSUFFICIENT_BALANCE);

    const { token } = await owner();
    const wrongSource = await send(`${base}/create`, { sourceLanguage: 'ko-KR' }, { token });
    expect(wrongSource.status).toBe(400);
    expect(wrongSource.body.msg).toMatch(/not available/);
    const wrongPair = await send(`${base}/create`, { sourceLanguage: 'en-US', targetLanguages: ['ja-JP'] }, { token });
    expect(wrongPair.status).toBe(400);
    const tooMany = await send(`${base}/create`, { sourceLanguage: 'en-US', targetLanguages: ['es-ES', 'zh-CN', 'zh-TW'] }, { token });
    expect(tooMany.body.msg).toMatch(/up to 2/);
  });

  it("refuses a new recognition language past the plan's daily count, and keeps the languages used today open", async () => {
    // Two records created today in other spoken languages (as another provider recognises them).
    const seedToday = async (userId: number, token: string) => {
      for (const audioLanguage of ['zh-CN', 'ja-JP']) await createRecord(userId, await defaultFolderId(token), { audioLanguage });
    };
    const plain = await owner();
    await seedToday(plain.userId, plain.token);
    const refused = await send(`${base}/create`, { sourceLanguage: 'en-US' }, { token: plain.token });
    expect(refused.body.code).toBe(Code.NO_SUCH_BENEFIT);
    expect(refused.body.msg).toMatch(/already used 2 recognition languages \(.*zh-CN.*\)/);
    // Records from yesterday do not count.
    const other = await owner();
    await createRecord(other.userId, await defaultFolderId(other.token), { audioLanguage: 'ja-JP', createdAt: Date.now() - 86_400_000 * 2 });
    await createRecord(other.userId, await defaultFolderId(other.token), { audioLanguage: 'zh-CN' });
    await createMeeting(other.token);
    // A language used today stays open: a second en-US meeting is fine.
    await createMeeting(other.token);
    // SVIP allows 10.
    const svip = await owner('svip');
    await seedToday(svip.userId, svip.token);
    await createMeeting(svip.token);
  });

  it('creates a not-started meeting record, listed among the meetings and private to its owner', async () => {
    const { token } = await owner();
    const meeting = await createMeeting(token, { name: 'Weekly sync', targetLanguages: ['es-ES'] });
    expect(meeting).toMatchObject({ name: 'Weekly sync', status: 'not_started', sourceLanguage: 'en-US', targetLanguages: ['es-ES'], inviteOpen: false });
    const list = await get<{ rows: { id: number; status: string }[] }>(`${base}/getMeetingList?pageNum=1&pageSize=10`, token);
    expect(list.body.data.rows.map((r) => [r.id, r.status])).toEqual([[meeting.id, 'not_started']]);

    const stranger = await owner();
    for (const res of [
      await get(`${base}/getMeeting?id=${meeting.id}`, stranger.token),
      await send(`${base}/edit`, { id: meeting.id, name: 'mine' }, { token: stranger.token }),
      await send(`${base}/stopMeeting`, { id: meeting.id }, { token: stranger.token }),
      await send(`${base}/createScreenCode`, { id: meeting.id }, { token: stranger.token }),
    ]) {
      expect(res.status).toBe(404);
    }
  });

  it("keeps the address of the page the browser plugin subtitles as the record's note, only an http(s) one of bounded length", async () => {
    const { token } = await owner();
    const page = 'https://video.example.com/watch?v=talk&t=42#comments';
    const meeting = await createMeeting(token, { name: 'A talk', source: 2, sourceUrl: page });
    expect((await recordOf(token, meeting.id)).record).toMatchObject({ name: 'A talk', sourceUrl: page });
    // Other meetings have no note.
    expect((await recordOf(token, (await createMeeting(token)).id)).record.sourceUrl).toBeUndefined();
    for (const bad of ['javascript:alert(1)', 'chrome://extensions', 'file:///etc/passwd', 'not an address', `https://example.com/${'a'.repeat(2048)}`]) {
      const refused = await send(`${base}/create`, { sourceLanguage: 'en-US', source: 2, sourceUrl: bad }, { token });
      expect(refused.status, bad).toBe(400);
    }
  });
});

describe('the room', () => {
  it('moves through start, pause, resume and end, mirrored in the record, and closes every socket at the end', async () => {
    const { token } = await owner();
    const meeting = await createMeeting(token);
    const host = await connect(await hostAccess(token, meeting.id));
    const welcome = await host.waitFor('welcome');
    expect(welcome).toMatchObject({ role: 'host', meeting: { id: meeting.id, status: 'not_started' }, lines: [] });
    expect(welcome.languages).toContain('es-ES');
    host.control('pause');
    expect((await host.waitFor('error')).code).toBe(Code.CONFLICT);

    for (const [action, status] of [
      ['start', 'in_progress'],
      ['pause', 'paused'],
      ['resume', 'in_progress'],
    ] as const) {
      host.messages.length = 0;
      host.control(action);
      await host.waitFor('state', (m) => m.status === status);
      expect((await recordOf(token, meeting.id)).record.status).toBe(status);
    }
    // A repeated command (a retry after a dropped connection) only restates the state.
    host.messages.length = 0;
    host.control('start');
    await host.waitFor('state', (m) => m.status === 'in_progress');
    expect(host.messages.some((m) => m.type === 'error')).toBe(false);

    host.control('end');
    await host.waitFor('state', (m) => m.status === 'ended');
    expect(await host.waitClosed()).toBe(CLOSE.ended);
    expect((await recordOf(token, meeting.id)).record.status).toBe('ended');
    // An ended meeting takes no one in.
    const late = await connect(await hostAccess(token, meeting.id));
    expect(await late.waitClosed()).toBe(CLOSE.ended);
  });

  it('lets only the host send audio or control; participants and screens only listen', async () => {
    const { token } = await owner('svip');
    const meeting = await createMeeting(token);
    await send(`${base}/edit`, { id: meeting.id, inviteOpen: true }, { token });
    const detail = (await get<MeetingAccess<MeetingDetail>>(`${base}/getMeeting?id=${meeting.id}`, token)).body.data.meeting;
    const join = await get<MeetingAccess>(`${base}/joinRecord?invite=${detail.inviteToken}`);
    expect(join.body.data.socket.role).toBe('participant');
    const participant = await connect(join.body.data.socket);
    await participant.waitFor('welcome');
    const code = (await send<{ shortCode: string }>(`${base}/createScreenCode`, { id: meeting.id }, { token })).body.data.shortCode;
    const screen = await connect((await get<MeetingAccess>(`${base}/getNetworkLink?shortCode=${code}`)).body.data.socket);
    await screen.waitFor('welcome', (m) => m.role === 'projection');

    for (const viewer of [participant, screen]) {
      viewer.control('start');
      expect((await viewer.waitFor('error')).code).toBe(Code.FORBIDDEN);
      viewer.messages.length = 0;
      viewer.audio(new Uint8Array(3200));
      expect((await viewer.waitFor('error')).code).toBe(Code.FORBIDDEN);
    }
    expect((await recordOf(token, meeting.id)).record.status).toBe('not_started');
    // A frame without its number or with half a sample is refused, not heard.
    for (const bad of [new Uint8Array(3), new Uint8Array(4 + 3199)]) {
      participant.messages.length = 0;
      participant.ws.send(bad);
      expect((await participant.waitFor('error')).code).toBe(Code.BAD_REQUEST);
    }
    // Keep-alives are answered to every role.
    screen.ws.send(HEARTBEAT.ping);
    await expect.poll(() => screen.pongs()).toBe(1);
  });

  it('refuses forged and expired tickets with a close code the client will not retry', async () => {
    const { token } = await owner();
    const meeting = await createMeeting(token);
    const access = await hostAccess(token, meeting.id);
    const forged = await connect({ ...access, ticket: `${access.ticket.slice(0, -4)}AAAA` });
    expect(await forged.waitClosed()).toBe(CLOSE.badTicket);
    const plain = await exports.default.fetch(new Request(`http://tingyi.test/prod-api${access.path}?ticket=${access.ticket}`));
    expect(plain.status).toBe(426);
  });

  it('wakes from hibernation with its state, sockets and roles intact', async () => {
    const { token } = await owner();
    const { meeting, host } = await startedMeeting(token);
    const stub = roomOf(env, meeting.id);
    const before = await stub.snapshot();

    // A fresh instance over the same storage and sockets is what the runtime builds after hibernation.
    await runInDurableObject(stub, async (_instance: MeetingRoom, state) => {
      const woken = new MeetingRoom(state, env);
      await state.blockConcurrencyWhile(async () => {});
      expect(await woken.snapshot()).toEqual(before);
      const [hostSocket] = state.getWebSockets('host');
      await woken.webSocketMessage(hostSocket!, JSON.stringify({ type: 'control', action: 'pause' }));
    });
    await host.waitFor('state', (m) => m.status === 'paused');
    expect((await recordOf(token, meeting.id)).record.status).toBe('paused');
  });

  it('pauses when the host stays away past the grace period, and stopMeeting repairs it into an ended meeting', async () => {
    const { token } = await owner();
    const { meeting, host } = await startedMeeting(token);
    host.ws.close(1000);
    const until = Date.now() + 10_000;
    while ((await recordOf(token, meeting.id)).record.status !== 'paused') {
      if (Date.now() > until) throw new Error('meeting did not pause');
      await new Promise((r) => setTimeout(r, 100));
    }
    const stopped = await send<MeetingDetail>(`${base}/stopMeeting`, { id: meeting.id }, { token });
    expect(stopped.body.data.status).toBe('ended');
    // Stopping again changes nothing and still answers.
    expect((await send<MeetingDetail>(`${base}/stopMeeting`, { id: meeting.id }, { token })).body.data.status).toBe('ended');
  });
});

describe('invitations and screen codes', () => {
  it('opens invitations only with the invitation right, and closing one sends participants away', async () => {
    const plain = await owner();
    const m1 = await createMeeting(plain.token);
    const refused = await send(`${base}/edit`, { id: m1.id, inviteOpen: true }, { token: plain.token });
    expect(refused.body.code).toBe(Code.NO_SUCH_BENEFIT);

    const { token } = await owner('svip');
    const meeting = await createMeeting(token);
    const opened = (await send<MeetingDetail>(`${base}/edit`, { id: meeting.id, inviteOpen: true }, { token })).body.data;
    expect(opened.inviteToken).toMatch(/^[\w-]{16,}$/);
    const participant = await connect((await get<MeetingAccess>(`${base}/joinRecord?invite=${opened.inviteToken}`)).body.data.socket);
    await participant.waitFor('welcome');

    await send(`${base}/edit`, { id: meeting.id, inviteOpen: false }, { token });
    expect(await participant.waitClosed()).toBe(CLOSE.expired);
    const closed = await get(`${base}/joinRecord?invite=${opened.inviteToken}`);
    expect(closed.status).toBe(410);
    expect(closed.body.msg).toMatch(/expired/);
    // Reopening gives the same link back.
    expect((await send<MeetingDetail>(`${base}/edit`, { id: meeting.id, inviteOpen: true }, { token })).body.data.inviteToken).toBe(opened.inviteToken);
  });

  it("joins through the owner's QR code only with its key, while they share it and the meeting's invitation is open", async () => {
    const { token, userId } = await owner('svip');
    const meeting = await createMeeting(token);
    const key = (await get<{ qrKey: string }>(`/prod-api/system/getClient?userId=${userId}`, token)).body.data.qrKey;
    expect(key).toMatch(/^[\w-]{32}$/);
    const byCode = `${base}/joinRecord?userId=${userId}&key=${key}`;
    await send('/prod-api/system/client/user/edit', { id: userId, shareStatus: '1' }, { token });
    // Sharing on, but the meeting's invitation closed: the code leads nowhere.
    expect((await get(byCode)).status).toBe(410);
    await send(`${base}/edit`, { id: meeting.id, inviteOpen: true }, { token });
    const joined = await get<MeetingAccess>(byCode);
    expect(joined.body.data).toMatchObject({ meeting: { id: meeting.id }, socket: { role: 'participant' } });

    // The id alone, another user's key or a made-up one answer exactly like a closed invitation.
    const other = await owner('svip');
    const otherKey = (await get<{ qrKey: string }>(`/prod-api/system/getClient?userId=${other.userId}`, other.token)).body.data.qrKey;
    for (const walk of [`userId=${userId}`, `userId=${userId}&key=${otherKey}`, `userId=${userId}&key=${'A'.repeat(32)}`]) {
      const refused = await get(`${base}/joinRecord?${walk}`);
      expect(refused.status, walk).toBe(410);
      expect(refused.body.msg).toMatch(/expired/);
    }

    await send('/prod-api/system/client/user/edit', { id: userId, shareStatus: '0' }, { token });
    expect((await get(byCode)).status).toBe(410);
  });

  it('gives one six-digit code per live meeting, resolves it without sign-in, and frees it when the meeting ends', async () => {
    const { token } = await owner();
    const meeting = await createMeeting(token);
    const code = (await send<{ shortCode: string }>(`${base}/createScreenCode`, { id: meeting.id }, { token })).body.data.shortCode;
    expect(code).toMatch(/^\d{6}$/);
    expect((await send<{ shortCode: string }>(`${base}/createScreenCode`, { id: meeting.id }, { token })).body.data.shortCode).toBe(code);
    const other = await createMeeting(token);
    expect((await send<{ shortCode: string }>(`${base}/createScreenCode`, { id: other.id }, { token })).body.data.shortCode).not.toBe(code);

    const link = await get<MeetingAccess>(`${base}/getNetworkLink?shortCode=${code}`);
    expect(link.body.data).toMatchObject({ meeting: { id: meeting.id }, socket: { role: 'projection' } });
    expect((await get(`${base}/getNetworkLink?shortCode=12345`)).status).toBe(400);

    await send(`${base}/stopMeeting`, { id: meeting.id }, { token });
    const gone = await get(`${base}/getNetworkLink?shortCode=${code}`);
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toContain(code);
  });

  it("caps the meeting's translation languages, viewers' picks included, at the plan's count", async () => {
    const { token } = await owner();
    const { meeting, host } = await startedMeeting(token, { targetLanguages: ['es-ES'] });
    const code = (await send<{ shortCode: string }>(`${base}/createScreenCode`, { id: meeting.id }, { token })).body.data.shortCode;
    const screen = await connect((await get<MeetingAccess>(`${base}/getNetworkLink?shortCode=${code}`)).body.data.socket);
    await screen.waitFor('welcome');
    // A screen may not control the meeting: the refusal marks where the room has handled its pick.
    const screenPicks = async (pick: string) => {
      const before = screen.messages.length;
      screen.send({ type: 'language', language: pick });
      screen.control('start');
      await screen.waitFor('error', (m) => screen.messages.indexOf(m) >= before);
    };
    // A start while running only answers with the state: it marks where the room has handled what came before.
    const settled = async (pick: string) => {
      const before = host.messages.length;
      host.send({ type: 'language', language: pick });
      host.control('start');
      await host.waitFor('state', (m) => host.messages.indexOf(m) >= before);
      return host.messages.slice(before).find((m) => m.type === 'error');
    };
    // es-ES (the host's pick) and the screen's zh-CN fill the two languages of the plan.
    await screenPicks('zh-CN');
    const refused = await settled('zh-TW');
    expect(refused).toMatchObject({ code: Code.NO_SUCH_BENEFIT });
    expect(refused && 'msg' in refused ? refused.msg : '').toMatch(/2 translation languages \((es-ES, zh-CN|zh-CN, es-ES)\)/);
    // Languages already in use stay open.
    expect(await settled('zh-CN')).toBeUndefined();
    // The screen switching away frees its language for the host.
    await screenPicks('es-ES');
    expect(await settled('zh-TW')).toBeUndefined();
  });

  it('keeps one projected screen without the multi-screen right: the newest takes over', async () => {
    const { token } = await owner();
    const meeting = await createMeeting(token);
    const code = (await send<{ shortCode: string }>(`${base}/createScreenCode`, { id: meeting.id }, { token })).body.data.shortCode;
    const access = async () => (await get<MeetingAccess>(`${base}/getNetworkLink?shortCode=${code}`)).body.data.socket;
    const first = await connect(await access());
    await first.waitFor('welcome');
    const second = await connect(await access());
    await second.waitFor('welcome');
    expect(await first.waitClosed()).toBe(CLOSE.forbidden);
    expect(second.messages.some((m) => m.type === 'error')).toBe(false);

    const svip = await owner('svip');
    const shared = await createMeeting(svip.token);
    const svipCode = (await send<{ shortCode: string }>(`${base}/createScreenCode`, { id: shared.id }, { token: svip.token })).body.data.shortCode;
    const screens = [];
    for (let i = 0; i < 3; i++) {
      const s = await connect((await get<MeetingAccess>(`${base}/getNetworkLink?shortCode=${svipCode}`)).body.data.socket);
      await s.waitFor('welcome');
      screens.push(s);
    }
    await screens[2]!.waitFor('viewers', (m) => m.projections === 3);
  });
});

describe('live recognition', () => {
  it('turns read speech fed at real-time pace into partials and finals on a projected screen, translated, stored in D1 exactly once', async () => {
    const { token, userId } = await owner();
    const { meeting, screen, host } = await projectedMeeting(token, { targetLanguages: ['es-ES'] });

    await feed(host, librivox, 1);
    await feed(host, new Uint8Array(MEETING.sampleRate * 2 * 1.5), 1);
    const final = await screen.waitFor('final', () => true, 15_000);
    await screen.waitFor('translation', (m) => m.seq === final.line.seq && m.language === 'es-ES');
    const partials = screen.messages.filter((m) => m.type === 'partial');
    expect(partials.length).toBeGreaterThan(3);

    host.control('end');
    await screen.waitFor('state', (m) => m.status === 'ended');
    const finals = screen.messages.flatMap((m) => (m.type === 'final' ? [m.line] : []));
    const heard = finals
      .map((l) => l.text)
      .join(' ')
      .toLowerCase()
      .split(/\s+/);
    const recognised = librivoxWords.filter((w) => heard.includes(w));
    expect(recognised.length / librivoxWords.length).toBeGreaterThan(0.5);
    expect(finals[0]!.start).toBeGreaterThanOrEqual(0);
    expect(finals.at(-1)!.end).toBeLessThanOrEqual(9000);

    const detail = await recordOf(token, meeting.id);
    expect(detail.record.status).toBe('ended');
    expect(detail.lines.map((l) => l.seq)).toEqual(finals.map((l) => l.seq));
    expect(detail.lines.map((l) => l.text)).toEqual(finals.map((l) => l.text));
    expect(detail.lines[0]!.translations['es-ES']).toBeTruthy();
    expect(detail.record.duration).toBeGreaterThan(8);
    const charged = await env.DB.prepare("SELECT sum(seconds) AS s FROM cost_records WHERE user_id = ? AND feature = 'realtime'")
      .bind(userId)
      .first<{ s: number }>();
    expect(charged!.s).toBe(9);
    // The meeting's audio is the record's WAV, exactly what was heard, so the detail page can play it.
    const audio = await env.MEDIA.get(`records/${meeting.id}/audio.wav`);
    const heardBytes = librivox.length + MEETING.sampleRate * 2 * 1.5;
    expect(audio!.size).toBe(44 + heardBytes);
    const wav = new Uint8Array(await audio!.arrayBuffer());
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe('RIFF');
    expect(wav.subarray(44, 44 + 3200)).toEqual(librivox.subarray(0, 3200));
  }, 60_000);

  it('labels the speakers of a two-voice meeting live, line by line, and translates the lines so far for a viewer who asks', async () => {
    const { token } = await owner();
    const { meeting, host } = await startedMeeting(token, { mode: 'record' });
    // Ten times real time: fast, yet paced so the recogniser sees pauses between turns.
    await feed(host, decode(inject('meetingPcm')), 10);
    // Recording only: nothing was translated until a viewer asks, and then the lines so far are.
    await host.waitFor('final', (m) => m.line.seq === 0);
    expect(host.messages.some((m) => m.type === 'translation')).toBe(false);
    host.send({ type: 'language', language: 'es-ES' });
    await host.waitFor('translation', (m) => m.seq === 0 && m.language === 'es-ES');
    host.control('end');
    // On a busy machine the recogniser lags the 10x audio: what it has not delivered shortly after the end
    // is recognised from the meeting's stored audio, and the record ends once it is in.
    await host.waitFor('state', (m) => m.status === 'ended', 30_000);
    const { lines, record } = await finishedRecord(token, meeting.id);
    expect(lines.length).toBe(MEETING_SPEAKERS.length);
    expect(lines.map((l) => l.speaker)).toEqual(MEETING_SPEAKERS.map((n) => `Speaker ${n}`));
    // The language a viewer read the meeting in is the minutes' translation.
    expect(record.translationLanguage).toBe('es-ES');
  }, 150_000);

  it('keeps the last words of a meeting ended right after its last audio frame', async () => {
    const { token } = await owner();
    const { meeting, host } = await startedMeeting(token, { mode: 'record' });
    // All at once and ended at once: the runtime hands the room the burst out of order and the recogniser
    // is far behind, yet the audio is kept in the order it was spoken and every line ends up in the record,
    // live or recognised from the stored audio after the end.
    const pcm = decode(inject('meetingPcm'));
    await feed(host, pcm);
    host.control('end');
    await host.waitFor('state', (m) => m.status === 'ended', 30_000);
    const audio = new Uint8Array(await (await env.MEDIA.get(`records/${meeting.id}/audio.wav`))!.arrayBuffer());
    expect(audio.length).toBe(44 + pcm.length);
    expect(audio.subarray(44).every((byte, i) => byte === pcm[i])).toBe(true);
    const { lines } = await finishedRecord(token, meeting.id);
    expect(lines.length).toBe(MEETING_SPEAKERS.length);
    expect(lines.map((l) => l.speaker)).toEqual(MEETING_SPEAKERS.map((n) => `Speaker ${n}`));
  }, 150_000);

  it("keeps a long meeting's audio through paused stretches as one WAV uploaded in parts", async () => {
    const { token } = await owner();
    const { meeting, host } = await startedMeeting(token, { mode: 'record' });
    // 100 s, a pause, then 80 s more: 5.76 MB, more than one 5 MiB part. Each stretch is numbered so order can be checked.
    const stretch = (seconds: number, value: number) => new Uint8Array(MEETING.sampleRate * 2 * seconds).fill(value);
    await feed(host, stretch(100, 1));
    host.control('pause');
    await host.waitFor('state', (m) => m.status === 'paused');
    // Audio sent around the pause and right after asking to resume (before the room has checked the
    // allowance) is all kept, in order.
    host.control('resume');
    await feed(host, stretch(80, 2));
    host.control('end');
    await host.waitFor('state', (m) => m.status === 'ended', 20_000);

    const audio = new Uint8Array(await (await env.MEDIA.get(`records/${meeting.id}/audio.wav`))!.arrayBuffer());
    const bytesPerSecond = MEETING.sampleRate * 2;
    expect(audio.length).toBe(44 + 180 * bytesPerSecond);
    expect(audio[44]).toBe(1);
    expect(audio[44 + 100 * bytesPerSecond - 1]).toBe(1);
    expect(audio[44 + 100 * bytesPerSecond]).toBe(2);
    expect(audio.at(-1)).toBe(2);
    const media = await get<{ url: string; kind: string }>(`/prod-api/speech/audio/transcribe/media?id=${meeting.id}`, token);
    expect(media.body.data.kind).toBe('audio');
  }, 90_000);

  it('charges each minute as it is heard and pauses with the balance code when the allowance runs out', async () => {
    const { token, userId } = await owner('duration', 90);
    const { meeting, host } = await startedMeeting(token);
    await feed(host, new Uint8Array(MEETING.sampleRate * 2 * 61));
    const paused = await host.waitFor('state', (m) => m.status === 'paused', 20_000);
    expect(paused.reason?.code).toBe(Code.INSUFFICIENT_BALANCE);
    const costs = await env.DB.prepare("SELECT work_ref, seconds FROM cost_records WHERE user_id = ? AND feature = 'realtime'").bind(userId).all();
    expect(costs.results).toEqual([{ work_ref: `meeting:${meeting.id}:0`, seconds: 60 }]);
    host.control('resume');
    expect((await host.waitFor('error')).code).toBe(Code.INSUFFICIENT_BALANCE);
  }, 60_000);
});

describe('a complete record', () => {
  const bytesPerMs = (MEETING.sampleRate * 2) / 1000;

  it('finishes the transcript from the stored audio when the recogniser falls short, minutes after it, the live translation kept', async () => {
    const { token } = await owner();
    const meeting = await createMeeting(token, { targetLanguages: ['es-ES'] });
    // No time at all for the recogniser after the end, as when the machine is too busy for it to keep up.
    // The runtime's instance stands in for the room until its code has loaded (worker/index.ts).
    await runInDurableObject(roomOf(env, meeting.id), async (room) => {
      (await (room as LazyObject<MeetingRoom>).loaded).endWait = { quietMs: 0, maxMs: 0 };
    });
    const host = await connect(await hostAccess(token, meeting.id));
    host.control('start');
    await host.waitFor('state', (m) => m.status === 'in_progress');
    const pcm = decode(inject('meetingPcm'));
    await feed(host, pcm);
    host.control('end');
    await host.waitFor('state', (m) => m.status === 'ended', 30_000);

    // Over for everyone on it; its record says the transcript is being finished, in the list too, and the
    // minutes wait for it.
    expect((await recordOf(token, meeting.id)).record.status).toBe('finishing');
    const list = await get<{ rows: { id: number; status: string }[] }>(`${base}/getMeetingList?pageNum=1&pageSize=10`, token);
    expect(list.body.data.rows.find((r) => r.id === meeting.id)?.status).toBe('finishing');
    const summaries = () => env.DB.prepare('SELECT count(*) AS n FROM summaries WHERE record_id = ?').bind(meeting.id).first<number>('n');
    expect(await summaries()).toBe(0);
    expect((await get(`${base}/getMeeting?id=${meeting.id}`, token)).body.data).toMatchObject({ meeting: { status: 'ended' } });

    const { record } = await finishedRecord(token, meeting.id);
    // The minutes are queued once the lines are all in and their speakers are found over the whole recording.
    await expect.poll(summaries, { timeout: 60_000, interval: 250 }).toBe(1);
    const { lines } = await recordOf(token, meeting.id);
    expect(lines.map((l) => l.speaker)).toEqual(MEETING_SPEAKERS.map((n) => `Speaker ${n}`));
    // In order, disjoint and inside the audio.
    lines.forEach((line, i) => {
      expect(line.end).toBeGreaterThanOrEqual(line.start);
      if (i > 0) expect(line.start).toBeGreaterThanOrEqual(lines[i - 1]!.end);
    });
    expect(lines.at(-1)!.end).toBeLessThanOrEqual(pcm.length / bytesPerMs);
    // The lines keep the live translation.
    expect(record.translationLanguage).toBe('es-ES');
    expect(lines.every((l) => l.translations['es-ES'])).toBe(true);
    // The record's lines, sent back unchanged, are what its editor accepts.
    const saved = await send(
      '/prod-api/speech/audio/transcribe/editDetails',
      { id: meeting.id, lines: lines.map((l) => ({ start: l.start, end: l.end, text: l.text, speaker: l.speaker, translations: l.translations })) },
      { token },
    );
    expect(saved.body.code, saved.body.msg).toBe(200);
  }, 150_000);

  it('tells every screen how far subtitles run behind, sends only newly settled words meanwhile, and says when they caught up', async () => {
    const { token } = await owner();
    const { meeting, screen, host } = await projectedMeeting(token, { mode: 'record' });
    // 23 s of speech at once: the recogniser gets it far faster than anyone speaks, and falls behind.
    await feed(host, decode(inject('meetingPcm')));
    const behind = await screen.waitFor('lag', (m) => m.seconds > MEETING.lagShowSeconds);
    await host.waitFor('lag', (m) => m.seconds > MEETING.lagShowSeconds);
    const caughtUp = await screen.waitFor('lag', (m) => m.seconds === 0, 90_000);
    const meanwhile = screen.messages.slice(screen.messages.indexOf(behind), screen.messages.indexOf(caughtUp));
    // Behind, a partial's changing tail is not sent: only partials that settle more words, as those words alone.
    const partials = meanwhile.filter((m) => m.type === 'partial');
    expect(partials.every((m) => m.stable !== undefined && m.text === m.stable)).toBe(true);
    const ofLine = (start: number) => partials.filter((m) => m.start === start).map((m) => m.stable!.split(' ').length);
    for (const start of new Set(partials.map((m) => m.start))) expect(ofLine(start)).toEqual([...new Set(ofLine(start))].sort((a, b) => a - b));
    expect(meanwhile.some((m) => m.type === 'final')).toBe(true);
    host.control('end');
    await finishedRecord(token, meeting.id);
  }, 150_000);
});
