// `npm test`: type-check, lint, unit + machine + component + API tests, the build and its
// first-load budget, then the browser tests.
// Stops at the first failing step and ends with one line counting every test that ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

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

let failedStep;
for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const status = Array.isArray(command)
    ? await runTogether(command)
    : spawnSync(command, args, { stdio: 'inherit' }).status;
  if (status !== 0) {
    failedStep = title;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
}
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
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
