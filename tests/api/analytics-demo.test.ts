import { beforeAll, expect, it } from 'vitest';
import { adminClubListResponseSchema } from '../../contract/admin-clubs.schema';
import { analyticsResponseSchema } from '../../contract/analytics.schema';
import {
  DASHBOARD_MONTHS,
  superAdminDashboardResponseSchema,
} from '../../contract/dashboards.schema';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { describeEachDatabase, login } from './support/test-app';

/*
 * Issue #34 item 6: on the demo, Análisis Global showed 0 clubs and 0 players from July to
 * November beside $ 2–4 M billed, and 'Jugadores' was 121 on one screen and 114 on another.
 * Every screen counts active player memberships (server/features/players/player-counts.ts),
 * and the demo's people are dated by their enrollment.
 */

const NOW = new Date('2026-12-06T15:00:00Z');

describeEachDatabase('the platform figures on the demo', (ctx) => {
  let token = '';

  beforeAll(async () => {
    ctx.clock.set(NOW);
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage, now: NOW })).toBe(true);
    token = (await login(ctx, 'admin@demo.club', DEMO_PASSWORD)).json().token as string;
  });

  const get = async (url: string) => {
    const response = await ctx.request({ method: 'GET', url, token });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as unknown;
  };

  it('counts clubs and players in every month that billed money', async () => {
    const { data } = analyticsResponseSchema.parse(await get('/api/admin/analytics?months=12'));
    const billing = data.months.filter((month) => month.billed > 0);
    expect(billing.length).toBeGreaterThanOrEqual(DASHBOARD_MONTHS);
    for (const month of billing) {
      expect(month.clubs_total, month.month).toBeGreaterThan(0);
      expect(month.players_total, month.month).toBeGreaterThan(0);
      expect(month.users_total, month.month).toBeGreaterThan(0);
    }
  });

  it("says the same 'Jugadores' on the dashboard, Análisis Global and the clubs list", async () => {
    const dashboard = superAdminDashboardResponseSchema.parse(
      await get('/api/dashboard/super-admin'),
    ).data;
    const analytics = analyticsResponseSchema.parse(
      await get(`/api/admin/analytics?months=${DASHBOARD_MONTHS}`),
    ).data;
    const clubs = adminClubListResponseSchema.parse(
      await get('/api/admin/clubs?page=1&pageSize=100'),
    );
    const listed = clubs.data.reduce((sum, club) => sum + club.players_count, 0);
    expect(listed).toBeGreaterThan(0);
    expect(dashboard.totals.players).toBe(listed);
    expect(analytics.totals.players).toBe(listed);
  });
});
