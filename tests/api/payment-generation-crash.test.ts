import { describe, expect, it } from 'vitest';
import { nextMonth, postgresTarget, withHandle } from '../../bench/crash.db';
import { generationScenario, storedOf } from '../../bench/crash-generation';
import { crashOnce } from '../../bench/crash.run';

/*
 * kill -9 of the server during a period's generation (issue #12 "Reliability";
 * `npm run crash`'s generation scenario at a smaller scale). The crash itself needs a
 * PostgreSQL the real server can share with this process, so it is defined only when
 * TEST_DATABASE_URL is set; the verdict it relies on is checked on every run.
 */

const stored = (payments: number, perCharge: number[], overrides = {}) => ({
  payments,
  distinctKeys: payments,
  withoutOneEvent: 0,
  events: payments,
  perCharge,
  ...overrides,
});

describe('Payment generation crash: the verdict on what a crash left', () => {
  it('tells none, all and a half-written part apart', () => {
    expect(storedOf(stored(0, [0, 0]), 3, 2)).toBe('none');
    expect(storedOf(stored(6, [3, 3]), 3, 2)).toBe('all');
    expect(storedOf(stored(3, [3, 0]), 3, 2)).toBe('part');
    expect(storedOf(stored(5, [3, 2]), 3, 2)).toBe('part');
    expect(storedOf(stored(6, [3, 3], { withoutOneEvent: 1 }), 3, 2)).toBe('part');
    expect(storedOf(stored(6, [3, 3], { events: 5 }), 3, 2)).toBe('part');
    expect(storedOf(stored(6, [3, 3], { distinctKeys: 5 }), 3, 2)).toBe('part');
  });

  it("bills the month after Bogotá's current one (the daily job bills the current one)", () => {
    expect(nextMonth(new Date('2026-12-31T12:00:00Z'))).toBe('2027-01');
    // 1 December 03:00 UTC is still 30 November in Bogotá.
    expect(nextMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12');
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  describe('Payment generation crash [postgres]', () => {
    it('kill -9 during the INSERT leaves the period absent; after a restart the rerun completes it', async () => {
      const players = 2_000;
      const charges = 10;
      const scenario = generationScenario(players, charges);
      const target = await postgresTarget(adminUrl, `gd_crash_test_${process.pid}`);
      try {
        const seeded = await withHandle(target, (handle) => scenario.seed(handle));
        const report = await crashOnce(target, scenario, seeded, { pgMs: 0 });
        expect(report.at).toMatch(/^its statement running/);
        expect(report.afterCrash).toMatchObject({ stored: 'none', failures: [] });
        expect(report.redone).toBe(players * charges);
        expect(report.again).toBe(0);
        expect(report.final).toMatchObject({ stored: 'all', failures: [] });
        expect(report.ok).toBe(true);
      } finally {
        await target.dispose();
      }
    }, 240_000);
  });
}
