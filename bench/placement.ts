/**
 * How many engine instances a load needs, placed two ways: by hash (the Worker's former policy, FNV-1a of the
 * work's key modulo a fixed instance count) and by load (placeWork, the very function the EnginePool
 * coordinator runs). Simulates live meetings and file jobs arriving at random (a seeded generator, so every
 * run draws the same load) on standard-3 instances (docs/deploy.md's capacity table: 8 live streams, or 4 file jobs of
 * 5.6 audio-hours an hour in all, sharing one budget), and prints, per policy, the smallest instance count that
 * refuses at most 1 % of arrivals, and how often each refuses at the other's count. A refusal is a first
 * attempt answered 429 (a file job would come back later; a meeting's host would see it fail to start).
 * Run: npm run bench:placement   (quick check, as `npm test` runs it: -- --quick: a tenth of the load)
 */
import { QUICK, requireFigures } from '../engine/bench/figures';
import {
  ENGINE_SLEEP_AFTER_MS,
  type InstanceView,
  instanceName,
  load,
  placeWork,
  STANDARD_3,
  type WorkKind,
} from '../worker/services/providers/engine-placement';

const SEED = 38;
const HOUR = 3_600_000;
const MEETINGS = QUICK ? 100 : 1_000;
const FILE_AUDIO_HOURS_PER_HOUR = QUICK ? 250 : 2_500;
const WARM_UP_HOURS = 3;
const MEASURED_HOURS = QUICK ? 1 : 3;
/** A meeting lasts 30–90 minutes (mean 1 h); a file holds 1 minute to 5 hours of audio (mean about half an hour). */
const MEETING_MS = [30 * 60_000, 90 * 60_000] as const;
const FILE_MEAN_HOURS = 0.5;
/**
 * A file job runs at 0.25 CPU-seconds per second of audio on a 0.35-CPU share (a quarter of a standard-3's 70 %
 * budget of 2 vCPU): 0.71 of the audio's length.
 */
const FILE_SPEED = 0.25 / 0.35;
const TARGET_REFUSALS = 0.01;

/** mulberry32: small, seeded, good enough to draw arrivals. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Arrival {
  at: number;
  kind: Exclude<WorkKind, 'call'>;
  key: string;
  lasts: number;
}

/** Poisson arrivals of meetings (concurrency `meetings` on average) and files (`audioHours` an hour), in time order. */
function arrivals(meetings: number, audioHours: number, hours: number): Arrival[] {
  const random = generator(SEED);
  const exp = (mean: number) => -Math.log(1 - random()) * mean;
  const out: Arrival[] = [];
  const meanMeeting = (MEETING_MS[0] + MEETING_MS[1]) / 2;
  for (let at = exp(meanMeeting / meetings), n = 0; meetings > 0 && at < hours * HOUR; at += exp(meanMeeting / meetings), n++) {
    out.push({ at, kind: 'stream', key: `meeting-${n}`, lasts: MEETING_MS[0] + random() * (MEETING_MS[1] - MEETING_MS[0]) });
  }
  const filesPerHour = audioHours / FILE_MEAN_HOURS;
  for (let at = exp(HOUR / filesPerHour), n = 0; audioHours > 0 && at < hours * HOUR; at += exp(HOUR / filesPerHour), n++) {
    const audio = Math.min(5, Math.max(1 / 60, exp(FILE_MEAN_HOURS))) * HOUR;
    out.push({ at, kind: 'file', key: `extract-${n}`, lasts: audio * FILE_SPEED });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The hash the Worker placed by before the pool: FNV-1a of the key, modulo the instance count. */
function fnvSlot(key: string, instances: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % instances;
}

/** Departures, earliest first. */
class Departures {
  private heap: { at: number; instance: number; kind: Arrival['kind'] }[] = [];
  push(item: { at: number; instance: number; kind: Arrival['kind'] }) {
    const h = this.heap;
    h.push(item);
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (h[parent]!.at <= h[i]!.at) break;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }
  popUntil(at: number, each: (item: { instance: number; kind: Arrival['kind'] }) => void) {
    const h = this.heap;
    while (h.length && h[0]!.at <= at) {
      const top = h[0]!;
      const last = h.pop()!;
      if (h.length) {
        h[0] = last;
        for (let i = 0; ; ) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < h.length && h[l]!.at < h[m]!.at) m = l;
          if (r < h.length && h[r]!.at < h[m]!.at) m = r;
          if (m === i) break;
          [h[m], h[i]] = [h[i]!, h[m]!];
          i = m;
        }
      }
      each(top);
    }
  }
}

interface Outcome {
  policy: 'hash' | 'load';
  instances: number;
  arrived: number;
  refused: number;
  /** The most instances running at once (an instance sleeps ENGINE_SLEEP_AFTER_MS after its last work). */
  peak: number;
}

/** Runs the arrivals against `instances` instances placed by `policy`, counting refusals after the warm-up. */
function simulate(work: readonly Arrival[], policy: 'hash' | 'load', instances: number): Outcome {
  const pool: (InstanceView & { lastUsed: number })[] = [];
  const departures = new Departures();
  let arrived = 0;
  let refused = 0;
  let peak = 0;
  const at = (index: number) => {
    while (pool.length <= index) pool.push({ name: instanceName(pool.length), streams: 0, files: 0, awake: false, ready: true, lastUsed: -Infinity });
    return pool[index]!;
  };
  const cost = { stream: 1 / STANDARD_3.streams, file: 1 / STANDARD_3.files };
  for (const a of work) {
    departures.popUntil(a.at, ({ instance, kind }) => {
      const i = pool[instance]!;
      if (kind === 'stream') i.streams--;
      else i.files--;
      i.lastUsed = a.at;
    });
    let running = 0;
    for (const i of pool) {
      i.awake = i.streams + i.files > 0 || a.at - i.lastUsed < ENGINE_SLEEP_AFTER_MS;
      if (i.awake) running++;
    }
    let index: number | null;
    if (policy === 'hash') {
      const slot = fnvSlot(a.key, instances);
      index = load(at(slot), STANDARD_3) + cost[a.kind] <= 1 + 1e-9 ? slot : null;
    } else {
      const placed = placeWork(pool, a.kind, instances, STANDARD_3);
      index = 'instance' in placed ? Number(placed.instance.slice('engine-'.length)) : null;
    }
    const measured = a.at >= WARM_UP_HOURS * HOUR;
    if (measured) arrived++;
    if (index === null) {
      if (measured) refused++;
      continue;
    }
    const i = at(index);
    if (!i.awake) running++;
    i.awake = true;
    if (a.kind === 'stream') i.streams++;
    else i.files++;
    i.lastUsed = a.at;
    departures.push({ at: a.at + a.lasts, instance: index, kind: a.kind });
    peak = Math.max(peak, running);
  }
  return { policy, instances, arrived, refused, peak };
}

const rate = (o: Outcome) => o.refused / Math.max(1, o.arrived);

/** The fewest instances at which `policy` refuses at most TARGET_REFUSALS (refusals fall as instances grow). */
function needed(work: readonly Arrival[], policy: 'hash' | 'load'): Outcome {
  let low = 1;
  let high = 1;
  while (rate(simulate(work, policy, high)) > TARGET_REFUSALS) {
    low = high + 1;
    high *= 2;
  }
  while (low < high) {
    const mid = (low + high) >> 1;
    if (rate(simulate(work, policy, mid)) > TARGET_REFUSALS) low = mid + 1;
    else high = mid;
  }
  return simulate(work, policy, high);
}

const pct = (o: Outcome) => `${(100 * rate(o)).toFixed(1)} %`;
const hours = WARM_UP_HOURS + MEASURED_HOURS;
const started = performance.now();
const rows: string[][] = [];
const figures: Record<string, number> = {};
for (const [label, meetings, audioHours] of [
  [`${MEETINGS.toLocaleString('en')} meetings`, MEETINGS, 0],
  [`${FILE_AUDIO_HOURS_PER_HOUR.toLocaleString('en')} audio-h/h of files`, 0, FILE_AUDIO_HOURS_PER_HOUR],
  ['both at once', MEETINGS, FILE_AUDIO_HOURS_PER_HOUR],
] as const) {
  const work = arrivals(meetings, audioHours, hours);
  const byHash = needed(work, 'hash');
  const byLoad = needed(work, 'load');
  const hashAtLoad = simulate(work, 'hash', byLoad.instances);
  rows.push([
    label,
    String(byHash.instances),
    String(byLoad.instances),
    `${(byHash.instances / byLoad.instances).toFixed(2)}×`,
    pct(hashAtLoad),
    String(byLoad.peak),
  ]);
  figures[`${label}: hash instances`] = byHash.instances;
  figures[`${label}: load instances`] = byLoad.instances;
  figures[`${label}: arrivals`] = byLoad.arrived;
}

// The four instances wrangler.toml ships with, meetings only: where hash placement starts refusing.
const small: string[][] = [];
for (const meetings of [16, 20, 24, 28, 32]) {
  const work = arrivals(meetings, 0, QUICK ? 20 : 200);
  small.push([String(meetings), pct(simulate(work, 'hash', 4)), pct(simulate(work, 'load', 4))]);
}

function table(head: string[], body: string[][]) {
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

console.log(
  `Placement on standard-3 instances (${STANDARD_3.streams} live streams or ${STANDARD_3.files} file jobs each), seed ${SEED}, ` +
    `${MEASURED_HOURS} h measured after ${WARM_UP_HOURS} h warm-up${QUICK ? ' (quick: a tenth of the load)' : ''}\n`,
);
console.log(
  table(
    [
      'load',
      'instances by hash (≤1 % refused)',
      'instances by load (≤1 % refused)',
      'hash ÷ load',
      'hash refuses at the load count',
      'load: most running at once',
    ],
    rows,
  ),
);
console.log('\n4 instances, meetings only: how often a new meeting is refused\n');
console.log(table(['meetings at once', 'hash', 'load'], small));
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
requireFigures('bench:placement', figures);
