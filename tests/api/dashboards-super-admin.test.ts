import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { analyticsResponseSchema } from '../../contract/analytics.schema';
import {
  DASHBOARD_MONTHS,
  dashboardMessages,
  superAdminDashboardResponseSchema,
} from '../../contract/dashboards.schema';
import { addMembership, createClub, memberOf, superAdmin } from './support/clubs';
import { MARCH_10, addCharge, addPayment, addPlayer } from './support/payments';
import { describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #16: the super admin's dashboard is Análisis Global over DASHBOARD_MONTHS months,
 * the very data of GET /api/admin/analytics?months=6, and only super admins open it (a
 * 'Super Admin' membership without the account's flag does not).
 */

describeEachDatabase('the super admin dashboard', (ctx) => {
  let admin: Awaited<ReturnType<typeof superAdmin>>;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let clubId = 0;

  beforeAll(async () => {
    ctx.clock.set(MARCH_10);
    admin = await superAdmin(ctx);
    owner = await registerUser(ctx);
    clubId = (await createClub(ctx, owner.token, { name: 'Club Global' })).id;
    const player = await addPlayer(ctx, owner.token, clubId, { name: 'Eva', lastname: 'Mora' });
    const charge = await addCharge(ctx, clubId, 'Mensualidad', 90_000);
    await addPayment(ctx, clubId, {
      userId: player.id,
      chargeId: charge,
      period: '2026-03',
      due: '2026-03-05',
      base: 90_000,
      status: 'pending',
    });
  });

  it('answers the Análisis Global of the last six months, as GET /api/admin/analytics', async () => {
    const dashboard = await ctx.request({
      method: 'GET',
      url: '/api/dashboard/super-admin',
      token: admin.token,
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const { data } = superAdminDashboardResponseSchema.parse(dashboard.json());
    const analytics = await ctx.request({
      method: 'GET',
      url: `/api/admin/analytics?months=${DASHBOARD_MONTHS}`,
      token: admin.token,
    });
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(data).toEqual(analyticsResponseSchema.parse(analytics.json()).data);

    expect(data.months.map((m) => m.month)).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    const counted = await ctx.db.execute(sql`select count(*)::int as n from pla_club_teams`);
    const clubsNow = Number((counted as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(data.totals.clubs).toBe(clubsNow);
    expect(data.months.at(-1)!.billed).toBeGreaterThanOrEqual(90_000);
  });

  it('reads one computation on both screens while players are added, and a newer one after a minute', async () => {
    const read = async (url: string) => {
      const response = await ctx.request({ method: 'GET', url, token: admin.token });
      expect(response.statusCode, response.body).toBe(200);
      const schema = url.startsWith('/api/dashboard')
        ? superAdminDashboardResponseSchema
        : analyticsResponseSchema;
      return schema.parse(response.json()).data;
    };
    const dashboard = () => read('/api/dashboard/super-admin');
    // Past the kept minute the last figures are served once more while the next are
    // computed: asks until the dashboard shows the computation of this instant.
    const computedNow = async () => {
      let shown = await dashboard();
      for (let tries = 0; shown.generated_at !== ctx.clock.now().toISOString(); tries++) {
        expect(tries).toBeLessThan(100);
        await new Promise((resolve) => setTimeout(resolve, 20));
        shown = await dashboard();
      }
      return shown;
    };
    ctx.clock.set(new Date(MARCH_10.getTime() + 10 * 60_000));
    const before = await computedNow();
    // Players join between the calls: every screen still shows the computation it read.
    await addPlayer(ctx, owner.token, clubId, { name: 'Luz', lastname: 'Paz' });
    const global = await read('/api/admin/analytics');
    await addPlayer(ctx, owner.token, clubId, { name: 'Teo', lastname: 'Paz' });
    const six = await read(`/api/admin/analytics?months=${DASHBOARD_MONTHS}`);
    const again = await dashboard();
    expect(global.months).toHaveLength(12);
    for (const other of [global, six, again]) {
      expect(other.totals).toEqual(before.totals);
      expect(other.generated_at).toBe(before.generated_at);
    }
    expect(global.months.slice(-DASHBOARD_MONTHS)).toEqual(before.months);
    expect(six).toEqual(before);

    // A minute later the kept figures are served once more while the next are computed;
    // then both screens show the new computation, with the two players.
    ctx.clock.set(new Date(MARCH_10.getTime() + 12 * 60_000));
    const after = await computedNow();
    expect(after.totals.players).toBe(before.totals.players + 2);
    expect((await read('/api/admin/analytics')).totals).toEqual(after.totals);
  });

  it('refuses everyone else: the owner, a Super Admin membership without the flag, no session', async () => {
    const impostor = await memberOf(ctx, clubId, 'Propietario del Club');
    await addMembership(ctx, impostor.id, clubId, 'Super Admin');
    for (const token of [owner.token, impostor.token]) {
      const response = await ctx.request({
        method: 'GET',
        url: '/api/dashboard/super-admin',
        token,
      });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ message: dashboardMessages.notYourRole });
    }
    const anonymous = await ctx.request({ method: 'GET', url: '/api/dashboard/super-admin' });
    expect(anonymous.statusCode).toBe(401);
  });
});
