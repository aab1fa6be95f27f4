import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type Charge, type ChargeScope, chargeMessages } from '../../../contract/charges.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import {
  chargeCategories,
  chargeDiscounts,
  chargePlayers,
  chargePriceChanges,
  type charges,
  discounts,
} from '../../db/schema/money';
import { frequencies } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { byName } from '../../lib/list-query';
import { familyPeopleOnly } from '../payments/family-money';
import type { PaymentScope } from '../payments/payment-scope';
import { holdersOf, type Tx } from '../people/people.service';

/*
 * A charge's link rows (charge_categories, charge_players, charge_discounts): the checks
 * that the ids are the club's, their writes, and how a page of charges reads them back.
 */

type ChargeRow = typeof charges.$inferSelect;

/** The links a charge ends up with once a create or a patch is merged with the stored row. */
export interface ChargeLinks {
  scope: ChargeScope;
  categoryIds: number[];
  playerIds: number[];
  excludedPlayerIds: number[];
  discountIds: number[];
}

const onField = (status: number, path: string, message: string) =>
  new AppError(status, message, { errors: [{ path, message }] });

const unique = (values: number[]) => [...new Set(values)];

/**
 * Refuses links that do not fit the scope or are not the club's: 400 for a scope without
 * its ids or a player both billed and excluded, 404 on the field for ids of another club
 * (or none), 422 for an inactive category. Answers the links the scope keeps.
 */
export async function checkLinks(tx: Tx, clubId: number, links: ChargeLinks): Promise<ChargeLinks> {
  const categoryIds = links.scope === 'categories' ? unique(links.categoryIds) : [];
  const playerIds = links.scope === 'players' ? unique(links.playerIds) : [];
  const excludedPlayerIds = unique(links.excludedPlayerIds);
  const discountIds = unique(links.discountIds);
  if (links.scope === 'categories' && categoryIds.length === 0)
    throw onField(400, 'category_ids', chargeMessages.categoriesNeeded);
  if (links.scope === 'players' && playerIds.length === 0)
    throw onField(400, 'player_ids', chargeMessages.playersNeeded);
  if (excludedPlayerIds.some((id) => playerIds.includes(id)))
    throw onField(400, 'excluded_player_ids', chargeMessages.billedAndExcluded);

  if (categoryIds.length > 0) {
    const found = await tx
      .select({ id: categories.id, status: categories.status })
      .from(categories)
      .where(and(eq(categories.clubId, clubId), inArray(categories.id, categoryIds)));
    if (found.length !== categoryIds.length)
      throw onField(404, 'category_ids', chargeMessages.notCategories);
    if (found.some((row) => row.status !== 'active'))
      throw onField(422, 'category_ids', chargeMessages.inactiveCategories);
  }
  for (const [field, wanted] of [
    ['player_ids', playerIds],
    ['excluded_player_ids', excludedPlayerIds],
  ] as const) {
    const holders = new Set(await holdersOf(tx, clubId, 'Jugador', wanted));
    if (wanted.some((id) => !holders.has(id))) throw onField(404, field, chargeMessages.notPlayers);
  }
  if (discountIds.length > 0) {
    const found = await tx
      .select({ id: discounts.id })
      .from(discounts)
      .where(and(eq(discounts.clubId, clubId), inArray(discounts.id, discountIds)));
    if (found.length !== discountIds.length)
      throw onField(404, 'discount_ids', chargeMessages.notDiscounts);
  }
  return { scope: links.scope, categoryIds, playerIds, excludedPlayerIds, discountIds };
}

/** Replaces the charge's link rows with `links` (already checked). */
export async function writeLinks(tx: Tx, chargeId: number, links: ChargeLinks): Promise<void> {
  await deleteLinks(tx, chargeId);
  if (links.categoryIds.length > 0)
    await tx
      .insert(chargeCategories)
      .values(links.categoryIds.map((categoryId) => ({ chargeId, categoryId })));
  const people = [
    ...links.playerIds.map((userId) => ({ chargeId, userId, excluded: false })),
    ...links.excludedPlayerIds.map((userId) => ({ chargeId, userId, excluded: true })),
  ];
  if (people.length > 0) await tx.insert(chargePlayers).values(people);
  if (links.discountIds.length > 0)
    await tx
      .insert(chargeDiscounts)
      .values(links.discountIds.map((discountId) => ({ chargeId, discountId })));
}

/** Deletes every link row of the charge (not its price history). */
export async function deleteLinks(tx: Tx, chargeId: number): Promise<void> {
  await tx.delete(chargeCategories).where(eq(chargeCategories.chargeId, chargeId));
  await tx.delete(chargePlayers).where(eq(chargePlayers.chargeId, chargeId));
  await tx.delete(chargeDiscounts).where(eq(chargeDiscounts.chargeId, chargeId));
}

/** The stored links of one charge, as `ChargeLinks`. */
export async function storedLinks(tx: Tx, row: ChargeRow): Promise<ChargeLinks> {
  const [answer] = await withLinks(tx, [row]);
  return {
    scope: row.scope,
    categoryIds: answer!.category_ids,
    playerIds: answer!.player_ids,
    excludedPlayerIds: answer!.excluded_player_ids,
    discountIds: answer!.discount_ids,
  };
}

const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The charges `rows` as the contract answers them: frequency, links by name, price changes. */
export async function withLinks(
  db: Db | Tx,
  rows: ChargeRow[],
  /** A family's scope: the billed and excluded players are only its own people. */
  family?: { scope: NonNullable<PaymentScope>; clubId: number },
): Promise<Charge[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const fullName = sql<string>`${users.name} || ' ' || ${users.lastname}`;
  const [frequencyRows, categoryRows, playerRows, discountRows, changeRows] = await Promise.all([
    db
      .select({ id: frequencies.id, code: frequencies.code, name: frequencies.name })
      .from(frequencies)
      .where(inArray(frequencies.id, unique(rows.map((row) => row.frequencyId)))),
    db
      .select({ chargeId: chargeCategories.chargeId, id: categories.id, name: categories.name })
      .from(chargeCategories)
      .innerJoin(categories, eq(categories.id, chargeCategories.categoryId))
      .where(inArray(chargeCategories.chargeId, ids))
      .orderBy(asc(byName(categories.name)), asc(categories.id)),
    db
      .select({
        chargeId: chargePlayers.chargeId,
        id: users.id,
        name: fullName,
        excluded: chargePlayers.excluded,
      })
      .from(chargePlayers)
      .innerJoin(users, eq(users.id, chargePlayers.userId))
      .where(
        and(
          inArray(chargePlayers.chargeId, ids),
          family && familyPeopleOnly(family.scope, chargePlayers.userId, family.clubId),
        ),
      )
      .orderBy(asc(byName(fullName)), asc(users.id)),
    db
      .select({ chargeId: chargeDiscounts.chargeId, id: discounts.id, name: discounts.name })
      .from(chargeDiscounts)
      .innerJoin(discounts, eq(discounts.id, chargeDiscounts.discountId))
      .where(inArray(chargeDiscounts.chargeId, ids))
      .orderBy(asc(byName(discounts.name)), asc(discounts.id)),
    db
      .select({ chargeId: chargePriceChanges.chargeId, n: count() })
      .from(chargePriceChanges)
      .where(inArray(chargePriceChanges.chargeId, ids))
      .groupBy(chargePriceChanges.chargeId),
  ]);
  const of = <T extends { chargeId: number }>(list: T[], id: number) =>
    list.filter((each) => each.chargeId === id);
  const named = (list: { id: number; name: string }[]) =>
    list.map(({ id, name }) => ({ id, name }));
  return rows.map((row) => {
    const frequency = frequencyRows.find((each) => each.id === row.frequencyId)!;
    const cats = named(of(categoryRows, row.id));
    const people = of(playerRows, row.id);
    const billed = named(people.filter((each) => !each.excluded));
    const excluded = named(people.filter((each) => each.excluded));
    const discountList = named(of(discountRows, row.id));
    return {
      id: row.id,
      club_id: row.clubId,
      name: row.name,
      concept: row.concept,
      amount: row.amount,
      frequency,
      due_day: row.dueDay,
      due_date: row.dueDate,
      valid_from: row.validFrom,
      valid_until: row.validUntil,
      scope: row.scope,
      applies_to_new_players: row.appliesToNewPlayers,
      status: row.status,
      category_ids: cats.map((each) => each.id),
      categories: cats,
      player_ids: billed.map((each) => each.id),
      players: billed,
      excluded_player_ids: excluded.map((each) => each.id),
      excluded_players: excluded,
      discount_ids: discountList.map((each) => each.id),
      discounts: discountList,
      price_changes: of(changeRows, row.id)[0]?.n ?? 0,
      created_at: toIso(row.createdAt),
      updated_at: toIso(row.updatedAt),
    };
  });
}
