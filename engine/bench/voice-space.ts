/**
 * Learns the voice space identification measures in (contracts/voice-space.ts) from labelled lines of the
 * development recordings only: each line's engine embedding with its median pitch in semitones as one more
 * feature, centred on the lines' mean and whitened by the within-voice covariance (how one voice's lines vary),
 * shrunk toward its diagonal since a few dozen lines cannot estimate every covariance. In that space every
 * direction varies about equally within a voice, so the directions along which voices differ count for more
 * than ones where a voice merely wanders. `npm run bench:speakers -- --learn` prints it for the contract.
 */
import { semitoneFeature } from '../../contracts/voice-space';

/** Part of the within-voice covariance moved onto its diagonal; chosen on the development recordings (docs/voices.md). */
export const SHRINK = 0.1;

export interface LabelledLine {
  embedding: number[];
  pitch?: number;
  voice: string;
}

/** Eigenvalues and eigenvectors (as rows) of a symmetric matrix, by cyclic Jacobi rotations. */
function eigen(matrix: number[][]): { values: number[]; vectors: number[][] } {
  const n = matrix.length;
  const a = matrix.map((r) => [...r]);
  const v = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j): number => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += a[i]![j]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p]![q]!) < 1e-15) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const [kp, kq] = [a[k]![p]!, a[k]![q]!];
          a[k]![p] = c * kp - s * kq;
          a[k]![q] = s * kp + c * kq;
        }
        for (let k = 0; k < n; k++) {
          const [pk, qk] = [a[p]![k]!, a[q]![k]!];
          a[p]![k] = c * pk - s * qk;
          a[q]![k] = s * pk + c * qk;
        }
        for (let k = 0; k < n; k++) {
          const [kp, kq] = [v[k]![p]!, v[k]![q]!];
          v[k]![p] = c * kp - s * kq;
          v[k]![q] = s * kp + c * kq;
        }
      }
    }
  }
  return { values: a.map((r, i) => r[i]!), vectors: Array.from({ length: n }, (_, j) => v.map((r) => r[j]!)) };
}

/** The space's centre and whitening matrix, four decimals each (as the contract keeps them). */
export function learnVoiceSpace(lines: readonly LabelledLine[], shrink = SHRINK): { mean: number[]; whiten: number[][] } {
  const xs = lines.map((l) => [...l.embedding, semitoneFeature(l.pitch)]);
  const voiced = xs.filter((x) => !Number.isNaN(x.at(-1)));
  const dim = xs[0]!.length;
  const pitchMean = voiced.reduce((s, x) => s + x.at(-1)!, 0) / voiced.length;
  for (const x of xs) if (Number.isNaN(x.at(-1))) x[dim - 1] = pitchMean;
  const mean = Array.from({ length: dim }, (_, d) => xs.reduce((s, x) => s + x[d]!, 0) / xs.length);
  const voices = [...new Set(lines.map((l) => l.voice))];
  const within = Array.from({ length: dim }, () => new Array<number>(dim).fill(0));
  for (const voice of voices) {
    const own = xs.filter((_, i) => lines[i]!.voice === voice);
    const centre = Array.from({ length: dim }, (_, d) => own.reduce((s, x) => s + x[d]!, 0) / own.length);
    for (const x of own)
      for (let i = 0; i < dim; i++) for (let j = 0; j < dim; j++) within[i]![j]! += ((x[i]! - centre[i]!) * (x[j]! - centre[j]!)) / (xs.length - voices.length);
  }
  const shrunk = within.map((r, i) => r.map((c, j) => (1 - shrink) * c + (i === j ? shrink * within[i]![i]! : 0)));
  const { values, vectors } = eigen(shrunk);
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  return { mean: mean.map(round), whiten: vectors.map((u, k) => u.map((x) => round(x / Math.sqrt(Math.max(values[k]!, 1e-9))))) };
}
