// `npm test`: type-check, lint, the build and its first-load budget, unit + machine +
// component + API tests, then the browser tests; each step's wall time and the slowest
// test files are printed as it ends.
// Stops at the first failing step and ends with one line counting every test that ran.
import { spawn } from 'node:child_process';
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

/** Wall time of every command and step, in the order they ended, for the summary. */
const times = [];

/** Runs one command, its output straight to the console; resolves to its exit status. */
function runInherit(title, [command, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (status) => {
      times.push([title, performance.now() - started]);
      resolve(status ?? 1);
    });
  });
}

/**
 * Runs lanes at once (the machine has two cores), each lane's commands one after the other
 * until one fails; prints each command's output whole when it ends, and resolves to the
 * exit status of the first that failed.
 */
function runLanes(lanes) {
  return Promise.all(
    lanes.map(async (lane) => {
      for (const [title, command, args] of lane) {
        const started = performance.now();
        const status = await new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            process.stdout.write(`\n· ${title}\n`);
            process.stdout.write(Buffer.concat(output));
            resolve(code ?? 1);
          });
        });
        const ms = performance.now() - started;
        times.push([`  ${title}`, ms]);
        console.log(`\n⏱ ${title}: ${formatDuration(ms)}`);
        if (status !== 0) return status;
      }
      return 0;
    }),
  ).then((statuses) => statuses.find((status) => status !== 0) ?? 0);
}

const steps = [
  {
    // tsc and ESLint are single-threaded and the type-check takes longest: the build and
    // its first-load budget run after the lint, in the type-check's shadow.
    title: 'Type-check, lint, build and first-load budget',
    lanes: [
      [['Type-check', 'npm', ['run', 'typecheck']]],
      [
        ['Lint', 'npm', ['run', 'lint']],
        ['Build', 'npm', ['run', 'build']],
        // JavaScript each key page loads before drawing, against its budget (issue 9).
        ['First-load budget', 'npm', ['run', 'first-load']],
      ],
    ],
  },
  {
    title: 'Unit, machine, component and API tests',
    command: [
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestReport}`,
      ],
    ],
    report: () => {
      const report = readReport(vitestReport);
      if (report)
        console.log(`\n${formatSlowest('Slowest test files:', slowestVitestFiles(report))}`);
    },
  },
  {
    title: 'Browser tests',
    command: ['node', ['scripts/run-e2e.mjs']],
    report: () => {
      const report = readReport(playwrightReport);
      if (!report) return;
      console.log(
        `\n${formatSlowest('Slowest spec files (sum of their tests):', slowestPlaywrightFiles(report))}`,
      );
      console.log(`\n${formatSlowest('Slowest browser tests:', slowestPlaywrightTests(report))}`);
    },
  },
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

let failedStep;
const started = performance.now();
for (const { title, lanes, command, report } of steps) {
  console.log(`\n▶ ${title}`);
  const stepStarted = performance.now();
  // A step of lanes is listed above its commands' own times.
  const entry = [title, 0];
  if (lanes) times.push(entry);
  const status = lanes ? await runLanes(lanes) : await runInherit(title, command);
  const ms = performance.now() - stepStarted;
  entry[1] = ms;
  report?.();
  console.log(`\n⏱ ${title}: ${formatDuration(ms)}`);
  if (status !== 0) {
    failedStep = title;
    break;
  }
}

console.log('\nWall time:');
for (const [title, ms] of times) console.log(`  ${formatDuration(ms).padStart(9)}  ${title}`);
console.log(`  ${formatDuration(performance.now() - started).padStart(9)}  in all`);

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
