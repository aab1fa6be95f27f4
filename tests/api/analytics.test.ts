import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Analytics } from '../../contract/analytics.schema';
import { platformMessages } from '../../contract/platform.schema';
import { clubs } from '../../server/db/schema/clubs';
import { paymentRecords } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { collectedSql, periodStart } from '../../server/features/payments/money-figures';
import { addCharge, addPayment } from './support/payments';
import { describeEachDatabase, registerUser } from './support/test-app';

/*
 * A small platform built by hand around the test clock's month in Bogotá (UTC−5): k
 * months ago is month k. The expected figures below are counted from this fixture.
 */

describeEachDatabase('Global analytics API', (ctx) => {
  let token = '';
  let ownerToken = '';
  let clubIds: number[] = [];
  const now = () => ctx.clock.now();
  const bogota = () => new Date(now().getTime() - 5 * 3_600_000);
  /** Day `day` of month k at `hour` in Bogotá. */
  const at = (k: number, day: number, hour = 12) =>
    new Date(Date.UTC(bogota().getUTCFullYear(), bogota().getUTCMonth() - k, day, hour + 5));
  const monthKey = (k: number) => at(k, 1).toISOString().slice(0, 7);
  const hourAgo = () => new Date(now().getTime() - 3_600_000);

  beforeAll(async () => {
    const admin = await registerUser(ctx);
    token = admin.token;
    const person = async (createdAt: Date, deletedAt: Date | null = null) => {
      const [row] = await ctx.db
        .insert(users)
        .values({ name: 'Per', lastname: 'Sona', createdAt, deletedAt })
        .returning({ id: users.id });
      return row!.id;
    };
    // The two accounts that sign in were made in month 5; a deleted one in month 2.
    const owner = await registerUser(ctx);
    ownerToken = owner.token;
    await ctx.db
      .update(users)
      .set({ createdAt: at(5, 10) })
      .where(eq(users.id, owner.id));
    await ctx.db
      .update(users)
      .set({ isSuperAdmin: true, createdAt: at(5, 10) })
      .where(eq(users.id, admin.id));
    await person(at(2, 10), at(2, 11));
    const club = async (
      name: string,
      createdAt: Date,
      extra: Partial<typeof clubs.$inferInsert> = {},
    ) => {
      const [row] = await ctx.db
        .insert(clubs)
        .values({ name, createdAt, ...extra })
        .returning({ id: clubs.id });
      return row!.id;
    };
    const a = await club('A', at(3, 15));
    const c = await club('C', at(2, 5), { status: 'archived' });
    const b = await club('B', at(1, 15), { timezone: 'UTC' });
    clubIds = [a, b, c];
    const u1 = await person(at(3, 16));
    const u4 = await person(at(2, 6));
    const u2 = await person(at(1, 16));
    const u3 = await person(hourAgo());
    await ctx.db.insert(players).values([
      { clubId: a, userId: u1, createdAt: at(3, 16) },
      { clubId: c, userId: u4, createdAt: at(2, 6) },
      { clubId: b, userId: u2, createdAt: at(1, 16) },
      { clubId: b, userId: u3, createdAt: hourAgo() },
    ]);
    const chargeA = await addCharge(ctx, a, 'Mensualidad', 100_000);
    const chargeB = await addCharge(ctx, b, 'Mensualidad', 50_000);
    // One payment per charge, player and period: three charges for A's three payments.
    const chargeA2 = await addCharge(ctx, a, 'Torneo', 100_000);
    const chargeA3 = await addCharge(ctx, a, 'Uniforme', 80_000);
    const period2 = monthKey(2);
    const due2 = `${period2}-05`;
    const p1 = await addPayment(ctx, a, {
      userId: u1,
      chargeId: chargeA,
      period: period2,
      due: due2,
      base: 100_000,
      paid: 100_000,
      status: 'paid',
    });
    await addPayment(ctx, a, {
      userId: u1,
      chargeId: chargeA2,
      period: period2,
      due: due2,
      base: 100_000,
      status: 'cancelled',
      reason: 'Error',
    });
    await addPayment(ctx, a, {
      userId: u1,
      chargeId: chargeA3,
      period: period2,
      due: due2,
      base: 80_000,
      status: 'exempt',
      reason: 'Beca',
    });
    const p4 = await addPayment(ctx, b, {
      userId: u2,
      chargeId: chargeB,
      period: monthKey(1),
      due: `${monthKey(1)}-05`,
      base: 50_000,
      status: 'pending',
    });
    // The last evening of month 2 in Bogotá: already month 1 in UTC.
    const lastEvening = new Date(at(1, 1, 0).getTime() - 30 * 60_000);
    const record = { paidOn: `${period2}-20`, recordedBy: admin.id };
    await ctx.db.insert(paymentRecords).values([
      {
        ...record,
        clubId: a,
        paymentId: p1.id,
        amount: 100_000,
        status: 'approved',
        receiptNumber: 1,
        reviewedAt: lastEvening,
        createdAt: at(2, 20),
      },
      {
        ...record,
        clubId: b,
        paymentId: p4.id,
        amount: 20_000,
        status: 'approved',
        receiptNumber: 1,
        reviewedAt: lastEvening,
        createdAt: at(2, 20),
      },
      {
        ...record,
        clubId: b,
        paymentId: p4.id,
        amount: 10_000,
        status: 'in_review',
        createdAt: at(2, 20),
      },
      {
        ...record,
        clubId: a,
        paymentId: p1.id,
        amount: 1,
        status: 'in_review',
        createdAt: hourAgo(),
      },
    ]);
  });

  const get = async (query = '', as = token) =>
    ctx.request({ method: 'GET', url: `/api/admin/analytics${query}`, token: as });

  it('counts the months of the fixture by hand', async () => {
    const response = await get('?months=6');
    expect(response.statusCode, response.body).toBe(200);
    const { months, totals } = response.json<{ data: Analytics }>().data;
    expect(months.map((m) => m.month)).toEqual([5, 4, 3, 2, 1, 0].map(monthKey));
    const column = (key: keyof (typeof months)[number]) => months.map((m) => m[key]);
    expect(column('new_clubs')).toEqual([0, 0, 1, 1, 1, 0]);
    expect(column('clubs_total')).toEqual([0, 0, 1, 2, 3, 3]);
    // The deleted account is not counted; the two who sign in count in month 5.
    expect(column('new_users')).toEqual([2, 0, 1, 1, 1, 1]);
    expect(column('users_total')).toEqual([2, 2, 3, 4, 5, 6]);
    expect(column('new_players')).toEqual([0, 0, 1, 1, 1, 1]);
    expect(column('players_total')).toEqual([0, 0, 1, 2, 3, 4]);
    // A by its player (3) and its proof (2), never the archived C, B by its players (1, 0), A again now.
    expect(column('active_clubs')).toEqual([0, 0, 1, 1, 1, 2]);
    // Billed: not cancelled, exempt included (money-figures); the exempt part apart.
    expect(column('billed')).toEqual([0, 0, 0, 180_000, 50_000, 0]);
    expect(column('exempt')).toEqual([0, 0, 0, 80_000, 0, 0]);
    // Collected in each club's timezone: A (Bogotá) month 2, B (UTC) month 1.
    expect(column('collected')).toEqual([0, 0, 0, 100_000, 20_000, 0]);
    expect(totals).toEqual({ clubs: 3, users: 6, players: 4, active_clubs: 2 });
  });

  it('collects what money-figures collects, club by club', async () => {
    const { months } = (await get('?months=4')).json<{ data: Analytics }>().data;
    for (const month of months) {
      let sum = 0;
      for (const clubId of clubIds) {
        const [row] = await ctx.db
          .select({ v: collectedSql(clubId, sql`${periodStart(month.month)}::date`, undefined) })
          .from(clubs)
          .limit(1);
        sum += row!.v;
      }
      expect(month.collected, month.month).toBe(sum);
    }
  });

  it('answers 12 months by default and refuses bad months (400) and other users (403)', async () => {
    expect((await get()).json<{ data: Analytics }>().data.months).toHaveLength(12);
    for (const bad of ['0', '37', 'abc', '1.5']) {
      const response = await get(`?months=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.body).toContain('Los meses deben ser');
    }
    const refused = await get('', ownerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(platformMessages.superAdminOnly);
  });
});
