/**
 * Which of a speaker's lines a cloned voice is learned from (original-voice dubbing): their own lines in
 * time order, leaving out every line that overlaps another speaker's (two voices at once would clone both)
 * and lines too short to carry a voice, until the sample is long enough. A speaker with too little clean
 * speech is not cloned: their voice is matched instead.
 */

export const CLONE_SAMPLE = {
  /** Less clean speech than this clones poorly (ElevenLabs and CosyVoice ask for at least about 10 s). */
  minSeconds: 10,
  /** More adds little to an instant clone and only makes every reference request larger. */
  maxSeconds: 30,
  /** A line shorter than this is mostly its edges. */
  minLineSeconds: 0.8,
} as const;

export interface TimedLine {
  speaker: string;
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

export interface CloneSample {
  segments: { start: number; end: number }[];
  /** What is said in the segments, in order: the transcript a reference endpoint is given. */
  text: string;
  seconds: number;
}

export function cloneSample(lines: readonly TimedLine[], speaker: string): CloneSample | null {
  const others = lines.filter((l) => l.speaker !== speaker);
  const own = lines.filter((l) => l.speaker === speaker && l.text.trim() && l.end - l.start >= CLONE_SAMPLE.minLineSeconds).sort((a, b) => a.start - b.start);
  const segments: CloneSample['segments'] = [];
  const said: string[] = [];
  let seconds = 0;
  for (const line of own) {
    if (others.some((o) => o.start < line.end && line.start < o.end)) continue;
    segments.push({ start: line.start, end: line.end });
    said.push(line.text.trim());
    seconds += line.end - line.start;
    if (seconds >= CLONE_SAMPLE.maxSeconds) break;
  }
  return seconds >= CLONE_SAMPLE.minSeconds ? { segments, text: said.join(' '), seconds } : null;
}
