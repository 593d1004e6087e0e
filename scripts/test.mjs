// `npm test`: prepares the local setup, lints and format-checks the code, checks module boundaries, type-checks
// every project, runs every test suite (Worker in workerd, web, engine, end to end in Chromium), runs every
// benchmark in its quick mode and ends with one line `N passed, N failed`.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { baseImage, docker, engineImage } from './engine-image.mjs';
import { prepare } from './prepare.mjs';
import { run } from './process.mjs';

const testStarted = performance.now();
await prepare();

const results = { passed: 0, failed: 0 };
/** @type {string[]} */
const failures = [];

/**
 * Runs one whole-tree check, counted as one: its output is shown when it fails (it says what broke), and
 * `failure` names it at the end.
 * @param {{ title: string, failure: string, command: string, args: string[] }} check
 */
async function check({ title, failure, command, args }) {
  const started = performance.now();
  try {
    await run(command, args, { quiet: true });
    results.passed += 1;
    console.log(`✓ ${title} (${seconds(started)} s)`);
  } catch {
    results.failed += 1;
    failures.push(failure);
    console.log(`✗ ${title} (${seconds(started)} s; its output is above)`);
  }
}

/** Whole seconds since `started` (a performance.now() reading), for the timings each stage prints. */
const seconds = (/** @type {number} */ started) => ((performance.now() - started) / 1000).toFixed(0);

const checks = [
  // Lint and formatting (biome.jsonc): `npx biome check --write .` fixes what it can.
  { title: 'biome check', failure: 'biome check', command: 'npx', args: ['biome', 'check', '.'] },
  // Module boundaries (.dependency-cruiser.cjs): no import circle, and each part imports only what it may.
  {
    title: 'module boundaries',
    failure: 'module boundaries (npm run check:modules names each broken rule)',
    command: 'npm',
    args: ['run', '--silent', 'check:modules'],
  },
  ...['tsconfig.web.json', 'tsconfig.worker.json', 'tsconfig.node.json', 'tsconfig.engine.json', 'tsconfig.extension.json']
    .filter((project) => existsSync(project))
    .map((project) => ({ title: `type check ${project}`, failure: `type check ${project}`, command: 'npx', args: ['tsc', '-p', project] })),
];
/**
 * Runs checks two at a time, as CI has two cores.
 * @param {Parameters<typeof check>[0][]} list
 */
async function twoAtATime(list) {
  const queue = [...list];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await check(next);
    }),
  );
}
// Each check is single-threaded and they share nothing.
console.log('\n▶ static checks');
const checksStarted = performance.now();
await twoAtATime(checks);
console.log(`  static checks took ${seconds(checksStarted)} s`);

/**
 * Builds the engine's container image in the background, for the engine suite's container test: a build takes
 * minutes, mostly waiting on Debian's packages and the disk, so it overlaps the Worker and web suites instead of
 * holding up the engine suite. Resolves to the stop of a Docker daemon started here (null if none was), and
 * leaves every failure to the test itself, which says why it skipped or failed.
 * @returns {Promise<(() => void) | null>}
 */
async function buildEngineImageAhead() {
  const arranged = await docker();
  if ('missing' in arranged) return null;
  const started = performance.now();
  try {
    const { buildSeconds } = await engineImage(await baseImage());
    console.log(`\n(the engine's container image ${buildSeconds === null ? 'was already built' : `was built in the background in ${seconds(started)} s`})`);
  } catch {
    // The container test builds it again and shows the error.
  }
  return arranged.started;
}
const engineImageBuilt = buildEngineImageAhead();

const reports = 'dist/test-results';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/**
 * Runs one vitest suite and counts its tests.
 * @param {string} suite
 */
async function runSuite(suite) {
  const config = `tests/${suite}/vitest.config.ts`;
  if (!existsSync(config)) return;
  console.log(`\n▶ ${suite} tests`);
  const started = performance.now();
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
  console.log(`  ${suite} tests took ${seconds(started)} s`);
}

// One suite at a time: the Worker and web suites each run two test files at a time, and the engine and
// end-to-end suites, run side by side, failed (the deploy check's wrangler calls beside the end-to-end suite's,
// the engine's real-time stream under that load).
await runSuite('worker');
await runSuite('web');
// One build at a time: the container test reuses the image the background build made.
await engineImageBuilt;
await runSuite('engine');
await runSuite('e2e');

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
// when it measured nothing), so a protocol or API change cannot silently break one. Their values are not checked,
// and each bench's figures are ratios against a baseline it measures in the same run, so they run two at a time.
console.log('\n▶ benchmarks, quick');
const benchesStarted = performance.now();
const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
await twoAtATime(
  Object.keys(scripts)
    .filter((name) => name.startsWith('bench:'))
    .map((bench) => ({
      title: `${bench} --quick produced its figures`,
      failure: `${bench} --quick (its output is above)`,
      command: 'npm',
      args: ['run', '--silent', bench, '--', '--quick'],
    })),
);
console.log(`  benchmarks took ${seconds(benchesStarted)} s`);

(await engineImageBuilt)?.();
console.log(`\nnpm test took ${seconds(testStarted)} s`);
if (failures.length) console.log(`\nFailed: ${failures.join('\n')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
