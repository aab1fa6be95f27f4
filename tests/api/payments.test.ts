import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import {
  type Payment,
  paymentListResponseSchema,
  paymentMessages,
  paymentSchema,
} from '../../contract/payments.schema';
import { payments } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { addMembership, createClub, memberOf } from './support/clubs';
import { MARCH_10, type PaymentRow, addPayment, base, moneyClub } from './support/payments';
import { expectPaymentCountsAgree } from './support/payment-counts';
import { expectPaymentDebtorsAgree } from './support/payment-debtors';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);
const byDueThenId = (a: PaymentRow, b: PaymentRow) =>
  a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id;
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const overdueOn = (today: string) => (p: PaymentRow) =>
  ['pending', 'partial', 'rejected'].includes(p.status) && p.dueDate < today;

async function list(ctx: TestContext, token: string, clubId: number, query = '') {
  const response = await ctx.request({
    method: 'GET',
    url: `${base(clubId)}/payments${query ? `?${query}` : ''}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: Payment[] };
  // The fast serializer writes exactly the contract's fields.
  for (const row of body.data) {
    expect(Object.keys(row).sort()).toEqual(Object.keys(paymentSchema.shape).sort());
  }
  return paymentListResponseSchema.parse(body);
}

describeEachDatabase('Payments list (/api/pla_club_teams/:id/payments)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  beforeAll(async () => {
    f = await moneyClub(ctx);
  });
  beforeEach(() => ctx.clock.set(MARCH_10));

  it('pages the club by due date (then id) with every field of a row', async () => {
    const expected = [...f.list].sort(byDueThenId);
    const first = await list(ctx, f.owner.token, f.clubId, 'pageSize=10');
    expect(first.total).toBe(11);
    expect(ids(first.data)).toEqual(ids(expected.slice(0, 10)));
    const second = await list(ctx, f.owner.token, f.clubId, 'pageSize=10&page=2');
    expect(second).toMatchObject({ total: 11 });
    expect(ids(second.data)).toEqual(ids(expected.slice(10)));
    const past = await list(ctx, f.owner.token, f.clubId, 'pageSize=10&page=3');
    expect(past).toEqual({ data: [], total: 11 });

    const partial = first.data.find((row) => row.id === f.list[1]!.id);
    expect(partial).toEqual({
      id: f.list[1]!.id,
      player: {
        id: f.beto.id,
        name: 'Beto',
        lastname: 'Álvarez',
        document_number: f.beto.document,
      },
      category: { id: f.sub12, name: 'Sub-12' },
      charge: { id: f.monthly, name: 'Mensualidad', concept: 'training_fee' },
      period: '2026-03',
      covers_from: '2026-03-01',
      covers_to: '2026-03-31',
      due_date: '2026-03-05',
      base_amount: 100_000,
      discount_amount: 15_000,
      amount_due: 85_000,
      amount_paid: 40_000,
      balance: 45_000,
      discounts_applied: [
        { id: 1, name: 'Plan Hermanos', kind: 'percentage', value: 15, amount: 15_000 },
      ],
      status: 'partial',
      overdue: true,
      status_reason: null,
    });
    const carla = first.data.find((row) => row.player.id === f.carla.id);
    expect(carla?.category).toBeNull();
    const cancelled = [...first.data, ...second.data].find((row) => row.status === 'cancelled');
    expect(cancelled).toMatchObject({ status_reason: 'Se retiró', overdue: false });
  });

  it('sorts by player, amount, status and period, each way, the id last', async () => {
    const names = new Map([
      [f.ana.id, 'Núñez Ana'],
      [f.beto.id, 'Álvarez Beto'],
      [f.carla.id, 'Zapata Carla'],
      [f.juan.id, 'Pérez Juan'],
    ]);
    const byPlayer = await list(ctx, f.owner.token, f.clubId, 'sort=player&pageSize=25');
    const expectedPlayers = [...f.list].sort(
      (a, b) => names.get(a.userId)!.localeCompare(names.get(b.userId)!, 'es') || a.id - b.id,
    );
    // 'Álvarez' sorts as an A (ICU), not after 'Zapata' (C collation).
    expect(ids(byPlayer.data)).toEqual(ids(expectedPlayers));
    const byAmount = await list(ctx, f.owner.token, f.clubId, 'sort=-amount_due');
    expect(ids(byAmount.data)).toEqual(
      ids([...f.list].sort((a, b) => b.amountDue - a.amountDue || a.id - b.id)),
    );
    const rank = ['pending', 'partial', 'in_review', 'paid', 'rejected', 'cancelled', 'exempt'];
    const byStatus = await list(ctx, f.owner.token, f.clubId, 'sort=status');
    expect(ids(byStatus.data)).toEqual(
      ids(
        [...f.list].sort((a, b) => rank.indexOf(a.status) - rank.indexOf(b.status) || a.id - b.id),
      ),
    );
    const byPeriod = await list(ctx, f.owner.token, f.clubId, 'sort=-period&pageSize=10');
    expect(byPeriod.data.map((row) => row.period)).toEqual([
      ...Array<string>(8).fill('2026-03'),
      '2026-02',
      '2026-02',
    ]);
    expect(ids(byPeriod.data.slice(0, 8))).toEqual(ids(f.list.slice(0, 8)));
  });

  it('filters by period, status, category, player and overdue, and combines them', async () => {
    const where = async (query: string, keep: (p: PaymentRow) => boolean) => {
      const page = await list(ctx, f.owner.token, f.clubId, query);
      const expected = f.list.filter(keep).sort(byDueThenId);
      expect(ids(page.data), query).toEqual(ids(expected));
      expect(page.total, query).toBe(expected.length);
    };
    const overdue = overdueOn('2026-03-10');
    await where('period=2026-02', (p) => p.period === '2026-02-01');
    await where('status=pending', (p) => p.status === 'pending');
    await where(`category_id=${f.sub10}`, (p) => p.userId === f.ana.id);
    await where(`player_id=${f.beto.id}`, (p) => p.userId === f.beto.id);
    await where('overdue=true', overdue);
    await where('overdue=false', (p) => !overdue(p));
    await where('period=2026-03&overdue=true', (p) => p.period === '2026-03-01' && overdue(p));
    // The whole club's totals of a period come from payment_counts (migration 0019).
    await where('period=2026-03&overdue=false', (p) => p.period === '2026-03-01' && !overdue(p));
    await where(
      'period=2026-03&status=pending',
      (p) => p.period === '2026-03-01' && p.status === 'pending',
    );
    await where(
      'period=2026-03&status=partial&overdue=true',
      (p) => p.period === '2026-03-01' && p.status === 'partial' && overdue(p),
    );
    const pastEnd = await list(ctx, f.owner.token, f.clubId, 'period=2026-03&page=9&pageSize=10');
    expect(pastEnd).toEqual({
      data: [],
      total: f.list.filter((p) => p.period === '2026-03-01').length,
    });
    await where(`status=rejected&category_id=${f.sub12}`, (p) => p === f.list[9]);
    await where(
      `period=2026-03&category_id=${f.sub10}`,
      (p) => p.period === '2026-03-01' && p.userId === f.ana.id,
    );
    // The paid, due-today and in-review payments are never overdue.
    expect(f.list.filter(overdue).map((p) => p.status)).toEqual([
      'pending',
      'partial',
      'rejected',
      'pending',
    ]);
  });

  it('keeps a payment in the category it was billed under when the player moves', async () => {
    const g = await moneyClub(ctx);
    const anas = g.list.filter((p) => p.userId === g.ana.id).sort(byDueThenId);
    await ctx.db.update(players).set({ categoryId: g.sub12 }).where(eq(players.userId, g.ana.id));
    const later = await addPayment(ctx, g.clubId, {
      userId: g.ana.id,
      chargeId: g.monthly,
      period: '2026-04',
      due: '2026-04-05',
      base: 80_000,
      status: 'pending',
    });
    const inSub10 = await list(ctx, g.owner.token, g.clubId, `category_id=${g.sub10}`);
    expect(ids(inSub10.data)).toEqual(ids(anas));
    expect(inSub10.total).toBe(anas.length);
    expect(inSub10.data.map((row) => row.category?.name)).toEqual(anas.map(() => 'Sub-10'));
    const april = await list(ctx, g.owner.token, g.clubId, `period=2026-04&category_id=${g.sub12}`);
    expect(april).toMatchObject({
      total: 1,
      data: [{ id: later.id, category: { name: 'Sub-12' } }],
    });
    const marchSub10 = `period=2026-03&category_id=${g.sub10}`;
    const march = await list(ctx, g.owner.token, g.clubId, marchSub10);
    expect(march.total).toBe(anas.filter((p) => p.period === '2026-03-01').length);
    await expectPaymentCountsAgree(ctx, g.clubId);
    await expectPaymentDebtorsAgree(ctx, g.clubId);
  });

  it('bills only players of the club: a payment without its players row is refused', async () => {
    const stranger = await registerUser(ctx);
    const write = ctx.db.insert(payments).values({
      clubId: f.clubId,
      userId: stranger.id,
      chargeId: f.monthly,
      period: '2026-05-01',
      coversFrom: '2026-05-01',
      coversTo: '2026-05-31',
      dueDate: '2026-05-05',
      baseAmount: 1_000,
      amountDue: 1_000,
    });
    await expect(write).rejects.toMatchObject({ cause: { code: '23503' } });
  });

  it('searches the player name, last name and document ignoring case and accents', async () => {
    const search = async (q: string) =>
      list(ctx, f.owner.token, f.clubId, `q=${encodeURIComponent(q)}&pageSize=25`);
    const nunez = await search('NUNEZ');
    expect(new Set(nunez.data.map((row) => row.player.id))).toEqual(new Set([f.ana.id]));
    expect(nunez.total).toBe(3);
    expect((await search('álvarez')).total).toBe(3);
    expect((await search('ana núñez')).total).toBe(3);
    expect((await search('perez')).data.every((row) => row.player.id === f.juan.id)).toBe(true);
    const byDocument = await search(f.carla.document);
    expect(ids(byDocument.data).sort()).toEqual(
      ids(f.list.filter((p) => p.userId === f.carla.id)).sort(),
    );
    expect((await search('100%')).total).toBe(0);
    const filtered = await list(ctx, f.owner.token, f.clubId, 'q=nunez&overdue=true');
    expect(ids(filtered.data)).toEqual([f.list[0]!.id]);
  });

  it("computes overdue against the club's today in Bogotá, not UTC", async () => {
    const rejected = f.list[4]!; // due 2026-03-20
    const overdueOf = async () =>
      (await list(ctx, f.owner.token, f.clubId, `player_id=${f.ana.id}`)).data.find(
        (row) => row.id === rejected.id,
      )!.overdue;
    // 20 March 23:00 in Bogotá (21 March in UTC): still due today.
    ctx.clock.set(new Date('2026-03-21T04:00:00Z'));
    expect(await overdueOf()).toBe(false);
    const notYet = await list(ctx, f.owner.token, f.clubId, 'overdue=true');
    expect(ids(notYet.data)).not.toContain(rejected.id);
    // 21 March 00:30 in Bogotá: overdue.
    ctx.clock.set(new Date('2026-03-21T05:30:00Z'));
    expect(await overdueOf()).toBe(true);
    const now = await list(ctx, f.owner.token, f.clubId, 'overdue=true');
    expect(ids(now.data)).toContain(rejected.id);
    // Nothing is stored: the row is as it was.
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, rejected.id));
    expect(row).toMatchObject({ status: 'rejected', dueDate: '2026-03-20' });
  });

  it('shows a Jugador only their own payments, a guardian none, the Contador all', async () => {
    const own = await list(ctx, f.juan.token, f.clubId, 'pageSize=25');
    expect(ids(own.data).sort()).toEqual(ids(f.list.filter((p) => p.userId === f.juan.id)).sort());
    expect(own.total).toBe(3);
    const others = await list(ctx, f.juan.token, f.clubId, `player_id=${f.ana.id}`);
    expect(others).toEqual({ data: [], total: 0 });
    const guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    expect(await list(ctx, guardian.token, f.clubId)).toEqual({ data: [], total: 0 });
    const accountant = await memberOf(ctx, f.clubId, 'Contador');
    expect((await list(ctx, accountant.token, f.clubId)).total).toBe(11);
    // A Jugador who is also the Contador sees the club.
    const both = await memberOf(ctx, f.clubId, 'Jugador');
    await addMembership(ctx, both.id, f.clubId, 'Contador');
    expect((await list(ctx, both.token, f.clubId)).total).toBe(11);
  });

  it("refuses a trainer (403), a stranger and another club's caller (404)", async () => {
    const trainer = await memberOf(ctx, f.clubId, 'Entrenador');
    const url = `${base(f.clubId)}/payments`;
    expect((await ctx.request({ method: 'GET', url, token: trainer.token })).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'GET', url: `${url}/summary`, token: trainer.token }))
        .statusCode,
    ).toBe(403);
    const stranger = await registerUser(ctx);
    expect((await ctx.request({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
    // Another club's owner sees their club's payments only.
    const other = await registerUser(ctx);
    const club = await createClub(ctx, other.token, { name: 'Otro Club' });
    const theirs = await addPayment(ctx, club.id, {
      userId: other.id,
      chargeId: f.monthly,
      period: '2026-03',
      due: '2026-03-05',
      base: 1_000,
      status: 'pending',
    });
    expect((await ctx.request({ method: 'GET', url, token: other.token })).statusCode).toBe(404);
    expect(ids((await list(ctx, other.token, club.id)).data)).toEqual([theirs.id]);
    expect(ids((await list(ctx, f.owner.token, f.clubId, 'pageSize=100')).data)).not.toContain(
      theirs.id,
    );
  });

  it('refuses a bad period, status, overdue, id or parameter with a 400 on its field', async () => {
    const bad = async (query: string, field: string, message?: string) => {
      const response = await ctx.request({
        method: 'GET',
        url: `${base(f.clubId)}/payments?${query}`,
        token: f.owner.token,
      });
      expect(response.statusCode, query).toBe(400);
      expect(fieldsOf(response.json()), query).toEqual([field]);
      if (message) expect(response.body).toContain(message);
    };
    await bad('period=2026-13', 'period', paymentMessages.badPeriod);
    await bad('period=2026-3', 'period', paymentMessages.badPeriod);
    await bad('period=2026-03-01', 'period');
    await bad('status=overdue', 'status', paymentMessages.badStatus);
    await bad('overdue=yes', 'overdue', paymentMessages.badOverdue);
    await bad('category_id=abc', 'category_id');
    await bad('player_id=0', 'player_id');
    await bad('sort=balance', 'sort');
    await bad('method=1', 'method');
  });
});
