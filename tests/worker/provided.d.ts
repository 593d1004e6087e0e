// Values global-setup.ts provides to the Worker suite (read in tests with `inject`).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The two-voice test meeting as an MP3, base64 (tests inside workerd cannot read files). */
    meetingMp3: string;
    /** The meeting under a test picture, as an mp4 to dub, base64. */
    meetingMp4: string;
    /** The same meeting as 16 kHz mono PCM16, base64. */
    meetingPcm: string;
    /** A LibriVox clip of read English speech (PocketSphinx's test data), base64 WAV, and what is said in it. */
    librivoxWav: string;
    librivoxText: string;
    /** The five LibriVox clips read one after another with 1.5 s between (about 30 s): JSON of { pcm: base64 PCM16, texts, ends (seconds) }. */
    librivoxReading: string;
    /** espeak-ng saying "Send it on WhatsApp", base64 WAV: a proprietary word PocketSphinx misses. */
    hotwordWav: string;
    /** tests/fixtures/recordings.ts: JSON of recording name → base64 MP3. */
    recordings: string;
    /** Its two-voice recording under a test picture, an mp4 to dub, base64. */
    twoVoicesMp4: string;
    /** A longer two-voice discussion (tests/fixtures/meeting-script.ts DISCUSSION_LINES) as an MP3, base64. */
    discussionMp3: string;
    /** The Chinese meeting (tests/fixtures/meeting-script.ts CHINESE_MEETING_LINES): JSON of { pcm: base64 PCM16, spans }. */
    chineseMeeting: string;
    /** The four-person meeting (tests/fixtures/meeting-script.ts FOUR_PERSON_LINES): JSON of { pcm: base64 PCM16, spans }. */
    fourPersonMeeting: string;
    /**
     * Meetings where tasks are handed out (ACTION_MEETING_LINES, CHINESE_ACTION_LINES): JSON of { en, zh } each
     * { pcm: base64 PCM16, spans }.
     */
    actionMeetings: string;
    /** The local webhook receiver's address (tests/worker/webhook-receiver.ts). */
    webhookReceiver: string;
  }
}
export {};
