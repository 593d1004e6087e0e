// `npm test`: prepares the local setup, lints and format-checks the code, checks module boundaries, type-checks
// every project, runs every test suite (Worker in workerd, web, engine, end to end in Chromium), runs every
// benchmark in its quick mode and ends with one line `N passed, N failed`.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { prepare } from './prepare.mjs';
import { run } from './process.mjs';

await prepare();

const results = { passed: 0, failed: 0 };
/** @type {string[]} */
const failures = [];

/**
 * Runs one whole-tree check, counted as one: its own output says what broke, `failure` names it at the end.
 * @param {string} title @param {string} failure @param {string} command @param {string[]} args
 */
async function check(title, failure, command, args) {
  console.log(`\n▶ ${title}`);
  try {
    await run(command, args);
    results.passed += 1;
  } catch {
    results.failed += 1;
    failures.push(failure);
  }
}

// Lint and formatting (biome.jsonc): `npx biome check --write .` fixes what it can.
await check('biome check', 'biome check', 'npx', ['biome', 'check', '.']);
// Module boundaries (.dependency-cruiser.cjs): no import circle, and each part imports only what it may.
await check('module boundaries', 'module boundaries (npm run check:modules names each broken rule)', 'npm', ['run', '--silent', 'check:modules']);
for (const project of ['tsconfig.web.json', 'tsconfig.worker.json', 'tsconfig.node.json', 'tsconfig.engine.json', 'tsconfig.extension.json']) {
  if (existsSync(project)) await check(`type check ${project}`, `type check ${project}`, 'npx', ['tsc', '-p', project]);
}

const reports = 'dist/test-results';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

for (const suite of ['worker', 'web', 'engine', 'e2e']) {
  const config = `tests/${suite}/vitest.config.ts`;
  if (!existsSync(config)) continue;
  console.log(`\n▶ ${suite} tests`);
  const report = `${reports}/${suite}.json`;
  let exitedCleanly = true;
  try {
    await run('npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
  } catch {
    exitedCleanly = false;
  }
  const counts = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  // A suite that crashed or failed outside any test (a broken setup file, an unhandled error) counts once.
  const failed = counts?.numFailedTests || (exitedCleanly && counts ? 0 : 1);
  results.passed += counts?.numPassedTests ?? 0;
  results.failed += failed;
  if (failed) failures.push(`${suite} tests${whatFailed(counts)}`);
}

/**
 * The failed tests of a vitest JSON report, each with the first line of its error, or what failed outside
 * them: CI shows only the end of this run's output, so the closing lines must name what to look at.
 * @param {{ testResults: { name: string, message: string, assertionResults: { status: string, fullName: string, failureMessages: string[] }[] }[] } | undefined} counts
 */
function whatFailed(counts) {
  if (!counts) return ' (no report: the run itself failed, see its output)';
  const lines = counts.testResults.flatMap((file) => [
    ...(file.message ? [`${file.name}: ${file.message}`] : []),
    ...file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]}`),
  ]);
  return lines.length ? `\n  - ${lines.join('\n  - ')}` : ' (an error outside any test, such as an unhandled rejection: see its output)';
}

// Every benchmark in its quick mode, one counted check each: it must still produce its figures (a bench fails
// when it measured nothing), so a protocol or API change cannot silently break one. Their values are not checked.
const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
for (const bench of Object.keys(scripts).filter((name) => name.startsWith('bench:'))) {
  console.log(`\n▶ ${bench} --quick`);
  const started = performance.now();
  try {
    await run('npm', ['run', '--silent', bench, '--', '--quick'], { quiet: true });
    results.passed += 1;
    console.log(`  produced its figures in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } catch {
    results.failed += 1;
    failures.push(`${bench} --quick (its output is above)`);
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join('\n')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
