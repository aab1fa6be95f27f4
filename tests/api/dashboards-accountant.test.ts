import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountantDashboard,
  DASHBOARD_LIST_MAX,
  accountantDashboardResponseSchema,
  dashboardMessages,
} from '../../contract/dashboards.schema';
import {
  type Payment,
  paymentListResponseSchema,
  paymentSummaryResponseSchema,
} from '../../contract/payments.schema';
import { clubs } from '../../server/db/schema/clubs';
import { paymentRecords, payments } from '../../server/db/schema/payments';
import { paymentMethods } from '../../server/db/schema/reference';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { addMembership, createClub, superAdmin } from './support/clubs';
import { base, moneyClub } from './support/payments';
import { tokenOf } from './support/sessions';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

/*
 * Issue #16: GET /api/dashboard/accountant. The money part is the Pagos header's; debtors
 * add up to its overdue figure and agree with the overdue payments grid (per category by
 * the category filter), methods add up to what was collected, receipts are checked by hand
 * on the payments fixture (tests/api/support/payments.ts) and on the demo club.
 */
const URL = '/api/dashboard/accountant';
const DAY = 86_400_000;
const NOW = new Date('2026-03-31T15:00:00Z');

async function dashboardOf(ctx: TestContext, token: string, clubId?: number) {
  const headers = clubId === undefined ? undefined : { 'x-club-id': String(clubId) };
  const response = await ctx.request({ method: 'GET', url: URL, token, headers });
  expect(response.statusCode, response.body).toBe(200);
  return accountantDashboardResponseSchema.parse(response.json()).data;
}

/** Every payment of the payments grid for `query`, through its pages of 100. */
async function paymentsGrid(ctx: TestContext, token: string, clubId: number, query: string) {
  const rows: Payment[] = [];
  for (let page = 1; ; page += 1) {
    const response = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/payments?${query}&pageSize=100&page=${page}`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = paymentListResponseSchema.parse(response.json());
    rows.push(...body.data);
    if (rows.length >= body.total || body.data.length === 0) {
      expect(rows).toHaveLength(body.total);
      return rows;
    }
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The money part, debtors and methods against the screens behind them. */
async function expectAgreesWithScreens(ctx: TestContext, token: string, d: AccountantDashboard) {
  const clubId = d.club.id;
  const summary = await ctx.request({
    method: 'GET',
    url: `${base(clubId)}/payments/summary`,
    token,
  });
  expect(d.money).toEqual(paymentSummaryResponseSchema.parse(summary.json()).data);
  expect(d.money_months.at(-1)).toEqual({
    month: d.money.period,
    billed: d.money.billed,
    collected: d.money.collected,
  });

  const overdue = await paymentsGrid(ctx, token, clubId, 'overdue=true');
  expect(sum(overdue.map((p) => p.balance))).toBe(d.money.overdue.amount);
  expect(overdue).toHaveLength(d.money.overdue.count);
  const debtors = d.debtors.categories;
  expect(sum(debtors.map((c) => c.amount))).toBe(d.money.overdue.amount);
  expect(sum(debtors.map((c) => c.payments))).toBe(d.money.overdue.count);
  for (const category of debtors.filter((c) => c.category_id !== null)) {
    const rows = await paymentsGrid(
      ctx,
      token,
      clubId,
      `overdue=true&category_id=${category.category_id}`,
    );
    expect(category, category.category_name ?? '').toMatchObject({
      payments: rows.length,
      amount: sum(rows.map((p) => p.balance)),
      players: new Set(rows.map((p) => p.player.id)).size,
    });
  }
  expect(sum(d.methods.map((m) => m.amount))).toBe(d.money.collected);
}

describeEachDatabase('GET /api/dashboard/accountant', (ctx) => {
  beforeAll(async () => {
    ctx.clock.set(NOW);
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage, now: NOW })).toBe(true);
  });

  describe('the demo club', () => {
    const demoToken = async (email: string) =>
      (await login(ctx, email, DEMO_PASSWORD)).json().token as string;

    it('agrees with the Pagos header and the overdue grid; methods add up to collected', async () => {
      ctx.clock.set(NOW);
      const token = await demoToken('contador@demo.club');
      const d = await dashboardOf(ctx, token);
      expect(d.money.overdue.count).toBeGreaterThan(0);
      expect(d.debtors.as_of).toBe('2026-03-31');
      await expectAgreesWithScreens(ctx, token, d);
      // Receipts of the week, counted straight from the table.
      const from = new Date(NOW.getTime() - 7 * DAY);
      const [week] = await ctx.db
        .select({
          n: sql<number>`count(*)::int`,
          amount: sql<number>`coalesce(sum(${paymentRecords.amount}), 0)::int`,
        })
        .from(paymentRecords)
        .where(
          and(
            eq(paymentRecords.clubId, d.club.id),
            eq(paymentRecords.status, 'approved'),
            sql`${paymentRecords.reviewedAt} >= ${from.toISOString()}::timestamptz and ${paymentRecords.reviewedAt} < ${NOW.toISOString()}::timestamptz`,
          ),
        );
      expect({ count: d.receipts.count, amount: d.receipts.amount }).toEqual({
        count: week!.n,
        amount: week!.amount,
      });
      expect(d.receipts.latest).toHaveLength(Math.min(week!.n, DASHBOARD_LIST_MAX));
    });

    it('refuses the owner, the trainer, the player and the parent with 403', async () => {
      for (const email of [
        'propietario@demo.club',
        'entrenador@demo.club',
        'jugador@demo.club',
        'padre@demo.club',
      ]) {
        const response = await ctx.request({
          method: 'GET',
          url: URL,
          token: await demoToken(email),
        });
        expect(response.statusCode, email).toBe(403);
        expect(response.json().message).toBe(dashboardMessages.notYourRole);
      }
    });

    it('answers 401 without a token, 200 to a super admin with a club, 422 without', async () => {
      expect((await ctx.request({ method: 'GET', url: URL })).statusCode).toBe(401);
      const admin = await superAdmin(ctx);
      const accountant = await dashboardOf(ctx, await demoToken('contador@demo.club'));
      expect((await dashboardOf(ctx, admin.token, accountant.club.id)).money).toEqual(
        accountant.money,
      );
      const none = await ctx.request({ method: 'GET', url: URL, token: admin.token });
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe(dashboardMessages.noClub);
    });
  });

  describe('a club built here', () => {
    it('starts empty: zeros and empty lists', async () => {
      ctx.clock.set(NOW);
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club Sin Cuentas' });
      const accountant = await registerUser(ctx);
      await addMembership(ctx, accountant.id, club.id, 'Contador');
      // Another zone than the default (same offset, so no figure moves): the answer names it.
      await ctx.db.update(clubs).set({ timezone: 'America/Lima' }).where(eq(clubs.id, club.id));
      const d = await dashboardOf(ctx, accountant.token, club.id);
      expect(d.club).toEqual({ id: club.id, name: 'Club Sin Cuentas', timezone: 'America/Lima' });
      expect(d.money).toMatchObject({
        period: '2026-03',
        billed: 0,
        collected: 0,
        debt: 0,
        overdue: { count: 0, amount: 0 },
      });
      expect(d.money_months.map((m) => m.billed + m.collected)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(d.debtors).toEqual({ as_of: '2026-03-31', categories: [] });
      expect(d.methods).toEqual([]);
      expect(d.receipts).toEqual({
        from: new Date(NOW.getTime() - 7 * DAY).toISOString(),
        to: NOW.toISOString(),
        count: 0,
        amount: 0,
        latest: [],
      });
    });

    it('gives debtors by billed category, methods and receipts as counted by hand', async () => {
      ctx.clock.set(new Date('2026-03-05T15:00:00Z'));
      const f = await moneyClub(ctx);
      const accountant = await registerUser(ctx);
      await addMembership(ctx, accountant.id, f.clubId, 'Contador');
      // The category each payment was billed under: Ana's Sub-10, Beto's Sub-12, the rest none.
      await ctx.db
        .update(payments)
        .set({ categoryId: f.sub10 })
        .where(eq(payments.userId, f.ana.id));
      await ctx.db
        .update(payments)
        .set({ categoryId: f.sub12 })
        .where(eq(payments.userId, f.beto.id));
      const methods = await ctx.db
        .select()
        .from(paymentMethods)
        .orderBy(paymentMethods.name)
        .limit(2);
      const [first, second] = methods as [(typeof methods)[0], (typeof methods)[0]];
      const approved = await ctx.db
        .select()
        .from(paymentRecords)
        .where(and(eq(paymentRecords.clubId, f.clubId), eq(paymentRecords.status, 'approved')))
        .orderBy(paymentRecords.receiptNumber);
      const [r1, r2, r3] = approved as [
        (typeof approved)[0],
        (typeof approved)[0],
        (typeof approved)[0],
      ];
      await ctx.db
        .update(paymentRecords)
        .set({ paymentMethodId: first.id })
        .where(inArray(paymentRecords.id, [r1.id, r2.id]));
      await ctx.db
        .update(paymentRecords)
        .set({ paymentMethodId: second.id })
        .where(eq(paymentRecords.id, r3.id));

      // 10 March, 10:00 in Bogotá: a new token (they last 12 hours).
      ctx.clock.set(new Date('2026-03-10T15:00:00Z'));
      const token = await tokenOf(ctx, accountant.id);
      const d = await dashboardOf(ctx, token, f.clubId);
      expect(d.debtors).toEqual({
        as_of: '2026-03-10',
        categories: [
          // Ana's March fee (pending); her uniform is due on the 20th.
          {
            category_id: f.sub10,
            category_name: 'Sub-10',
            players: 1,
            payments: 1,
            amount: 100_000,
          },
          // Beto's March fee (partial: 85.000 − 40.000) and February fee (rejected).
          {
            category_id: f.sub12,
            category_name: 'Sub-12',
            players: 1,
            payments: 2,
            amount: 45_000 + 100_000,
          },
          // Juan's February fee (his uniform is due today, not before).
          { category_id: null, category_name: null, players: 1, payments: 1, amount: 100_000 },
        ],
      });
      // March's approvals: receipt 1 (1 March 00:30 Bogotá, 100.000) and 3 (2 March, 40.000);
      // receipt 2 was approved on 28 February in Bogotá.
      expect(d.methods).toEqual(
        [
          { method_id: first.id, method_name: first.name, records: 1, amount: 100_000 },
          { method_id: second.id, method_name: second.name, records: 1, amount: 40_000 },
        ].sort((a, b) => a.method_name.localeCompare(b.method_name, 'es')),
      );
      await expectAgreesWithScreens(ctx, token, d);
      // The week up to 10 March 10:00 starts on 3 March 10:00: no receipt in it.
      expect(d.receipts).toMatchObject({ count: 0, amount: 0, latest: [] });

      // On 5 March the week reaches back to 26 February: the three receipts, latest first.
      ctx.clock.set(new Date('2026-03-05T15:00:00Z'));
      const early = await dashboardOf(ctx, await tokenOf(ctx, accountant.id), f.clubId);
      expect(early.receipts.count).toBe(3);
      expect(early.receipts.amount).toBe(100_000 + 100_000 + 40_000);
      expect(
        early.receipts.latest.map((r) => [r.receipt_number, r.player.name, r.amount, r.issued_at]),
      ).toEqual([
        [3, 'Beto', 40_000, '2026-03-02T15:00:00.000Z'],
        [1, 'Juan', 100_000, '2026-03-01T05:30:00.000Z'],
        [2, 'Ana', 100_000, '2026-03-01T04:30:00.000Z'],
      ]);
      expect(early.receipts.latest[0]).toMatchObject({
        record_id: r3.id,
        payment_id: r3.paymentId,
        player: { id: f.beto.id, lastname: 'Álvarez' },
      });
    });
  });
});
