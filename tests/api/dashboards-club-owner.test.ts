import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceFiguresSchema } from '../../contract/attendance.schema';
import {
  type ClubOwnerDashboard,
  DASHBOARD_MONTHS,
  UPCOMING_MAX,
  clubOwnerDashboardResponseSchema,
  dashboardMessages,
  setupSteps,
} from '../../contract/dashboards.schema';
import { paymentSummaryResponseSchema } from '../../contract/payments.schema';
import { sessionListResponseSchema } from '../../contract/sessions.schema';
import { clubs } from '../../server/db/schema/clubs';
import { clubPaymentMethods } from '../../server/db/schema/money';
import { paymentMethods } from '../../server/db/schema/reference';
import { sessionAttendance } from '../../server/db/schema/sessions';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { createClub, superAdmin } from './support/clubs';
import { MARCH_10, addCharge, addPayment, addPlayer, base, moneyClub } from './support/payments';
import { addCategory, insertSession, playerOf, trainerOf } from './support/sessions';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

/*
 * Issue #16: GET /api/dashboard/club-owner. Every figure is checked against what the
 * screen it links to answers (the grids' totals, the Pagos header, the attendance figures,
 * the calendar) or against plain SQL, on the demo club and on clubs built here.
 */
const URL = '/api/dashboard/club-owner';
const DAY = 86_400_000;
const NOW = new Date('2026-03-31T15:00:00Z');

type Get = (url: string, token: string, headers?: Record<string, string>) => Promise<unknown>;

function getter(ctx: TestContext): Get {
  return async (url, token, headers) => {
    const response = await ctx.request({ method: 'GET', url, token, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
}

async function dashboardOf(ctx: TestContext, token: string, headers?: Record<string, string>) {
  const body = await getter(ctx)(URL, token, headers);
  return clubOwnerDashboardResponseSchema.parse(body).data;
}

/** Each figure of `d` against the screens behind it, for the club's owner (`token`). */
async function expectAgreesWithScreens(ctx: TestContext, token: string, d: ClubOwnerDashboard) {
  const get = getter(ctx);
  const clubId = d.club.id;
  const total = async (resource: string) =>
    ((await get(`${base(clubId)}/${resource}?pageSize=10`, token)) as { total: number }).total;
  expect(d.counts).toEqual({
    players: await total('players'),
    trainers: await total('trainers'),
    categories: await total('categories'),
  });
  const summary = paymentSummaryResponseSchema.parse(
    await get(`${base(clubId)}/payments/summary`, token),
  ).data;
  expect(d.money).toEqual(summary);
  expect(d.money_months).toHaveLength(DASHBOARD_MONTHS);
  for (const month of d.money_months) {
    const of = paymentSummaryResponseSchema.parse(
      await get(`${base(clubId)}/payments/summary?period=${month.month}`, token),
    ).data;
    expect(month, month.month).toEqual({
      month: month.month,
      billed: of.billed,
      collected: of.collected,
    });
  }
  expect(d.money_months.at(-1)!.month).toBe(summary.period);

  const span = `from=${encodeURIComponent(d.attendance.from)}&to=${encodeURIComponent(d.attendance.to)}`;
  const figures = attendanceFiguresSchema.parse(
    await get(`${base(clubId)}/attendance-figures?${span}`, token),
  );
  expect(d.attendance.categories).toEqual(figures.by_category);

  const upcoming = `from=${encodeURIComponent(d.upcoming.from)}&to=${encodeURIComponent(d.upcoming.to)}`;
  const calendar = sessionListResponseSchema.parse(
    await get(`${base(clubId)}/sessions?${upcoming}&status=scheduled&pageSize=100`, token),
  );
  const expected = calendar.data.slice(0, UPCOMING_MAX);
  expect(d.upcoming.sessions.map((s) => s.id)).toEqual(expected.map((s) => s.id));
  for (const session of d.upcoming.sessions) {
    const marks = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionAttendance)
      .where(eq(sessionAttendance.sessionId, session.id));
    expect(session.marks).toBe(marks[0]!.n);
  }
}

const stepsDone = (d: ClubOwnerDashboard) =>
  d.checklist.steps.filter((s) => s.done).map((s) => s.step);

describeEachDatabase('GET /api/dashboard/club-owner', (ctx) => {
  const tokenOf = async (email: string) =>
    (await login(ctx, email, DEMO_PASSWORD)).json().token as string;

  beforeAll(async () => {
    ctx.clock.set(NOW);
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage, now: NOW })).toBe(true);
  });

  describe('the demo club', () => {
    it('agrees with the grids, the Pagos header, the attendance figures and the calendar', async () => {
      ctx.clock.set(NOW);
      const token = await tokenOf('propietario@demo.club');
      const d = await dashboardOf(ctx, token);
      expect(d.generated_at).toBe(NOW.toISOString());
      expect(d.counts.players).toBeGreaterThan(0);
      expect(d.money.billed).toBeGreaterThan(0);
      expect(d.attendance.categories.length).toBeGreaterThan(0);
      await expectAgreesWithScreens(ctx, token, d);
      expect(d.checklist.steps.map((s) => s.step)).toEqual([...setupSteps]);
      expect(d.checklist.complete).toBe(d.checklist.steps.every((s) => s.done));
      // The demo club has categories, trainers, players, charges and payments.
      expect(stepsDone(d)).toEqual(
        expect.arrayContaining([
          'first_category',
          'first_trainer',
          'players',
          'first_charge',
          'first_period',
        ]),
      );
    });

    it('refuses the trainer, the player, the parent and the accountant with 403', async () => {
      for (const email of [
        'entrenador@demo.club',
        'jugador@demo.club',
        'padre@demo.club',
        'contador@demo.club',
      ]) {
        const response = await ctx.request({
          method: 'GET',
          url: URL,
          token: await tokenOf(email),
        });
        expect(response.statusCode, email).toBe(403);
        expect(response.json().message).toBe(dashboardMessages.notYourRole);
      }
    });

    it('answers 401 without a token', async () => {
      expect((await ctx.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    });

    it('lets a super admin in with a club chosen, and asks for one without (422)', async () => {
      const admin = await superAdmin(ctx);
      const [demo] = await ctx.db.select({ id: clubs.id }).from(clubs).orderBy(clubs.id).limit(1);
      const d = await dashboardOf(ctx, admin.token, { 'x-club-id': String(demo!.id) });
      expect(d.club.id).toBe(demo!.id);
      const none = await ctx.request({ method: 'GET', url: URL, token: admin.token });
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe(dashboardMessages.noClub);
    });
  });

  describe('a club built here', () => {
    it('starts empty: zeros, six empty months, no sessions, nothing set up', async () => {
      ctx.clock.set(NOW);
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club Vacío' });
      // Another zone than the default (same offset, so no figure moves): the answer names it.
      await ctx.db.update(clubs).set({ timezone: 'America/Lima' }).where(eq(clubs.id, club.id));
      const d = await dashboardOf(ctx, owner.token, { 'x-club-id': String(club.id) });
      expect(d.club).toEqual({ id: club.id, name: 'Club Vacío', timezone: 'America/Lima' });
      expect(d.counts).toEqual({ players: 0, trainers: 0, categories: 0 });
      expect(d.money).toEqual({
        period: '2026-03',
        billed: 0,
        collected: 0,
        debt: 0,
        exempt: 0,
        in_review: { count: 0, amount: 0 },
        overdue: { count: 0, amount: 0 },
      });
      expect(d.money_months).toEqual(
        ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'].map((month) => ({
          month,
          billed: 0,
          collected: 0,
        })),
      );
      expect(d.attendance).toEqual({
        from: new Date(NOW.getTime() - 30 * DAY).toISOString(),
        to: NOW.toISOString(),
        categories: [],
      });
      expect(d.upcoming).toEqual({
        from: NOW.toISOString(),
        to: new Date(NOW.getTime() + 7 * DAY).toISOString(),
        sessions: [],
      });
      expect(d.checklist).toEqual({
        complete: false,
        steps: setupSteps.map((step) => ({ step, done: false })),
      });
    });

    it('ticks each set-up step as the thing is made, and is complete with all', async () => {
      ctx.clock.set(NOW);
      const owner = await registerUser(ctx);
      const { id: clubId } = await createClub(ctx, owner.token, { name: 'Club Nuevo' });
      const headers = { 'x-club-id': String(clubId) };
      const done = async () => stepsDone(await dashboardOf(ctx, owner.token, headers));
      const patch = (body: object) =>
        ctx.request({ method: 'PATCH', url: base(clubId), token: owner.token, body });
      // Contact data counts only once phone, e-mail and city are all filled.
      expect((await patch({ phone: '3001234567', email: 'club@nuevo.test' })).statusCode).toBe(200);
      expect(await done()).toEqual([]);
      expect((await patch({ city: 'Medellín' })).statusCode).toBe(200);
      expect(await done()).toEqual(['club_data']);
      const category = await addCategory(ctx, clubId, 'Sub-10');
      expect(await done()).toEqual(['club_data', 'first_category']);
      await trainerOf(ctx, clubId, [category]);
      expect(await done()).toEqual(['club_data', 'first_category', 'first_trainer']);
      const player = await addPlayer(ctx, owner.token, clubId, {
        name: 'Ana',
        lastname: 'Ríos',
        categoryId: category,
      });
      expect(await done()).toEqual(['club_data', 'first_category', 'first_trainer', 'players']);
      const charge = await addCharge(ctx, clubId, 'Mensualidad', 100_000);
      expect((await done()).at(-1)).toBe('first_charge');
      const [method] = await ctx.db.select({ id: paymentMethods.id }).from(paymentMethods).limit(1);
      await ctx.db
        .insert(clubPaymentMethods)
        .values({ clubId, paymentMethodId: method!.id, accepted: false });
      expect(await done()).not.toContain('payment_methods');
      await ctx.db
        .update(clubPaymentMethods)
        .set({ accepted: true })
        .where(eq(clubPaymentMethods.clubId, clubId));
      expect((await done()).at(-1)).toBe('payment_methods');
      await addPayment(ctx, clubId, {
        userId: player.id,
        chargeId: charge,
        period: '2026-03',
        due: '2026-03-05',
        base: 100_000,
        status: 'pending',
      });
      const d = await dashboardOf(ctx, owner.token, headers);
      expect(stepsDone(d)).toEqual([...setupSteps]);
      expect(d.checklist.complete).toBe(true);
      expect(d.counts).toEqual({ players: 1, trainers: 1, categories: 1 });
      await expectAgreesWithScreens(ctx, owner.token, d);
    });

    it('lists the scheduled sessions of the next 7 days, soonest first, at most 8, with their marks', async () => {
      ctx.clock.set(NOW);
      const owner = await registerUser(ctx);
      const { id: clubId } = await createClub(ctx, owner.token, { name: 'Club Agenda' });
      const category = await addCategory(ctx, clubId, 'Sub-12');
      const player = await playerOf(ctx, clubId, category);
      const at = (days: number) => new Date(NOW.getTime() + days * DAY);
      const session = (days: number, fields: object = {}) =>
        insertSession(ctx, clubId, category, {
          startsAt: at(days),
          title: `En ${days} días`,
          ...fields,
        });
      await session(-1); // started yesterday
      await session(2, { status: 'cancelled' });
      await session(7); // exactly at the end: outside [now, now + 7 d)
      const marked = await session(0.5, {
        categoryId: null,
        title: 'Reunión del club',
        type: 'meeting',
      });
      await ctx.db
        .insert(sessionAttendance)
        .values({ sessionId: marked, playerUserId: player.id, clubId, status: 'present' });
      const inside = [marked];
      for (let i = 1; i <= 8; i += 1) inside.push(await session(i * 0.7));
      const d = await dashboardOf(ctx, owner.token, { 'x-club-id': String(clubId) });
      expect(d.upcoming.sessions.map((s) => s.id)).toEqual(inside.slice(0, UPCOMING_MAX));
      expect(d.upcoming.sessions[0]).toMatchObject({
        title: 'Reunión del club',
        type: 'meeting',
        category: null,
        marks: 1,
      });
      expect(d.upcoming.sessions[1]).toMatchObject({
        category: { id: category, name: 'Sub-12' },
        marks: 0,
      });
      await expectAgreesWithScreens(ctx, owner.token, d);
    });

    it("shows the money of the club's month in its timezone, six months back across a month's end", async () => {
      ctx.clock.set(new Date('2026-03-31T20:00:00Z')); // the tokens last 12 hours
      const f = await moneyClub(ctx);
      // 31 March 23:30 in Bogotá, already 1 April in UTC: still March for the club.
      ctx.clock.set(new Date('2026-04-01T04:30:00Z'));
      const d = await dashboardOf(ctx, f.owner.token, { 'x-club-id': String(f.clubId) });
      expect(d.money.period).toBe('2026-03');
      expect(d.money_months.map((m) => m.month)).toEqual([
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
      ]);
      // By hand (tests/api/payments-summary.test.ts): March billed 625.000 (every
      // payment but the cancelled uniform), collected 140.000;
      // February billed 300.000, collected 100.000 (approved 28 February 23:30 in Bogotá).
      expect(d.money_months.slice(-2)).toEqual([
        { month: '2026-02', billed: 300_000, collected: 100_000 },
        {
          month: '2026-03',
          billed: 100_000 + 85_000 + 100_000 + 100_000 + 80_000 + 80_000 + 80_000,
          collected: 100_000 + 40_000,
        },
      ]);
      await expectAgreesWithScreens(ctx, f.owner.token, d);
      ctx.clock.set(MARCH_10);
    });
  });
});
