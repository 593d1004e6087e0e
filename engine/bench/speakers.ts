/**
 * Speaker separation quality: dialogues of espeak-ng voices (engine/bench/dialogues.ts) go the way an
 * uploaded file goes (VAD pieces → recognition with embeddings → the cluster route over all lines), and the
 * labels are scored by diarization error rate (0.25 s collar) and the speaker count found.
 * Goal: DER ≤ 10 % with two voices, ≤ 20 % with four, the count right in at least 9 of 10 dialogues.
 * Then identification across recordings (engine/bench/identification.ts): voices enrolled from one recording
 * and named in others by the decision voice profiles use (contracts/voiceprints.ts), with limits chosen on the
 * development recordings and reported on the held-out ones. Goal: ≥ 95 % of enrolled voices' turns named
 * right, ≤ 2 % of unknown voices' turns given a name.
 * Run: npm run bench:speakers   (quick check, as `npm test` runs it: -- --quick; -- --learn also prints the voice
 * space learned on the development recordings, for contracts/voice-space.ts)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DiarizeResponse, ENGINE_PATHS, type TranscribeResponse } from '../../contracts/engine';
import { SECRET, postLong, startBenchEngine } from './common';
import { type DerScore, diarizationError } from './der';
import { DIALOGUE_COUNT, type Dialogue, makeDialogue } from './dialogues';
import { QUICK, requireFigures } from './figures';
import { type IdentificationFigures, type IdentificationScore, benchIdentification } from './identification';
import { LINE_LIMIT, SPEAKER_LIMIT } from '../../contracts/voiceprints';

const dir = mkdtempSync(join(tmpdir(), 'bench-speakers-'));
// The quick check runs one two-voice and one four-voice dialogue, shorter.
const chosen = QUICK ? [0, 7] : Array.from({ length: DIALOGUE_COUNT }, (_, i) => i);
const dialogues = chosen.map((i) => makeDialogue(dir, i, QUICK ? 8 : 16));
const engine = await startBenchEngine();
const auth = { authorization: `Bearer ${SECRET}` };

async function diarize(d: Dialogue) {
  const transcribed = await postLong(`${engine.url}${ENGINE_PATHS.transcribe}?embeddings=true`, readFileSync(d.path), SECRET);
  const { segments } = JSON.parse(transcribed) as TranscribeResponse;
  const clustered = await fetch(`${engine.url}${ENGINE_PATHS.cluster}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      embeddings: segments.map((s) => s.embedding),
      seconds: segments.map((s) => s.end - s.start),
      pitches: segments.map((s) => s.pitch ?? 0),
    }),
  });
  if (!clustered.ok) throw new Error(`cluster answered ${clustered.status}: ${await clustered.text()}`);
  const { labels, speakers } = (await clustered.json()) as DiarizeResponse;
  return { speakers, hypothesis: segments.map((s, i) => ({ start: s.start, end: s.end, speaker: labels[i]! })) };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const results: { d: Dialogue; score: DerScore; found: number }[] = [];
let identification: IdentificationFigures;
try {
  for (const d of dialogues) {
    const { speakers, hypothesis } = await diarize(d);
    const score = diarizationError(d.truth, hypothesis);
    results.push({ d, score, found: speakers });
    console.log(
      `${d.speakers} voices, ${d.seconds.toFixed(0)} s, ${d.truth.length} turns: DER ${pct(score.der)} ` +
        `(missed ${pct(score.missed / score.speech)}, false alarm ${pct(score.falseAlarm / score.speech)}, confusion ${pct(score.confusion / score.speech)}), ` +
        `${speakers} speakers found — ${d.voices.join(' / ')}`,
    );
  }
  identification = await benchIdentification(engine.url, SECRET, dir, QUICK, process.argv.includes('--learn'));
} finally {
  engine.close();
}

requireFigures('bench:speakers', {
  'DER per dialogue': results.map((r) => r.score.der),
  'scored speech': results.reduce((a, r) => a + r.score.speech, 0),
  'enrolled turns': identification.heldOut.enrolledTurns,
  'unknown turns': identification.heldOut.unknownTurns,
});
// The issue sets goals for two and four voices; three are reported without one.
const goals: Record<number, number | undefined> = { 2: 0.1, 4: 0.2 };
for (const n of [2, 3, 4]) {
  const group = results.filter((r) => r.d.speakers === n);
  if (!group.length) continue;
  const sum = (k: keyof DerScore) => group.reduce((a, r) => a + r.score[k], 0);
  const der = (sum('missed') + sum('falseAlarm') + sum('confusion')) / sum('speech');
  console.log(
    `${n} voices: DER ${pct(der)} over ${group.length} dialogue(s) (${goals[n] ? `goal ≤ ${pct(goals[n])}` : 'no goal set'}), count right in ${group.filter((r) => r.found === n).length}/${group.length}`,
  );
}
const right = results.filter((r) => r.found === r.d.speakers).length;
console.log(`speaker count right in ${right} of ${results.length} dialogues (goal: at least 9 of 10)`);

const { development, heldOut, sweep } = identification;
const both = (r: { right: number; falseAccept: number }) => `named right ${pct(r.right)}, unknown voices named ${pct(r.falseAccept)}`;
for (const row of sweep) console.log(`  limits ${row.speaker} / ${row.line}: development ${both(row.development)}; held out ${both(row.heldOut)}`);
const report = (split: string, s: IdentificationScore) =>
  console.log(
    `identification, ${split}, at limits ${SPEAKER_LIMIT} (speaker) / ${LINE_LIMIT} (line): ${s.namedRight} of ${s.enrolledTurns} enrolled turns named right (${pct(s.namedRight / s.enrolledTurns)}, goal ≥ 95 %), ` +
      `${s.falselyNamed} of ${s.unknownTurns} unknown turns named (${pct(s.falselyNamed / s.unknownTurns)}, goal ≤ 2 %; ${s.merged} of them clustered into an enrolled speaker)`,
  );
report('development recordings (odd-numbered)', development);
report('held-out recordings (even-numbered)', heldOut);
