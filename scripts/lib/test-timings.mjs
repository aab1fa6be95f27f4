// Where a test run's time went: the slowest files and tests of the Vitest and Playwright
// JSON reports, and each step's wall time. scripts/test.mjs prints them after each step,
// so a file that grows slow shows up in the CI log that made it slow.
import path from 'node:path';

/** `83_400` → `1m 23.4s`, `8_400` → `8.4s`. */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}s`;
}

/** The `count` entries with the largest `ms`, largest first (ties keep the report's order). */
function largest(entries, count) {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.ms - a.entry.ms || a.index - b.index)
    .slice(0, count)
    .map(({ entry }) => entry);
}

const relative = (file) => (path.isAbsolute(file) ? path.relative(process.cwd(), file) : file);

/**
 * The slowest test files of a Vitest JSON report: a file's time is its end minus its start
 * (imports and hooks included) when the report has both, else the sum of its tests' durations.
 */
export function slowestVitestFiles(report, count = 10) {
  const files = (report.testResults ?? []).map((result) => {
    const wall =
      typeof result.startTime === 'number' && typeof result.endTime === 'number'
        ? result.endTime - result.startTime
        : undefined;
    const tests = (result.assertionResults ?? []).reduce(
      (sum, test) => sum + (test.duration ?? 0),
      0,
    );
    return {
      name: relative(result.name),
      ms: wall !== undefined && wall >= 0 ? wall : tests,
      tests: (result.assertionResults ?? []).length,
    };
  });
  return largest(files, count);
}

/** Every test of a Playwright JSON report, with its spec file and its time (retries included). */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    // A file's own suite is titled with its path: only describe blocks add to a test's name.
    const here = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        tests.push({
          file: spec.file ?? suite.file,
          name: [...here, spec.title].join(' › '),
          ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return tests;
}

/**
 * The slowest spec files of a Playwright JSON report, by the sum of their tests' times
 * (a file's tests may run in several workers, so this is work, not wall time).
 */
export function slowestPlaywrightFiles(report, count = 10) {
  const byFile = new Map();
  for (const test of playwrightTests(report)) {
    const entry = byFile.get(test.file) ?? { name: test.file, ms: 0, tests: 0 };
    entry.ms += test.ms;
    entry.tests += 1;
    byFile.set(test.file, entry);
  }
  return largest([...byFile.values()], count);
}

/** The slowest tests of a Playwright JSON report, named `file › describe › title`. */
export function slowestPlaywrightTests(report, count = 10) {
  return largest(
    playwrightTests(report).map((test) => ({ name: `${test.file} › ${test.name}`, ms: test.ms })),
    count,
  );
}

/** A titled table of `{ name, ms, tests? }` rows, one line each, for the console. */
export function formatSlowest(title, rows) {
  const lines = rows.map(
    (row) =>
      `  ${formatDuration(row.ms).padStart(9)}  ${row.name}` +
      (row.tests !== undefined ? ` (${row.tests} test${row.tests === 1 ? '' : 's'})` : ''),
  );
  return [title, ...lines].join('\n');
}
