import { describe, expect, it } from 'vitest';
import { nextMonth } from '../../bench/payment-generation-crash.db';
import { crashRun, verdictOf } from '../../bench/payment-generation-crash.run';

/*
 * kill -9 of the server during a period's generation (issue #12 "Reliability";
 * bench/payment-generation-crash.ts at a smaller scale). The crash itself needs a
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
  it('tells absent, complete and half written apart', () => {
    expect(verdictOf(stored(0, [0, 0]), 3, 2)).toBe('absent');
    expect(verdictOf(stored(6, [3, 3]), 3, 2)).toBe('complete');
    expect(verdictOf(stored(3, [3, 0]), 3, 2)).toBe('half written');
    expect(verdictOf(stored(5, [3, 2]), 3, 2)).toBe('half written');
    expect(verdictOf(stored(6, [3, 3], { withoutOneEvent: 1 }), 3, 2)).toBe('half written');
    expect(verdictOf(stored(6, [3, 3], { events: 5 }), 3, 2)).toBe('half written');
    expect(verdictOf(stored(6, [3, 3], { distinctKeys: 5 }), 3, 2)).toBe('half written');
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
      const report = await crashRun({
        adminUrl,
        database: `gd_crash_test_${process.pid}`,
        players,
        charges,
        killDelayMs: 0,
      });
      expect(report.atKill.state).toBe('active');
      expect(report.afterCrash).toMatchObject({ payments: 0, events: 0, verdict: 'absent' });
      expect(report.rerun.created).toBe(players * charges);
      expect(report.again.created).toBe(0);
      expect(report.final).toMatchObject({
        payments: players * charges,
        distinctKeys: players * charges,
        events: players * charges,
        withoutOneEvent: 0,
        verdict: 'complete',
      });
      expect(report.final.perCharge).toEqual(Array.from({ length: charges }, () => players));
    }, 240_000);
  });
}
