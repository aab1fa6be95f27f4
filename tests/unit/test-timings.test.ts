import { describe, expect, it } from 'vitest';
import {
  type PlaywrightReport,
  type VitestReport,
  formatDuration,
  formatSlowest,
  slowestPlaywrightFiles,
  slowestPlaywrightTests,
  slowestVitestFiles,
} from '../../scripts/lib/test-timings.mjs';

// A Vitest JSON report cut down to what the timings read: three files with start and end
// times, and one older-style entry without them (its tests' durations are summed instead).
const vitestReport: VitestReport = {
  testResults: [
    {
      name: 'tests/unit/money.test.ts',
      startTime: 1_000,
      endTime: 1_400,
      assertionResults: [{ duration: 3 }, { duration: 2 }],
    },
    {
      name: 'tests/api/payments.test.ts',
      startTime: 2_000,
      endTime: 95_000,
      assertionResults: [{ duration: 40_000 }, { duration: 30_000 }, { duration: null }],
    },
    {
      name: 'tests/components/players-screen.test.tsx',
      startTime: 5_000,
      endTime: 17_000,
      assertionResults: [{ duration: 9_000 }],
    },
    { name: 'tests/api/seed.test.ts', assertionResults: [{ duration: 20_000 }, { duration: 1 }] },
  ],
};

// A Playwright JSON report: a file's suite holds its top-level specs and its describe
// blocks; the retried test has two results, both of which count.
const playwrightReport: PlaywrightReport = {
  suites: [
    {
      title: 'auth.spec.ts',
      file: 'auth.spec.ts',
      specs: [
        { title: 'logs in', file: 'auth.spec.ts', tests: [{ results: [{ duration: 4_000 }] }] },
      ],
      suites: [
        {
          title: 'password reset',
          file: 'auth.spec.ts',
          specs: [
            {
              title: 'sends the link',
              file: 'auth.spec.ts',
              tests: [{ results: [{ duration: 30_000 }, { duration: 6_000 }] }],
            },
          ],
        },
      ],
    },
    {
      title: 'screens-a11y.spec.ts',
      file: 'screens-a11y.spec.ts',
      specs: [
        {
          title: 'owner screens',
          file: 'screens-a11y.spec.ts',
          tests: [{ results: [{ duration: 20_000 }] }],
        },
        {
          title: 'trainer screens',
          file: 'screens-a11y.spec.ts',
          tests: [{ results: [{ duration: 25_000 }] }],
        },
        { title: 'skipped one', file: 'screens-a11y.spec.ts', tests: [{ results: [] }] },
      ],
    },
  ],
};

describe('test timings', () => {
  it('ranks Vitest files by wall time, falling back to the sum of their tests', () => {
    expect(slowestVitestFiles(vitestReport)).toEqual([
      { name: 'tests/api/payments.test.ts', ms: 93_000, tests: 3 },
      { name: 'tests/api/seed.test.ts', ms: 20_001, tests: 2 },
      { name: 'tests/components/players-screen.test.tsx', ms: 12_000, tests: 1 },
      { name: 'tests/unit/money.test.ts', ms: 400, tests: 2 },
    ]);
  });

  it('keeps only the slowest ones asked for', () => {
    expect(slowestVitestFiles(vitestReport, 2).map((file) => file.name)).toEqual([
      'tests/api/payments.test.ts',
      'tests/api/seed.test.ts',
    ]);
    expect(slowestVitestFiles({})).toEqual([]);
  });

  it('sums the tests of each Playwright spec file, retries included', () => {
    expect(slowestPlaywrightFiles(playwrightReport)).toEqual([
      { name: 'screens-a11y.spec.ts', ms: 45_000, tests: 3 },
      { name: 'auth.spec.ts', ms: 40_000, tests: 2 },
    ]);
  });

  it('names each Playwright test by its file and describe blocks', () => {
    expect(slowestPlaywrightTests(playwrightReport, 3)).toEqual([
      { name: 'auth.spec.ts › password reset › sends the link', ms: 36_000 },
      { name: 'screens-a11y.spec.ts › trainer screens', ms: 25_000 },
      { name: 'screens-a11y.spec.ts › owner screens', ms: 20_000 },
    ]);
  });

  it('prints durations and a table a person can scan', () => {
    expect(formatDuration(8_400)).toBe('8.4s');
    expect(formatDuration(83_400)).toBe('1m 23.4s');
    expect(formatDuration(605_000)).toBe('10m 05.0s');
    expect(
      formatSlowest('Slowest:', [
        { name: 'a.test.ts', ms: 83_400, tests: 1 },
        { name: 'b.spec.ts › logs in', ms: 900 },
      ]),
    ).toBe('Slowest:\n   1m 23.4s  a.test.ts (1 test)\n       0.9s  b.spec.ts › logs in');
  });
});
