/**
 * Speaker identification across recordings, as voice profiles work: a speaker of one recording is saved
 * under their name (enrolment), and in another recording of the same voices saying other things each speaker
 * found is named after a profile by the Worker's own decision (identifySpeakers), or left unnamed. Both recordings go the
 * way a record's lines go once recognised (the engine measures each line's voice, the lines are clustered into
 * speakers, each speaker gets one voiceprint, contracts/voiceprints.ts); the lines are the true turns, so the
 * figures measure the voices and not the recogniser's cuts. Voices: the real read speech PocketSphinx ships (the LibriVox reader, the "cards"
 * speaker; goforward, numbers, something and a TIDIGITS speaker as voices never enrolled) and espeak-ng ones.
 * Scored per turn: an enrolled voice's turn is right when it carries that voice's name; an unknown voice's
 * turn is a false accept when it carries any name.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DiarizeResponse, ENGINE_PATHS, ENGINE_SAMPLE_RATE, type EmbeddingsResponse } from '../../contracts/engine';
import { LINE_LIMIT, SPEAKER_LIMIT, type Voiceprint, identifySpeakers, voiceDistance, voiceprintOf } from '../../contracts/voiceprints';
import { wav } from '../backends/asr/openai';
import { postLong } from './common';
import { type LabelledLine, learnVoiceSpace } from './voice-space';
import type { Turn } from './der';
import { LINES, VOICES, type Voice, random, speak } from './dialogues';

const DATA = '/usr/share/pocketsphinx/test/data';

/** A voice: what it says when enrolled, and what it says in the recording where it is looked for. */
interface BenchVoice {
  name: string;
  real: boolean;
  enrol: Int16Array[];
  identify: Int16Array[];
}

const pcmOf = (bytes: Buffer) => new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
/** A 16 kHz mono PCM16 WAV's samples (the test data's WAVs have a 44-byte header). */
const wavFile = (path: string) => pcmOf(readFileSync(path).subarray(44));
const rawFile = (path: string) => pcmOf(readFileSync(path));

/** Voices never enrolled, as unlike and as like the enrolled ones as people are. */
const UNKNOWN_SYNTHETIC: Voice[] = [
  { name: 'male, en-us+m2', args: ['-v', 'en-us+m2', '-p', '40', '-s', '165'] },
  { name: 'female, en+f5', args: ['-v', 'en+f5', '-p', '60', '-s', '170'] },
  { name: 'male, en-gb-x-rp+m4', args: ['-v', 'en-gb-x-rp+m4', '-p', '35', '-s', '155'] },
  { name: 'female, en-us+f1', args: ['-v', 'en-us+f1', '-p', '75', '-s', '160'] },
];

function benchVoices(quick: boolean): { enrolled: BenchVoice[]; unknown: BenchVoice[] } {
  const lines = quick ? 3 : 6;
  const half = LINES.length / 2;
  const synthetic = (v: Voice, i: number): BenchVoice => ({
    name: v.name,
    real: false,
    // Enrolled from the first half of the script, looked for in the second: other words, same voice.
    enrol: Array.from({ length: lines }, (_, k) => speak(v, LINES[(i + k) % half]!)),
    identify: Array.from({ length: lines }, (_, k) => speak(v, LINES[half + ((i + k) % half)]!)),
  });
  const librivox = ['0870', '0880', '0890', '0920', '0930'].map((id) => wavFile(join(DATA, `librivox/sense_and_sensibility_01_austen_64kb-${id}.wav`)));
  const cards = ['001', '002', '003', '004', '005'].map((id) => wavFile(join(DATA, `cards/${id}.wav`)));
  const enrolled: BenchVoice[] = [
    { name: 'LibriVox reader (real)', real: true, enrol: librivox.slice(0, 3), identify: librivox.slice(3) },
    { name: 'cards speaker (real)', real: true, enrol: cards.slice(0, 3), identify: cards.slice(3) },
    ...(quick ? VOICES.slice(0, 2) : VOICES).map(synthetic),
  ];
  const unknown: BenchVoice[] = [
    ...(quick ? ['goforward'] : ['goforward', 'numbers', 'something', 'tidigits/dhd.2934z']).map((f) => ({
      name: `${f.split('/').pop()} (real)`,
      real: true,
      enrol: [],
      identify: [rawFile(join(DATA, `${f}.raw`))],
    })),
    ...(quick ? UNKNOWN_SYNTHETIC.slice(0, 1) : UNKNOWN_SYNTHETIC).map((v, i) => ({ ...synthetic(v, i + 3), enrol: [] })),
  ];
  return { enrolled, unknown };
}

/** Turns of `cast` taken in rounds (each voice's next utterance), with pauses as people leave them, as one WAV. */
function recording(dir: string, file: string, cast: { voice: BenchVoice; utterances: Int16Array[] }[], seed: number) {
  const noise = random(seed);
  const silence = (seconds: number) => Int16Array.from({ length: Math.round(seconds * ENGINE_SAMPLE_RATE) }, () => Math.round((noise() - 0.5) * 40));
  const parts: Int16Array[] = [silence(0.5)];
  const truth: Turn[] = [];
  let at = parts[0]!.length;
  const rounds = Math.max(...cast.map((c) => c.utterances.length));
  for (let r = 0; r < rounds; r++) {
    for (const { voice, utterances } of cast) {
      const speech = utterances[r];
      if (!speech) continue;
      const pause = silence(0.5 + noise() * 0.7);
      truth.push({ start: at / ENGINE_SAMPLE_RATE, end: (at + speech.length) / ENGINE_SAMPLE_RATE, speaker: voice.name });
      parts.push(speech, pause);
      at += speech.length + pause.length;
    }
  }
  const pcm = new Int16Array(at);
  let off = 0;
  for (const p of parts) {
    pcm.set(p, off);
    off += p.length;
  }
  const path = join(dir, file);
  writeFileSync(path, wav(pcm));
  return { path, truth };
}

/**
 * The speakers a record of `path` would get, its lines being the recording's turns as a recogniser cut them
 * (the engine measures the lines' voices, as it does for every recogniser, then clusters them): each line's
 * label, and each label's voiceprint.
 */
async function speakersOf(engineUrl: string, secret: string, path: string, lines: Turn[]) {
  const spans = lines.map(({ start, end }) => ({ start, end }));
  const measured = await postLong(`${engineUrl}${ENGINE_PATHS.embeddings}?segments=${encodeURIComponent(JSON.stringify(spans))}`, readFileSync(path), secret);
  const { embeddings, pitch } = JSON.parse(measured) as EmbeddingsResponse;
  const clustered = await fetch(`${engineUrl}${ENGINE_PATHS.cluster}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ embeddings, seconds: spans.map((s) => s.end - s.start), pitches: pitch.map((p) => p ?? 0) }),
  });
  if (!clustered.ok) throw new Error(`cluster answered ${clustered.status}: ${await clustered.text()}`);
  const { labels } = (await clustered.json()) as DiarizeResponse;
  const names = [...new Set(labels)];
  const heard = spans.map((s, i) => ({ embedding: embeddings[i], pitch: pitch[i] ?? 0, seconds: s.end - s.start }));
  const prints = names.map((label) => voiceprintOf(heard.filter((_, i) => labels[i] === label)));
  return { hypothesis: spans.map((s, i) => ({ ...s, speaker: labels[i]! })), names, prints, heard, labels };
}

/** The hypothesis label overlapping `turn` the longest, or null where nothing was heard. */
function labelOver(turn: Turn, hypothesis: Turn[]): string | null {
  const time = new Map<string, number>();
  for (const h of hypothesis) {
    const o = Math.min(turn.end, h.end) - Math.max(turn.start, h.start);
    if (o > 0) time.set(h.speaker, (time.get(h.speaker) ?? 0) + o);
  }
  return [...time].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export interface IdentificationScore {
  enrolledTurns: number;
  namedRight: number;
  unknownTurns: number;
  falselyNamed: number;
  /** Of those, turns the clusterer put into an enrolled voice's speaker (so they took that speaker's name). */
  merged: number;
}

export interface IdentificationFigures {
  /** At the chosen limits, on the recordings they were chosen on and on the held-out ones. */
  development: IdentificationScore;
  heldOut: IdentificationScore;
  /** Per pair of limits tried: both rates on both splits, so the chosen pair can be seen against its neighbours. */
  sweep: { speaker: number; line: number; development: { right: number; falseAccept: number }; heldOut: { right: number; falseAccept: number } }[];
}

/**
 * The lines of the voices heard only in the development recordings, each labelled with its voice: what the
 * voice space is learned from (their enrolment recordings' lines too).
 */
function developmentLines(development: Recorded[], heldOut: Recorded[], enrolments: Recorded[]): LabelledLine[] {
  const voicesOf = (recordings: Recorded[]) => new Set(recordings.flatMap((r) => r.truth.map((t) => t.speaker)));
  const held = voicesOf(heldOut);
  const voices = new Set([...voicesOf(development)].filter((v) => !held.has(v)));
  return [...development, ...enrolments].flatMap(({ truth, heard }) =>
    truth.flatMap((t, i) =>
      voices.has(t.speaker) && heard[i]?.embedding?.length ? [{ embedding: heard[i]!.embedding!, pitch: heard[i]!.pitch, voice: t.speaker }] : [],
    ),
  );
}

type Recorded = Awaited<ReturnType<typeof speakersOf>> & { truth: Turn[] };

export async function benchIdentification(engineUrl: string, secret: string, dir: string, quick: boolean, learn = false): Promise<IdentificationFigures> {
  const { enrolled, unknown } = benchVoices(quick);
  // Enrolment: recordings of two voices each, as a weekly meeting would be; each voice's speaker is saved.
  const profiles: { name: string; print: Voiceprint }[] = [];
  const enrolments: Recorded[] = [];
  for (let i = 0; i < enrolled.length; i += 2) {
    const cast = enrolled.slice(i, i + 2).map((voice) => ({ voice, utterances: voice.enrol }));
    const { path, truth } = recording(dir, `enrol-${i}.wav`, cast, 50 + i);
    const found = await speakersOf(engineUrl, secret, path, truth);
    enrolments.push({ truth, ...found });
    const { hypothesis, names, prints } = found;
    for (const { voice } of cast) {
      // The speaker the user names is the one found over most of the voice's turns.
      const votes = new Map<string, number>();
      for (const t of truth.filter((t) => t.speaker === voice.name)) {
        const l = labelOver(t, hypothesis);
        if (l) votes.set(l, (votes.get(l) ?? 0) + t.end - t.start);
      }
      const label = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
      const print = label === undefined ? null : prints[names.indexOf(label)];
      if (print) profiles.push({ name: voice.name, print });
      else console.log(`  enrolment: ${voice.name} was not heard`);
    }
  }
  // Identification: other recordings, each of two enrolled voices and one never enrolled, saying other things.
  const scored: Recorded[] = [];
  const rounds = Math.max(Math.ceil(enrolled.length / 2), unknown.length);
  for (let r = 0; r < rounds; r++) {
    const a = enrolled[(2 * r + 1) % enrolled.length]!;
    const b = enrolled[(2 * r + 2) % enrolled.length]!;
    const u = unknown[r % unknown.length]!;
    const cast = [a, b, u].filter((v, i, all) => all.indexOf(v) === i).map((voice) => ({ voice, utterances: voice.identify }));
    const { path, truth } = recording(dir, `identify-${r}.wav`, cast, 90 + r);
    scored.push({ truth, ...(await speakersOf(engineUrl, secret, path, truth)) });
  }
  const known = new Set(enrolled.map((v) => v.name));
  const score = (recordings: typeof scored, limits: { speaker: number; line: number }) => {
    let enrolledTurns = 0;
    let namedRight = 0;
    let unknownTurns = 0;
    let falselyNamed = 0;
    let merged = 0;
    for (const { truth, hypothesis, names, heard, labels } of recordings) {
      // The same call the Worker makes when it names a record's speakers (worker/services/voices.ts).
      const members = names.map((label) => labels.flatMap((l, i) => (l === label ? [i] : [])));
      const speakers = members.map((lines) => ({ print: voiceprintOf(lines.map((i) => heard[i]!)), lines: lines.map((i) => heard[i]!) }));
      const identified = identifySpeakers(speakers, profiles, limits);
      const nameOf = (line: number) => {
        const s = names.indexOf(labels[line]!);
        return identified[s]![members[s]!.indexOf(line)]?.name ?? null;
      };
      // Speakers found holding an enrolled voice's turn: an unknown voice clustered into one is a separation error.
      const holdsKnown = new Set(truth.flatMap((t) => (known.has(t.speaker) ? [labelOver(t, hypothesis)] : [])));
      truth.forEach((t, i) => {
        // The lines are the true turns, one for one.
        const name = nameOf(i);
        if (known.has(t.speaker)) {
          enrolledTurns++;
          if (name === t.speaker) namedRight++;
        } else {
          unknownTurns++;
          if (name !== null) falselyNamed++;
          if (name !== null && holdsKnown.has(labelOver(t, hypothesis))) merged++;
        }
      });
    }
    return { enrolledTurns, namedRight, unknownTurns, falselyNamed, merged };
  };
  // Each voice of each recording: the speaker it was found as, and how far that speaker lies from the profiles.
  for (const [r, { truth, hypothesis, names, prints }] of scored.entries()) {
    for (const voice of new Set(truth.map((t) => t.speaker))) {
      const label = labelOver(truth.find((t) => t.speaker === voice)!, hypothesis);
      const print = label === null ? null : prints[names.indexOf(label)];
      if (!print) continue;
      const distances = profiles.map((p) => ({ name: p.name, d: voiceDistance(print, p.print) })).sort((x, y) => x.d - y.d);
      const own = distances.find((x) => x.name === voice);
      const other = distances.find((x) => x.name !== voice);
      console.log(
        `  recording ${r + 1}, ${voice}: found as speaker ${label} (${print.seconds} s, ${print.pitchHz} Hz); ` +
          `${own ? `own profile at ${own.d.toFixed(1)}, ` : 'never enrolled, '}nearest other profile at ${other?.d.toFixed(1)} (${other?.name})`,
      );
    }
  }
  // Development recordings (the odd-numbered ones: 1, 3, 5, 7) chose the limits; the even-numbered ones hold
  // other enrolled pairs and other unknown voices, and report them.
  const development = scored.filter((_, r) => r % 2 === 0);
  const heldOut = scored.filter((_, r) => r % 2 === 1);
  if (learn)
    console.log(
      `voice space learned on the development voices' lines (contracts/voice-space.ts): ${JSON.stringify(learnVoiceSpace(developmentLines(development, heldOut, enrolments)))}`,
    );
  const rate = (s: ReturnType<typeof score>) => ({ right: s.namedRight / s.enrolledTurns, falseAccept: s.falselyNamed / s.unknownTurns });
  const sweep = [1.2, LINE_LIMIT, 1.6].flatMap((line) =>
    [2, 2.5, SPEAKER_LIMIT, 4].map((speaker) => ({
      speaker,
      line,
      development: rate(score(development, { speaker, line })),
      heldOut: rate(score(heldOut, { speaker, line })),
    })),
  );
  const chosen = { speaker: SPEAKER_LIMIT, line: LINE_LIMIT };
  return { development: score(development, chosen), heldOut: score(heldOut.length ? heldOut : development, chosen), sweep };
}
