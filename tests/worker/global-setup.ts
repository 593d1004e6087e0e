import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { librivoxRecording } from '../../engine/bench/librivox';
import { freePort, startEngine } from '../../scripts/services.mjs';
import { makeMeeting } from '../fixtures/meeting';
import {
  ACTION_MEETING_LINES,
  CHINESE_ACTION_LINES,
  CHINESE_MEETING_LINES,
  DISCUSSION_LINES,
  FOUR_PERSON_LINES,
  FOUR_PERSON_SPEAKERS,
} from '../fixtures/meeting-script';
import { makeRecordings } from '../fixtures/recordings';
import { makeTestVideo } from '../fixtures/video';
import { startWebhookReceiver } from './webhook-receiver';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

/** A 16 kHz mono WAV's samples as raw PCM16, base64: what a browser streams to a live meeting room. */
const pcm16 = (wav: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', wav, '-f', 's16le', '-'], { maxBuffer: 64 * 1024 * 1024 }).toString('base64');

/**
 * The real engine for the Worker suite (file jobs probe, extract and recognise with it), on the port
 * vitest.config.ts chose and handed to the Worker as ENGINE_URL; and the test meeting's audio.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'worker-test-'));
  const { path } = makeMeeting(dir);
  const mp3 = join(dir, 'meeting.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', path, '-b:a', '64k', mp3]);
  project.provide('meetingMp3', readFileSync(mp3).toString('base64'));
  // The meeting as a video to dub: a test picture under the two voices.
  const mp4 = join(dir, 'meeting.mp4');
  makeTestVideo({ audio: ['-i', path], out: mp4 });
  project.provide('meetingMp4', readFileSync(mp4).toString('base64'));
  // The same meeting as raw 16 kHz PCM16, as a browser streams it to a live meeting room.
  const pcm = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 's16le', '-ar', '16000', '-ac', '1', '-'], { maxBuffer: 64 * 1024 * 1024 });
  project.provide('meetingPcm', pcm.toString('base64'));
  const clip = 'sense_and_sensibility_01_austen_64kb-0870';
  project.provide('librivoxWav', readFileSync(join(LIBRIVOX, `${clip}.wav`)).toString('base64'));
  const line = readFileSync(join(LIBRIVOX, 'transcription'), 'utf8')
    .split('\n')
    .find((l) => l.includes(`(${clip})`))!;
  project.provide('librivoxText', line.replace(/<\/?s>|\(.*\)/g, '').trim());
  // All five LibriVox clips read one after another (about 30 s), for a live meeting long enough to be summed up.
  const reading = librivoxRecording();
  project.provide('librivoxReading', JSON.stringify({ pcm: reading.pcm.toString('base64'), texts: reading.texts, ends: reading.ends }));
  rmSync(dirname(reading.path), { recursive: true, force: true });
  // A proprietary word PocketSphinx has never heard: it writes "… on what sad" for it.
  const said = join(dir, 'hotword.raw.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '120', '-w', said, 'Send it on WhatsApp']);
  const hotword = join(dir, 'hotword.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', said, '-af', 'adelay=500,apad=pad_dur=0.5', '-ar', '16000', '-ac', '1', hotword]);
  project.provide('hotwordWav', readFileSync(hotword).toString('base64'));
  // Short recordings whose lines once overlapped, for the round trip through the editors; one also as a video to dub.
  const recordings = makeRecordings(dir);
  project.provide('recordings', JSON.stringify(Object.fromEntries(Object.entries(recordings).map(([name, p]) => [name, readFileSync(p).toString('base64')]))));
  const twoVoices = join(dir, 'two-voices.mp4');
  makeTestVideo({ audio: ['-i', recordings['two voices']!], out: twoVoices });
  project.provide('twoVoicesMp4', readFileSync(twoVoices).toString('base64'));
  // A longer two-voice discussion for the subtitle rules (export tests).
  const discussion = join(dir, 'discussion.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', makeMeeting(dir, DISCUSSION_LINES, 'discussion').path, '-b:a', '64k', discussion]);
  project.provide('discussionMp3', readFileSync(discussion).toString('base64'));
  // A two-voice Chinese meeting as 16 kHz PCM16, and each turn's span, for Chinese live meetings and files.
  const chinese = makeMeeting(dir, CHINESE_MEETING_LINES, 'chinese', 'cmn');
  project.provide('chineseMeeting', JSON.stringify({ pcm: pcm16(chinese.path), spans: chinese.spans }));
  // A four-person meeting as 16 kHz PCM16 with each turn's span, for the speakers an ended meeting is saved with.
  const four = makeMeeting(dir, FOUR_PERSON_LINES, 'four', 'en-us', FOUR_PERSON_SPEAKERS);
  project.provide('fourPersonMeeting', JSON.stringify({ pcm: pcm16(four.path), spans: four.spans }));
  // Two short meetings where tasks are handed out, in English and Chinese, as PCM16 with each turn's span.
  const actions = Object.entries({ en: makeMeeting(dir, ACTION_MEETING_LINES, 'actions'), zh: makeMeeting(dir, CHINESE_ACTION_LINES, 'actions-zh', 'cmn') });
  project.provide('actionMeetings', JSON.stringify(Object.fromEntries(actions.map(([l, m]) => [l, { pcm: pcm16(m.path), spans: m.spans }]))));
  rmSync(dir, { recursive: true, force: true });
  const receiverPort = await freePort();
  const receiver = await startWebhookReceiver(receiverPort);
  project.provide('webhookReceiver', `http://127.0.0.1:${receiverPort}`);
  if (process.env.TINGYI_TEST_ENGINE_URL) return () => receiver.close(); // an engine of the caller's (vitest.config.ts)
  // One file job at a time and one waiting, as on a small engine: the suite shows that a full engine makes jobs wait.
  process.env.ENGINE_FILE_JOBS = '1';
  process.env.ENGINE_FILE_JOB_QUEUE = '1';
  const engine = await startEngine({ port: Number(process.env.TINGYI_TEST_ENGINE_PORT), log: false, secret: process.env.TINGYI_TEST_ENGINE_SECRET });
  return () => {
    receiver.close();
    return engine.stop();
  };
}
