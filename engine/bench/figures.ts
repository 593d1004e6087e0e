/**
 * What every bench shares about its figures: the quick mode that `npm test` runs (`--quick` or BENCH_QUICK=1:
 * less material, same code path, so a protocol or API change that breaks a bench fails the tests), and
 * failing loudly when a run measured nothing rather than printing NaN and exiting 0.
 */
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/**
 * Throws, naming the bench and each missing figure, unless every figure was measured: a list of samples must
 * be non-empty and finite; a single number (a count, a time, a size) must be finite and above zero.
 */
export function requireFigures(bench: string, figures: Record<string, number | readonly number[]>) {
  const missing = Object.entries(figures).flatMap(([name, value]) => {
    if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? [] : [`${name} is ${value}`];
    if (!value.length) return [`${name}: no samples`];
    return value.every(Number.isFinite) ? [] : [`${name}: a sample is not a number`];
  });
  if (missing.length) throw new Error(`${bench} measured nothing: ${missing.join('; ')}`);
}
