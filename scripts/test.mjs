// `npm test`: type-check, lint, unit + machine + component + API tests, the build and its
// first-load budget, then the browser tests.
// Stops at the first failing step and ends with one line counting every test that ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import {
  formatDuration,
  formatSlowest,
  slowestPlaywrightFiles,
  slowestPlaywrightTests,
  slowestVitestFiles,
} from './lib/test-timings.mjs';

const vitestReport = '.tmp/vitest.json';
const playwrightReport = '.tmp/playwright.json';
mkdirSync('.tmp', { recursive: true });
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

/**
 * Runs commands at once (each is single-threaded; the machine has two cores), prints each
 * one's output whole when it ends, and resolves to the exit status of the first that failed.
 */
function runTogether(commands) {
  return Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            process.stdout.write(Buffer.concat(output));
            resolve(status ?? 1);
          });
        }),
    ),
  ).then((statuses) => statuses.find((status) => status !== 0) ?? 0);
}

const steps = [
  [
    'Type-check and lint',
    [
      ['npm', ['run', 'typecheck']],
      ['npm', ['run', 'lint']],
    ],
  ],
  [
    'Unit, machine, component and API tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['Build', 'npm', ['run', 'build']],
  // JavaScript each key page loads before drawing, against its budget (issue 9).
  ['First-load budget', 'npm', ['run', 'first-load']],
  ['Browser tests', 'node', ['scripts/run-e2e.mjs']],
];

/** The report's JSON, or undefined when the step wrote none (it failed before, or did not run). */
function readReport(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** After a test step, where its time went: the files (and browser tests) that took longest. */
function printSlowest(title) {
  if (title === 'Unit, machine, component and API tests') {
    const report = readReport(vitestReport);
    if (report)
      console.log(`\n${formatSlowest('Slowest test files:', slowestVitestFiles(report))}`);
  } else if (title === 'Browser tests') {
    const report = readReport(playwrightReport);
    if (!report) return;
    console.log(
      `\n${formatSlowest('Slowest spec files (sum of their tests):', slowestPlaywrightFiles(report))}`,
    );
    console.log(`\n${formatSlowest('Slowest browser tests:', slowestPlaywrightTests(report))}`);
  }
}

let failedStep;
const stepTimes = [];
for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const status = Array.isArray(command)
    ? await runTogether(command)
    : spawnSync(command, args, { stdio: 'inherit' }).status;
  const ms = performance.now() - started;
  stepTimes.push([title, ms]);
  printSlowest(title);
  console.log(`\n⏱ ${title}: ${formatDuration(ms)}`);
  if (status !== 0) {
    failedStep = title;
    break;
  }
}

console.log('\nWall time per step:');
for (const [title, ms] of stepTimes) console.log(`  ${formatDuration(ms).padStart(9)}  ${title}`);
const totalMs = stepTimes.reduce((sum, [, ms]) => sum + ms, 0);
console.log(`  ${formatDuration(totalMs).padStart(9)}  in all`);

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitestResults = readReport(vitestReport);
if (vitestResults) {
  counts.passed += vitestResults.numPassedTests;
  counts.failed += vitestResults.numFailedTests;
  counts.skipped += vitestResults.numPendingTests + vitestResults.numTodoTests;
}
const playwrightResults = readReport(playwrightReport);
if (playwrightResults) {
  const { stats } = playwrightResults;
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}
if (failedStep) {
  console.error(`\n✖ ${failedStep} failed`);
  counts.failed = Math.max(counts.failed, 1);
}
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
