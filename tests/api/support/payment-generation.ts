import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { categories } from '../../../server/db/schema/categories';
import { clubMemberships } from '../../../server/db/schema/memberships';
import {
  chargeCategories,
  chargeDiscounts,
  chargePlayers,
  charges,
  discounts,
  playerDiscounts,
} from '../../../server/db/schema/money';
import { players } from '../../../server/db/schema/players';
import { frequencies } from '../../../server/db/schema/reference';
import { createClub } from './clubs';
import { type TestContext, registerUser } from './test-app';

/*
 * A club to bill, built through the API (club, players) and direct inserts (categories,
 * discounts, charges and their links, joining dates), for the payment generation tests.
 */

let documents = 1_200_000_000;

async function frequencyId(ctx: TestContext, code: string) {
  const [row] = await ctx.db.select().from(frequencies).where(eq(frequencies.code, code));
  return row!.id;
}

/** A player added through the API, then placed in `categoryId` directly. */
export async function addPlayer(
  ctx: TestContext,
  token: string,
  clubId: number,
  name: string,
  categoryId: number | null = null,
) {
  const response = await ctx.request({
    method: 'POST',
    url: `/api/pla_club_teams/${clubId}/players`,
    token,
    body: {
      name,
      lastname: 'Pérez',
      document_type: 'CC',
      document_number: String(documents++),
      birth_date: '2000-01-15',
      gender: 'female',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = (response.json() as { data: { id: number } }).data.id;
  if (categoryId !== null) {
    await ctx.db
      .update(players)
      .set({ categoryId })
      .where(and(eq(players.clubId, clubId), eq(players.userId, id)));
  }
  return id;
}

export async function addCategory(ctx: TestContext, clubId: number, name: string) {
  const [row] = await ctx.db
    .insert(categories)
    .values({ clubId, name, gender: 'mixed', birthYearFrom: 2012 })
    .returning();
  return row!.id;
}

export async function addDiscount(
  ctx: TestContext,
  clubId: number,
  name: string,
  kind: 'percentage' | 'fixed',
  value: number,
  holders: number[],
) {
  const [row] = await ctx.db.insert(discounts).values({ clubId, name, kind, value }).returning();
  if (holders.length > 0) {
    await ctx.db
      .insert(playerDiscounts)
      .values(holders.map((userId) => ({ clubId, userId, discountId: row!.id })));
  }
  return row!.id;
}

export interface ChargeSpec {
  name: string;
  amount: number;
  frequency: 'one_time' | 'monthly' | 'quarterly' | 'semiannual' | 'annual';
  dueDay?: number;
  dueDate?: string;
  validFrom: string;
  validUntil?: string;
  scope?: 'all' | 'categories' | 'players';
  categoryIds?: number[];
  playerIds?: number[];
  excludedIds?: number[];
  discountIds?: number[];
  appliesToNewPlayers?: boolean;
  status?: 'active' | 'inactive';
  createdAt?: Date;
}

/** A charge and its links, inserted directly. */
export async function addCharge(ctx: TestContext, clubId: number, spec: ChargeSpec) {
  const [row] = await ctx.db
    .insert(charges)
    .values({
      clubId,
      name: spec.name,
      concept: spec.frequency === 'one_time' ? 'event' : 'training_fee',
      amount: spec.amount,
      frequencyId: await frequencyId(ctx, spec.frequency),
      dueDay: spec.dueDay ?? null,
      dueDate: spec.dueDate ?? null,
      validFrom: spec.validFrom,
      validUntil: spec.validUntil ?? null,
      scope: spec.scope ?? 'all',
      appliesToNewPlayers: spec.appliesToNewPlayers ?? true,
      status: spec.status ?? 'active',
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  const chargeId = row!.id;
  const categoryIds = spec.categoryIds ?? [];
  if (categoryIds.length > 0) {
    await ctx.db
      .insert(chargeCategories)
      .values(categoryIds.map((categoryId) => ({ chargeId, categoryId })));
  }
  const links = [
    ...(spec.playerIds ?? []).map((userId) => ({ chargeId, userId, excluded: false })),
    ...(spec.excludedIds ?? []).map((userId) => ({ chargeId, userId, excluded: true })),
  ];
  if (links.length > 0) await ctx.db.insert(chargePlayers).values(links);
  const discountIds = spec.discountIds ?? [];
  if (discountIds.length > 0) {
    await ctx.db
      .insert(chargeDiscounts)
      .values(discountIds.map((discountId) => ({ chargeId, discountId })));
  }
  return chargeId;
}

/** Sets when the players joined (their Jugador memberships, and any other role's). */
export async function joinedOn(ctx: TestContext, clubId: number, userIds: number[], at: Date) {
  await ctx.db
    .update(clubMemberships)
    .set({ createdAt: at })
    .where(and(eq(clubMemberships.clubId, clubId), inArray(clubMemberships.userId, userIds)));
}

/** An owner and a club, with a token to call the API. */
export async function ownedClub(ctx: TestContext, name: string) {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name });
  return { owner, clubId: club.id };
}
