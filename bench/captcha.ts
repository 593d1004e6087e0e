/**
 * How often scripts that know how the click captcha is drawn solve it (bench/captcha-solver.ts): the outline
 * fitter on 200 pictures and the colour-grouping fitter on 60, each picture's randomness drawn from a fixed seed
 * so every run measures the same pictures, against a blind clicker on the same pictures (the baseline: how
 * many single glyphs a click anywhere finds). Goal: each solver solves under 5 % of the pictures; the full run
 * fails naming a solver over it.
 * Run: npm run bench:captcha   (quick check, as `npm test` runs it: -- --quick: 8 and 4 pictures)
 */
import { QUICK, requireFigures } from '../engine/bench/figures';
import { attack, type Solver, solve, solveByColour } from './captcha-solver';

const GOAL = 0.05;

async function measure(name: string, solver: Solver, seed: number, pictures: number) {
  const started = performance.now();
  const { solved, glyphsFound, blindGlyphsFound, targets } = await attack(solver, seed, pictures);
  return { name, pictures, solved, glyphShare: glyphsFound / targets, blindShare: blindGlyphsFound / targets, seconds: (performance.now() - started) / 1000 };
}

const runs = [await measure('outline fitting', solve, 20261126, QUICK ? 8 : 200), await measure('colour grouping', solveByColour, 20261128, QUICK ? 4 : 60)];
console.log('\nsolver            pictures  solved        glyphs found  blind clicks  s/picture');
for (const r of runs) {
  console.log(
    `${r.name.padEnd(18)}${String(r.pictures).padStart(8)}  ${`${r.solved} (${((r.solved / r.pictures) * 100).toFixed(1)} %)`.padEnd(14)}${`${(r.glyphShare * 100).toFixed(1)} %`.padStart(12)}  ${`${(r.blindShare * 100).toFixed(1)} %`.padStart(12)}  ${(r.seconds / r.pictures).toFixed(2).padStart(9)}`,
  );
}
requireFigures('bench:captcha', { 'pictures attacked': runs.map((r) => r.pictures), 'seconds per picture': runs.map((r) => r.seconds / r.pictures) });
const over = runs.filter((r) => r.solved / r.pictures >= GOAL);
if (!QUICK && over.length > 0) {
  console.error(`\nOver the goal (${GOAL * 100} % solved): ${over.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
