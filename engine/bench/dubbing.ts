/**
 * Dubbing speed and fit on a 60 s video made here: a testsrc picture with 18 English sentences spoken in turn
 * by two espeak-ng speakers (a low and a high voice) at known times with pauses between them, dubbed with Spanish and English lines of varied length
 * (some longer than their slot), subtitles burned in, by the engine's Dubbing in-process.
 * Prints the wall time against a plain ffmpeg encode of the same video with the render's settings, how the
 * lines fitted, overruns and tempo, A/V sync and whether ffprobe reads the output as playable; twice, cold
 * (empty speech cache) and warm (every line cached), then once without subtitles against a plain re-mux.
 * Then, offline as a dub without cloning is, each of the video's two speakers' dubbed voice against the speaker:
 * median pitch (goal within 2 semitones) and how far apart the two dubbed voices are.
 * Exits non-zero if a line ends outside its allowed window, an output is not playable or a voice misses its pitch.
 * Run: npm run bench:dubbing   (quick check of the figures, as `npm test` runs it: -- --quick: a 12 s 640×360
 * video of three lines)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BORROW_GAP_SECONDS, type FitKind, type LineFit, MAX_TEMPO, type RenderPlan } from '../../contracts/dubbing-engine';
import { type HeardVoice, voiceDistance, voiceprintOf } from '../../contracts/voiceprints';
import { Dubbing } from '../backends/dubbing';
import { atRecognitionRate, speechPitch } from '../backends/dubbing/pcm';
import { embeddingJson, embedSamples } from '../backends/diarization/mfcc';
import { medianPitch } from '../backends/diarization/pitch';
import { loadConfig } from '../config';
import { makeTestVideo } from '../../tests/fixtures/video';
import { QUICK, requireFigures } from './figures';

const VIDEO_SECONDS = QUICK ? 12 : 60;
const SIZE = QUICK ? '640x360' : '1280x720';
const FPS = 25;
const RATE = 16_000;
/** Reported times are rounded to the millisecond. */
const EPS = 0.0005;
/** The render's own encoder settings (backends/dubbing/video.ts), so the baseline differs only by the dubbing. */
const VIDEO_ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'];
const AUDIO_ENCODE = ['-c:a', 'aac', '-b:a', '160k', '-movflags', '+faststart'];

/** What the video says, and what the dub says in its place: Spanish mostly, some English, short to far too long. */
const FULL_SCRIPT: { said: string; dub: string }[] = [
  { said: 'Welcome to the weekly product review.', dub: 'Bienvenidos a la revisión semanal.' },
  { said: 'Sales grew in every region this quarter.', dub: 'Las ventas crecieron en todas las regiones durante este trimestre.' },
  { said: 'The new app was downloaded forty thousand times.', dub: 'La nueva aplicación se descargó cuarenta mil veces.' },
  { said: 'Most users open it in the morning.', dub: 'Casi todos la abren por la mañana.' },
  { said: 'Support tickets fell by a third.', dub: 'Las incidencias de soporte bajaron un tercio.' },
  { said: 'We still have two open bugs.', dub: 'Todavía quedan dos errores abiertos.' },
  {
    said: 'The payment page loads too slowly.',
    dub: 'La página de pago carga demasiado despacio, sobre todo en los teléfonos antiguos con conexiones lentas.',
  },
  { said: 'Our team will fix that next week.', dub: 'El equipo lo arreglará la semana que viene.' },
  { said: 'Marketing wants a video for the launch.', dub: 'Marketing wants a video for the launch.' },
  { said: 'The budget for it is already approved.', dub: 'El presupuesto ya está aprobado.' },
  { said: 'Questions?', dub: '¿Preguntas?' },
  { said: 'Who is writing the press release?', dub: '¿Quién escribe la nota de prensa?' },
  {
    said: 'Anna will draft it by Friday.',
    dub: 'Anna la redactará antes del viernes, y después la revisará con calma todo el equipo de comunicación.',
  },
  { said: 'Then legal has to read it.', dub: 'Luego tiene que leerla el departamento jurídico.' },
  { said: 'We launch on the first of June.', dub: 'Lanzamos el uno de junio.' },
  { said: 'Please test the beta before then.', dub: 'Please try the beta before then and tell us what breaks.' },
  { said: 'Send your notes to the team channel.', dub: 'Enviad vuestras notas al canal del equipo.' },
  { said: 'Thank you all, see you next week.', dub: 'Gracias a todos, nos vemos la semana que viene.' },
];
const SCRIPT = QUICK ? FULL_SCRIPT.slice(0, 3) : FULL_SCRIPT;
/**
 * The video's two speakers, alternating sentences, and the voice each is dubbed with offline: a male voice for
 * the low speaker and a female one for the high, as the Worker casts matched voices (worker/services/dubbing/voices.ts),
 * each shifted to its speaker's own median pitch as the Worker asks (`pitchHz`).
 */
const SPEAKERS = [
  { name: 'low', says: ['-v', 'en-us+m3', '-p', '30'], voice: 'espeak:es+m3' },
  { name: 'high', says: ['-v', 'en-us+f3', '-p', '70'], voice: 'espeak:es+f3' },
];
const speakerOf = (line: number) => SPEAKERS[line % SPEAKERS.length]!;
/** Pauses after each sentence, seconds: from a breath to a long gap that a long line can borrow. */
const PAUSES = [0.6, 1.2, 0.4, 2.0, 0.8, 0.3, 1.5, 0.7, 1.0];

const dir = mkdtempSync(join(tmpdir(), 'dubbing-bench-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { maxBuffer: 256 * 1024 * 1024 });
const ms = (s: number) => Math.round(s * 1000) / 1000;
const wall = async <T>(fn: () => Promise<T> | T): Promise<{ value: T; seconds: number }> => {
  const started = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - started) / 1000 };
};

/** One sentence as 16 kHz mono samples without espeak-ng's silent lead-in and tail, so its slot is where speech is. */
function sayEnglish(text: string, i: number): Int16Array {
  const wav = join(dir, `said-${i}.wav`);
  run('espeak-ng', [...speakerOf(i).says, '-s', '160', '-w', wav, text]);
  const raw = run('ffmpeg', ['-v', 'error', '-i', wav, '-ar', String(RATE), '-ac', '1', '-f', 's16le', 'pipe:1']);
  const pcm = new Int16Array(raw.buffer, raw.byteOffset, raw.length >> 1);
  let first = 0;
  let last = pcm.length - 1;
  while (first < last && Math.abs(pcm[first]!) < 330) first++;
  while (last > first && Math.abs(pcm[last]!) < 330) last--;
  return pcm.slice(first, last + 1);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const semitones = (a: number, b: number) => Math.abs(12 * Math.log2(a / b));
/** How recognition describes one line's voice (its MFCC statistics and median pitch), for voiceprints. */
const heardVoice = (samples16k: Float32Array): HeardVoice => ({
  embedding: embeddingJson(embedSamples(samples16k)),
  pitch: medianPitch(samples16k),
  seconds: samples16k.length / RATE,
});

/** The source video, the plan whose lines sit exactly on the spoken sentences, and each source line's voice as recognition hears it. */
function makeSource(): { video: string; plan: RenderPlan; heard: HeardVoice[] } {
  const track = new Int16Array(VIDEO_SECONDS * RATE);
  const said = SCRIPT.map((line, i) => sayEnglish(line.said, i));
  const heard = said.map((pcm) => heardVoice(Float32Array.from(pcm, (x) => x / 32768)));
  // Each speaker's median over their lines' pitches, as the Worker takes it (speakerPitches).
  const pitchOf = (speaker: number) => Math.round(median(heard.flatMap((h, i) => (i % SPEAKERS.length === speaker && h.pitch ? [h.pitch] : []))));
  const lines: RenderPlan['lines'] = [];
  let at = 1;
  SCRIPT.forEach((line, i) => {
    const pcm = said[i]!;
    const start = Math.round(at * RATE);
    if (start + pcm.length > track.length) throw new Error(`the script does not fit in ${VIDEO_SECONDS} s`);
    track.set(pcm, start);
    const speaker = i % SPEAKERS.length;
    lines.push({ start: ms(start / RATE), end: ms((start + pcm.length) / RATE), text: line.dub, voice: SPEAKERS[speaker]!.voice, pitchHz: pitchOf(speaker) });
    at = (start + pcm.length) / RATE + PAUSES[i % PAUSES.length]!;
  });
  const audio = join(dir, 'said.s16le');
  writeFileSync(audio, track);
  const video = join(dir, 'source.mp4');
  makeTestVideo({ audio: ['-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', audio], out: video, size: SIZE, fps: FPS, seconds: VIDEO_SECONDS });
  return {
    video,
    plan: { language: 'es-ES', lines, subtitles: { fontSize: 24, maxChars: 42, primaryColor: '#ffffff', outlineColor: '#000000' } },
    heard,
  };
}

interface StreamInfo {
  codec_type: string;
  codec_name: string;
  duration?: string;
  start_time?: string;
  nb_read_packets?: string;
}

/** ffprobe's view of an output; `problems` is empty when it reads as a playable h264 + aac mp4 of the source's length. */
function inspect(path: string) {
  const json = JSON.parse(
    run('ffprobe', ['-v', 'error', '-count_packets', '-print_format', 'json', '-show_format', '-show_streams', path]).toString('utf8'),
  ) as { format?: { format_name?: string; duration?: string }; streams?: StreamInfo[] };
  const streams = json.streams ?? [];
  const video = streams.filter((s) => s.codec_type === 'video');
  const audio = streams.filter((s) => s.codec_type === 'audio');
  const problems: string[] = [];
  if (!json.format?.format_name?.includes('mp4')) problems.push(`container ${json.format?.format_name}`);
  if (video.length !== 1 || video[0]!.codec_name !== 'h264') problems.push(`video streams ${video.map((s) => s.codec_name).join(',') || 'none'}`);
  if (audio.length !== 1 || audio[0]!.codec_name !== 'aac') problems.push(`audio streams ${audio.map((s) => s.codec_name).join(',') || 'none'}`);
  const v = Number(video[0]?.duration);
  const a = Number(audio[0]?.duration);
  if (!(Math.abs(v - VIDEO_SECONDS) < 0.2)) problems.push(`video lasts ${v} s`);
  if (!(Math.abs(a - VIDEO_SECONDS) < 0.2)) problems.push(`audio lasts ${a} s`);
  if (Number(video[0]?.nb_read_packets) !== VIDEO_SECONDS * FPS) problems.push(`${video[0]?.nb_read_packets} video packets, not ${VIDEO_SECONDS * FPS}`);
  return { format: json.format, video: video[0], audio: audio[0], problems };
}

/**
 * Each line against the window the contract allows (contracts/dubbing-engine.ts), worked out here from the plan
 * rather than by the engine's own lineBounds: its slot, or up to BORROW_GAP_SECONDS before the next line when
 * it borrowed, or the video's end for the last line. Also the largest overrun of a slot's end.
 */
function checkFits(plan: RenderPlan, fits: readonly LineFit[], duration: number) {
  const order = plan.lines.map((_, i) => i).sort((a, b) => plan.lines[a]!.start - plan.lines[b]!.start || a - b);
  const bad: string[] = [];
  let overrun = { seconds: 0, line: -1 };
  order.forEach((i, k) => {
    const line = plan.lines[i]!;
    const next = k + 1 < order.length ? plan.lines[order[k + 1]!]!.start : undefined;
    const slotEnd = Math.min(line.end, next ?? duration, duration);
    const limit = next === undefined ? duration : Math.max(slotEnd, next - BORROW_GAP_SECONDS);
    const f = fits[i]!;
    if (Math.abs(f.start - line.start) > EPS) bad.push(`line ${i} starts at ${f.start}, not on its slot at ${line.start}`);
    if (f.end < f.start || f.end > limit + EPS) bad.push(`line ${i} ends at ${f.end}, allowed ${line.start}-${ms(limit)}`);
    if (f.tempo < 1 || f.tempo > MAX_TEMPO) bad.push(`line ${i} tempo ${f.tempo}`);
    if (f.end - slotEnd > overrun.seconds) overrun = { seconds: f.end - slotEnd, line: i };
  });
  return { bad, overrun };
}

const counts = (fits: readonly LineFit[]) => {
  const by: Record<FitKind, number> = { fits: 0, borrowed: 0, sped: 0, overflow: 0, empty: 0 };
  for (const f of fits) by[f.fit]++;
  return by;
};

/** Pitch-matched voices are within this of their speaker's own median pitch (issue 41's goal). */
const PITCH_GOAL_SEMITONES = 2;

/**
 * Each speaker's dubbed voice against the speaker, offline (matched voices, no cloning): the median pitch of
 * the lines as the render spoke them (the speech cache's, before fitting, which keeps pitch) and as the voice
 * speaks unshifted, against the speaker's own; then how far apart the two dubbed voices are, in semitones and
 * as voiceprints (contracts/voiceprints.ts), beside the two speakers' own distance. False when a voice misses the goal.
 */
async function matchedVoices(plan: RenderPlan, heard: HeardVoice[]): Promise<boolean> {
  console.log('');
  console.log(`voices (offline, each matched to its speaker's median pitch; goal within ${PITCH_GOAL_SEMITONES} semitones):`);
  let ok = true;
  const dubbed: { pitch: number; print: ReturnType<typeof voiceprintOf>; own: ReturnType<typeof voiceprintOf> }[] = [];
  for (const [k, speaker] of SPEAKERS.entries()) {
    const lines = plan.lines.filter((_, i) => i % SPEAKERS.length === k);
    const spoken = (pitchHz?: number) =>
      Promise.all(lines.map(async (l) => (await dubbing.speak({ text: l.text, language: plan.language, voice: l.voice, pitchHz })).pcm));
    const shifted = await spoken(lines[0]!.pitchHz);
    const natural = await spoken();
    const pitchOf = (pcms: Int16Array[]) => median(pcms.flatMap((p) => speechPitch(p) ?? []));
    const own = lines[0]!.pitchHz!;
    const pitch = pitchOf(shifted);
    const off = semitones(pitch, own);
    if (!(off <= PITCH_GOAL_SEMITONES)) ok = false;
    dubbed.push({
      pitch,
      print: voiceprintOf(shifted.map((p) => heardVoice(atRecognitionRate(p)))),
      own: voiceprintOf(heard.filter((_, i) => i % SPEAKERS.length === k)),
    });
    console.log(
      `  speaker "${speaker.name}" (espeak-ng ${speaker.says.join(' ')}, ${lines.length} line${lines.length === 1 ? '' : 's'}): own median pitch ${own} Hz; dubbed by ${speaker.voice} ` +
        `at ${pitch.toFixed(0)} Hz (${pitchOf(natural).toFixed(0)} Hz unshifted), ${off.toFixed(2)} semitones from the speaker's: ${off <= PITCH_GOAL_SEMITONES ? 'within' : 'OUTSIDE'} the goal`,
    );
  }
  const [a, b] = dubbed as [(typeof dubbed)[0], (typeof dubbed)[0]];
  const printGap = (x: typeof a.print, y: typeof a.print) => (x && y ? voiceDistance(x, y).toFixed(1) : 'unmeasured');
  console.log(
    `  the two dubbed voices: ${semitones(a.pitch, b.pitch).toFixed(1)} semitones apart; voiceprint distance ${printGap(a.print, b.print)} ` +
      `(the two speakers' own: ${printGap(a.own, b.own)}; each dubbed voice from its speaker: ${printGap(a.print, a.own)}, ${printGap(b.print, b.own)})`,
  );
  return ok;
}

const dubbing = new Dubbing({ ...loadConfig(), tmpDir: join(dir, 'engine') });
let failed = false;
try {
  const made = await wall(makeSource);
  const { video, plan, heard } = made.value;
  console.log(
    `source: ${VIDEO_SECONDS} s testsrc ${SIZE}@${FPS} with ${plan.lines.length} espeak-ng sentences at known times (made in ${made.seconds.toFixed(1)} s), ${availableParallelism()} cores`,
  );

  // The same picture and audio encode with nothing dubbed: what any export of this video costs.
  const encoded = join(dir, 'baseline-encode.mp4');
  const baseline = await wall(() =>
    run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', video, '-map', '0:v:0', '-map', '0:a:0', ...VIDEO_ENCODE, ...AUDIO_ENCODE, encoded]),
  );
  const remuxed = join(dir, 'baseline-remux.mp4');
  const remux = await wall(() =>
    run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', video, '-map', '0:v:0', '-map', '0:a:0', '-c:v', 'copy', ...AUDIO_ENCODE, remuxed]),
  );
  console.log(
    `baseline: ffmpeg re-encode (libx264 veryfast crf 20 + aac 160k) ${baseline.seconds.toFixed(2)} s; re-mux (picture copied, aac) ${remux.seconds.toFixed(2)} s`,
  );

  const runs: { name: string; plan: RenderPlan; base: number; baseName: string }[] = [
    { name: 'cold (empty speech cache), subtitles burned in', plan, base: baseline.seconds, baseName: 're-encode' },
    { name: 'warm (speech cached), subtitles burned in', plan, base: baseline.seconds, baseName: 're-encode' },
    { name: 'warm, no subtitles (picture copied)', plan: { ...plan, subtitles: undefined }, base: remux.seconds, baseName: 're-mux' },
  ];
  let first: LineFit[] | null = null;
  const took: number[] = [];
  for (const r of runs) {
    const { value: out, seconds } = await wall(() => dubbing.render(r.plan, video));
    took.push(seconds);
    requireFigures('bench:dubbing', { [`${r.name}: wall time`]: seconds, [`${r.name}: lines`]: out.lines.length });
    try {
      const kept = join(dir, 'dubbed.mp4');
      copyFileSync(out.path, kept);
      const info = inspect(kept);
      const { bad, overrun } = checkFits(r.plan, out.lines, out.duration);
      const by = counts(out.lines);
      const maxTempo = Math.max(...out.lines.map((l) => l.tempo));
      const v = Number(info.video?.duration);
      const a = Number(info.audio?.duration);
      console.log('');
      console.log(`${r.name}:`);
      console.log(
        `  wall ${seconds.toFixed(2)} s for ${VIDEO_SECONDS} s of video (${(seconds / VIDEO_SECONDS).toFixed(3)}× real time); ${(seconds / r.base).toFixed(2)}× the ${r.baseName} baseline (+${(seconds - r.base).toFixed(2)} s)`,
      );
      console.log(`  lines: ${by.fits} fit, ${by.borrowed} borrowed, ${by.sped} sped, ${by.overflow} overflow, ${by.empty} empty (of ${out.lines.length})`);
      console.log(
        `  largest overrun past its slot end: ${overrun.seconds.toFixed(3)} s${overrun.line >= 0 ? ` (line ${overrun.line}, ${out.lines[overrun.line]!.fit})` : ''}; lines outside their allowed window: ${bad.length}`,
      );
      for (const b of bad) console.log(`    ${b}`);
      console.log(`  max tempo ${maxTempo.toFixed(3)} (limit ${MAX_TEMPO})`);
      console.log(
        `  A/V: video ${v.toFixed(3)} s from ${info.video?.start_time} s, audio ${a.toFixed(3)} s from ${info.audio?.start_time} s, difference ${((a - v) * 1000).toFixed(1)} ms`,
      );
      console.log(
        `  ffprobe: ${info.format?.format_name}, ${info.video?.codec_name ?? 'no video'} ${info.video?.nb_read_packets ?? 0} packets + ${info.audio?.codec_name ?? 'no audio'}, ` +
          `format duration ${Number(info.format?.duration).toFixed(3)} s, ${(readFileSync(kept).length / 1024 ** 2).toFixed(1)} MiB: ${info.problems.length ? `NOT playable (${info.problems.join('; ')})` : 'playable'}`,
      );
      if (!first) {
        first = out.lines;
        console.log('  line  slot (s)          speech  tempo  ends     fit       text');
        out.lines.forEach((l, i) => {
          const p = r.plan.lines[i]!;
          console.log(
            `  ${String(i).padStart(4)}  ${p.start.toFixed(3).padStart(6)}-${p.end.toFixed(3).padEnd(7)}  ${l.speech.toFixed(3).padStart(6)}  ${l.tempo.toFixed(3)}  ${l.end.toFixed(3).padStart(6)}  ${l.fit.padEnd(8)}  ${p.text.slice(0, 48)}`,
          );
        });
      } else if (JSON.stringify(first) !== JSON.stringify(out.lines)) {
        console.log('  fits differ from the cold run');
        failed = true;
      }
      if (bad.length || info.problems.length || maxTempo > MAX_TEMPO) failed = true;
    } finally {
      await out.dispose();
    }
  }
  console.log('');
  console.log(`speaking and shaping the ${plan.lines.length} lines (cold − warm): ${(took[0]! - took[1]!).toFixed(2)} s`);
  if (!(await matchedVoices(plan, heard))) failed = true;
} finally {
  await dubbing.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log('');
console.log(
  failed
    ? "FAILED: a line ended outside its window, an output is not playable or a dubbed voice is off its speaker's pitch"
    : "ok: every line inside its window, every output playable, every dubbed voice at its speaker's pitch",
);
if (failed) process.exitCode = 1;
