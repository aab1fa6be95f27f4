import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  accountantDashboardResponseSchema,
  clubOwnerDashboardResponseSchema,
} from '../../contract/dashboards.schema';
import {
  parentDashboardResponseSchema,
  playerDashboardResponseSchema,
} from '../../contract/parents.schema';
import { categories } from '../../server/db/schema/categories';
import { clubs } from '../../server/db/schema/clubs';
import { dataVersions } from '../../server/db/schema/data-versions';
import { DASHBOARD_ANSWER_MAX_AGE_MS } from '../../server/features/dashboards/dashboard-answers';
import { memberOf, superAdmin } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { clubMethods, post } from './support/payment-actions';
import { MARCH_10, moneyClub } from './support/payments';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * Issue #36 item 5: the dashboards keep their answers while nothing they read changed
 * (server/features/dashboards/dashboard-answers.ts, data_versions of migration 0039).
 * A write shows at once, to the club and to the family, at the same instant of the clock;
 * nothing kept is answered for another club; and a kept answer lasts a few seconds at most.
 */

async function dashboard<T>(
  ctx: TestContext,
  kind: string,
  token: string,
  parse: (body: unknown) => { data: T },
  clubId?: number,
): Promise<T> {
  const headers = clubId === undefined ? undefined : { 'x-club-id': String(clubId) };
  const response = await ctx.request({
    method: 'GET',
    url: `/api/dashboard/${kind}`,
    token,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.json()).data;
}

const owner = (ctx: TestContext, token: string, clubId?: number) =>
  dashboard(ctx, 'club-owner', token, (b) => clubOwnerDashboardResponseSchema.parse(b), clubId);
const accountant = (ctx: TestContext, token: string) =>
  dashboard(ctx, 'accountant', token, (b) => accountantDashboardResponseSchema.parse(b));
const parent = (ctx: TestContext, token: string) =>
  dashboard(ctx, 'parent', token, (b) => parentDashboardResponseSchema.parse(b));
const player = (ctx: TestContext, token: string) =>
  dashboard(ctx, 'player', token, (b) => playerDashboardResponseSchema.parse(b));

describeEachDatabase('the dashboards’ kept answers', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  /** Records `amount` received for the fixture's payment `i`, as the owner. */
  const receive = async (i: number, amount: number) => {
    const response = await post(ctx, f.owner.token, f.clubId, f.list[i]!.id, 'records', {
      payment_method_id: methods.cash,
      paid_on: '2026-03-09',
      amount,
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
  });

  it('shows the owner and the accountant a payment received at once, at the same instant', async () => {
    const books = await memberOf(ctx, f.clubId, 'Contador');
    const ownerBefore = await owner(ctx, f.owner.token);
    const accountantBefore = await accountant(ctx, books.token);
    // Asked again, nothing changed: the same answer.
    expect(await owner(ctx, f.owner.token)).toEqual(ownerBefore);

    await receive(0, 100_000); // Ana's March fee, pending

    const ownerAfter = await owner(ctx, f.owner.token);
    const accountantAfter = await accountant(ctx, books.token);
    expect(ownerAfter.generated_at).toBe(MARCH_10.toISOString());
    expect(ownerAfter.money.collected).toBe(ownerBefore.money.collected + 100_000);
    expect(ownerAfter.money.debt).toBe(ownerBefore.money.debt - 100_000);
    expect(accountantAfter.money).toEqual(ownerAfter.money);
    const methodsSum = (d: typeof accountantBefore) => d.methods.reduce((n, m) => n + m.amount, 0);
    expect(methodsSum(accountantAfter)).toBe(methodsSum(accountantBefore) + 100_000);
  });

  it('shows the guardian and the player their payment at once', async () => {
    const guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    await linkGuardian(ctx.db, { clubId: f.clubId, playerId: f.ana.id, guardianId: guardian.id });
    const debtOf = (entries: Awaited<ReturnType<typeof parent>>) => entries[0]?.summary?.debt;
    const anaBefore = debtOf(await parent(ctx, guardian.token));
    const juanBefore = (await player(ctx, f.juan.token))[0]?.summary.debt;
    expect(anaBefore).toBeGreaterThan(0);
    expect(juanBefore).toBeGreaterThan(0);

    await receive(0, 100_000); // Ana's March fee
    await receive(7, 30_000); // a part of Juan's uniform

    expect(debtOf(await parent(ctx, guardian.token))).toBe(anaBefore! - 100_000);
    expect((await player(ctx, f.juan.token))[0]?.summary.debt).toBe(juanBefore! - 30_000);
  });

  it('answers each club its own dashboard, for the same caller at the same instant', async () => {
    const other = await moneyClub(ctx);
    const admin = await superAdmin(ctx);
    for (let round = 0; round < 2; round += 1) {
      expect((await owner(ctx, admin.token, f.clubId)).club.id).toBe(f.clubId);
      expect((await owner(ctx, admin.token, other.clubId)).club.id).toBe(other.clubId);
    }
  });

  it('keeps an answer only while its data versions hold, and a few seconds at most', async () => {
    const first = await owner(ctx, f.owner.token);
    // A change no trigger sees (as a replica applies it): the versions do not move.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(clubs).set({ name: 'Otro nombre' }).where(eq(clubs.id, f.clubId));
    });
    expect(await owner(ctx, f.owner.token)).toEqual(first);
    ctx.clock.set(new Date(MARCH_10.getTime() + DASHBOARD_ANSWER_MAX_AGE_MS - 1));
    expect(await owner(ctx, f.owner.token)).toEqual(first);
    ctx.clock.set(new Date(MARCH_10.getTime() + DASHBOARD_ANSWER_MAX_AGE_MS));
    const later = await owner(ctx, f.owner.token);
    expect(later.club.name).toBe('Otro nombre');
    expect(later.generated_at).not.toBe(first.generated_at);
  });

  it('lets two writers of one club write apart until they commit, never waiting on the counter', async () => {
    // Two connections at once: PostgreSQL only (PGlite has one).
    if (ctx.driver !== 'postgres') return;
    const versionOf = async () => {
      const [row] = await ctx.db
        .select({ version: dataVersions.version })
        .from(dataVersions)
        .where(eq(dataVersions.scope, f.clubId));
      return row?.version ?? 0;
    };
    const before = await versionOf();
    const rename = (tx: Pick<typeof ctx.db, 'update'>, id: number, name: string) =>
      tx.update(categories).set({ name }).where(eq(categories.id, id));
    let wrote!: () => void;
    const firstWrote = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    let goOn!: () => void;
    const firstMayGoOn = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    const first = ctx.db.transaction(async (tx) => {
      await rename(tx, f.sub10, 'Sub-10 A');
      wrote();
      await firstMayGoOn;
      await rename(tx, f.sub12, 'Sub-12 A');
    });
    await firstWrote;
    // Meanwhile a second writer of the same club: it commits while the first is open (a
    // counter raised in each statement would make it wait for the first, which waits for it).
    await ctx.db.transaction(async (tx) => {
      await rename(tx, f.sub12, 'Sub-12 B');
    });
    goOn();
    await first;
    expect(await versionOf()).toBe(before + 2);
  });
});
