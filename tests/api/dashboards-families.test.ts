import { beforeAll, expect, it } from 'vitest';
import { attendanceFiguresSchema } from '../../contract/attendance.schema';
import type { FamilyCharts } from '../../contract/dashboards.schema';
import {
  parentDashboardResponseSchema,
  playerDashboardResponseSchema,
} from '../../contract/parents.schema';
import { paymentListResponseSchema } from '../../contract/payments.schema';
import { sessionAttendance } from '../../server/db/schema/sessions';
import { memberOf } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { MARCH_10, addCharge, addPayment, base, moneyClub } from './support/payments';
import { insertSession } from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * Issue #16: the player's and the parent's dashboards carry six months of charts. Each
 * month's attendance equals what GET …/attendance-figures answers the same caller for the
 * same window, and each period's billed and paid equal the sums of the payments GET
 * …/payments lists for that player.
 */

/** The window on 10 March 2026 in Bogotá: from 1 October 2025, 00:00 there, up to now. */
const WINDOW_FROM = '2025-10-01T05:00:00.000Z';
const MONTHS = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];

async function get(ctx: TestContext, url: string, token?: string) {
  const response = await ctx.request({ method: 'GET', url, ...(token ? { token } : {}) });
  return response;
}

async function figures(ctx: TestContext, clubId: number, token: string) {
  const query = `from=${WINDOW_FROM}&to=${MARCH_10.toISOString()}`;
  const response = await get(ctx, `${base(clubId)}/attendance-figures?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return attendanceFiguresSchema.parse(response.json());
}

/** Billed and paid per period of the window, summed from the payments list of the player. */
async function paymentSums(ctx: TestContext, clubId: number, playerId: number, token: string) {
  const url = `${base(clubId)}/payments?player_id=${playerId}&pageSize=100`;
  const response = await get(ctx, url, token);
  expect(response.statusCode, response.body).toBe(200);
  const rows = paymentListResponseSchema.parse(response.json()).data;
  return MONTHS.map((month) => {
    const billed = rows.filter((p) => p.period === month && p.status !== 'cancelled');
    return {
      month,
      billed: billed.reduce((sum, p) => sum + p.amount_due, 0),
      paid: billed.reduce((sum, p) => sum + p.amount_paid, 0),
    };
  });
}

const countsOf = (months: FamilyCharts['attendance_months']) =>
  months.reduce(
    (sum, m) => ({ recorded: sum.recorded + m.recorded, present: sum.present + m.present }),
    { recorded: 0, present: 0 },
  );

describeEachDatabase('the family dashboards’ charts', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let guardian: Awaited<ReturnType<typeof memberOf>>;

  beforeAll(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    await linkGuardian(ctx.db, { clubId: f.clubId, playerId: f.ana.id, guardianId: guardian.id });
    await linkGuardian(ctx.db, {
      clubId: f.clubId,
      playerId: f.carla.id,
      guardianId: guardian.id,
      status: 'pending',
    });
    // Older periods: one in the window (December, one cancelled), one before it.
    const fee = await addCharge(ctx, f.clubId, 'Torneo', 50_000);
    const raffle = await addCharge(ctx, f.clubId, 'Rifa', 50_000);
    const add = (userId: number, period: string, status: 'paid' | 'cancelled', paid = 0) =>
      addPayment(ctx, f.clubId, {
        userId,
        chargeId: status === 'cancelled' ? raffle : fee,
        period,
        due: `${period}-05`,
        base: 50_000,
        paid,
        status,
        ...(status === 'cancelled' ? { reason: 'Torneo suspendido' } : {}),
      });
    await add(f.juan.id, '2025-12', 'paid', 50_000);
    await add(f.juan.id, '2025-12', 'cancelled');
    await add(f.juan.id, '2025-09', 'paid', 50_000);
    await add(f.ana.id, '2025-11', 'paid', 50_000);

    const mark = async (
      playerId: number,
      category: number | null,
      startsAt: string,
      status: 'present' | 'late' | 'absent' | 'excused',
      cancelled = false,
    ) => {
      const id = await insertSession(ctx, f.clubId, category, {
        startsAt: new Date(startsAt),
        ...(cancelled ? { status: 'cancelled' } : {}),
      });
      await ctx.db
        .insert(sessionAttendance)
        .values({ sessionId: id, playerUserId: playerId, clubId: f.clubId, status });
    };
    // 1 October 00:30 in Bogotá is still 30 September in UTC: it counts for October.
    await mark(f.ana.id, f.sub10, '2025-10-01T05:30:00Z', 'present');
    await mark(f.ana.id, f.sub10, '2025-10-01T04:30:00Z', 'absent'); // September there: out
    await mark(f.ana.id, f.sub10, '2025-11-20T23:00:00Z', 'late');
    await mark(f.ana.id, f.sub10, '2026-01-15T23:00:00Z', 'absent');
    await mark(f.ana.id, f.sub10, '2026-03-02T23:00:00Z', 'excused');
    await mark(f.ana.id, f.sub10, '2026-02-02T23:00:00Z', 'present', true); // cancelled: out
    await mark(f.juan.id, null, '2026-02-10T23:00:00Z', 'present');
    await mark(f.juan.id, null, '2026-03-09T23:00:00Z', 'absent');
  });

  it('gives the player their charts: attendance as the figures endpoint, money as the payments list', async () => {
    const response = await get(ctx, '/api/dashboard/player', f.juan.token);
    expect(response.statusCode, response.body).toBe(200);
    const [own] = playerDashboardResponseSchema.parse(response.json()).data;
    const charts = own!.charts;

    const expected = await figures(ctx, f.clubId, f.juan.token);
    expect(charts.attendance_months).toEqual(expected.by_month);
    expect(charts.attendance_months.map((m) => m.month)).toEqual(['2026-02', '2026-03']);
    const [row] = expected.by_player.filter((p) => p.player_id === f.juan.id);
    expect(countsOf(charts.attendance_months)).toEqual({
      recorded: row!.recorded,
      present: row!.present,
    });

    expect(charts.payment_months).toEqual(
      await paymentSums(ctx, f.clubId, f.juan.id, f.juan.token),
    );
    // December: the paid fee only (the cancelled one is not billed); September is outside.
    expect(charts.payment_months[2]).toEqual({ month: '2025-12', billed: 50_000, paid: 50_000 });
  });

  it('gives the parent charts for the authorised child only, as the figures and payments they see', async () => {
    const response = await get(ctx, '/api/dashboard/parent', guardian.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = parentDashboardResponseSchema.parse(response.json()).data;
    const ana = data.find((child) => child.player.id === f.ana.id)!;
    const carla = data.find((child) => child.player.id === f.carla.id)!;
    expect([carla.status, carla.summary, carla.charts]).toEqual(['pending', null, null]);
    expect(ana.summary).not.toBeNull();

    const expected = await figures(ctx, f.clubId, guardian.token);
    expect(expected.by_player.map((p) => p.player_id)).toEqual([f.ana.id]);
    expect(ana.charts!.attendance_months).toEqual(expected.by_month);
    // October (the Bogotá midnight one), November (late counts as attended), January.
    expect(ana.charts!.attendance_months.map((m) => [m.month, m.rate])).toEqual([
      ['2025-10', 1],
      ['2025-11', 1],
      ['2026-01', 0],
      ['2026-03', null],
    ]);
    const sums = await paymentSums(ctx, f.clubId, f.ana.id, guardian.token);
    expect(ana.charts!.payment_months).toEqual(sums);
    expect(sums.reduce((total, m) => total + m.billed, 0)).toBeGreaterThan(0);
  });

  it('answers the parent and the player dashboards with the same children list as GET /api/parents/children', async () => {
    const children = await get(ctx, '/api/parents/children', guardian.token);
    const dashboard = await get(ctx, '/api/dashboard/parent', guardian.token);
    const withoutCharts = parentDashboardResponseSchema
      .parse(dashboard.json())
      .data.map(({ charts: _charts, ...child }) => child);
    expect(withoutCharts).toEqual((children.json() as { data: unknown }).data);
  });
});
