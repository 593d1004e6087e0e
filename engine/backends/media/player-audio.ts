/**
 * The audio a record keeps for its player once its transcript is made (the 16 kHz WAV the recogniser reads is
 * then removed, contracts/engine.ts `extractJob`).
 *
 * AAC-LC, mono, 48 kbit/s at 24 kHz, in an MP4 (.m4a) whose index (`moov`) sits at the front
 * (`+faststart`): about 22 MB an audio-hour against the WAV's 115 MB. Chosen over MP3 because every browser
 * the web app supports (Chrome, Firefox, Safari on macOS and iOS) plays AAC in MP4 natively, and the front
 * index gives them each sample's byte offset before the first byte of audio, so a seek anywhere is one exact
 * HTTP Range request (a CBR MP3 seeks only by estimate, and Safari asks for its length by Range probes
 * first). 24 kHz keeps the voice's band to 12 kHz, clearer to listen to than the recogniser's 8 kHz, at a
 * bit rate where the native AAC encoder is transparent for speech.
 */

export const PLAYER_AUDIO_TYPE = 'audio/mp4';

/** ffmpeg output options writing the first audio stream of the input as the player's audio at `path` (a seekable file: `+faststart` rewrites its front). */
export function playerAudioOutput(path: string): string[] {
  return [
    '-map',
    '0:a:0',
    '-vn',
    '-ac',
    '1',
    '-ar',
    '24000',
    '-c:a',
    'aac',
    '-profile:a',
    'aac_low',
    '-b:a',
    '48k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    path,
  ];
}
