import { familyPeopleOnly } from '../payments/family-money';
import type { PaymentScope } from '../payments/payment-scope';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { type DiscountHolder } from '../../../contract/discount-holders.schema';
import {
  type Discount,
  type discountPlayersSchema,
  discountMessages,
} from '../../../contract/discounts.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubMemberships } from '../../db/schema/memberships';
import { discounts, playerDiscounts } from '../../db/schema/money';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { badField } from '../members/members.service';
import { holdersOf, type Tx } from '../people/people.service';

/*
 * The players of a club's discounts: how many current players each has (the answers'
 * `player_count`) and `PATCH …/discounts/{discountId}/players`.
 */

type DiscountRow = typeof discounts.$inferSelect;
export type DiscountPlayersChange = z.output<typeof discountPlayersSchema>;

const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The discounts `rows` of `clubId` as the contract answers them, in one query more. */
export async function withPlayerCounts(
  db: Db | Tx,
  clubId: number,
  rows: DiscountRow[],
  /** A family's scope: count only its own people. */
  scope?: PaymentScope,
): Promise<Discount[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  // Current players only: someone who left the club keeps the link (history) but is not counted.
  const counted = await db
    .select({ discountId: playerDiscounts.discountId, n: count() })
    .from(playerDiscounts)
    .innerJoin(
      clubMemberships,
      and(
        eq(clubMemberships.clubId, playerDiscounts.clubId),
        eq(clubMemberships.userId, playerDiscounts.userId),
      ),
    )
    .innerJoin(roles, and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Jugador')))
    .where(
      and(
        eq(playerDiscounts.clubId, clubId),
        inArray(playerDiscounts.discountId, ids),
        familyPeopleOnly(scope, playerDiscounts.userId, clubId),
      ),
    )
    .groupBy(playerDiscounts.discountId);
  const players = new Map(counted.map((row) => [row.discountId, row.n]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    value: row.value,
    third_value: row.thirdValue,
    status: row.status,
    player_count: players.get(row.id) ?? 0,
    created_at: toIso(row.createdAt),
  }));
}

/**
 * The club's current players (Jugador members) holding discount `discountId`, by last
 * name; 404 for another club's discount.
 */
export async function discountHolders(
  db: Db,
  clubId: number,
  discountId: number,
): Promise<DiscountHolder[]> {
  const [discount] = await db
    .select({ id: discounts.id })
    .from(discounts)
    .where(and(eq(discounts.id, discountId), eq(discounts.clubId, clubId)));
  if (!discount) throw new AppError(404, discountMessages.notFound);
  return db
    .select({ id: users.id, name: users.name, lastname: users.lastname })
    .from(playerDiscounts)
    .innerJoin(users, eq(users.id, playerDiscounts.userId))
    .innerJoin(
      clubMemberships,
      and(
        eq(clubMemberships.clubId, playerDiscounts.clubId),
        eq(clubMemberships.userId, playerDiscounts.userId),
      ),
    )
    .innerJoin(roles, and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Jugador')))
    .where(and(eq(playerDiscounts.clubId, clubId), eq(playerDiscounts.discountId, discountId)))
    .orderBy(asc(users.lastname), asc(users.name), asc(users.id));
}

const sorted = (rows: { userId: number }[]) => rows.map((row) => row.userId).sort((a, b) => a - b);

/**
 * Links and unlinks players of one discount in one transaction. 404 for another club's
 * discount; 400 on `add` / `remove` naming the people who are not players of the club.
 * Answers only the ids whose link really changed. The discount row is locked first, so a
 * delete at the same time either waits for this or leaves it a 404.
 */
export async function assignDiscountPlayers(
  db: Db,
  now: Date,
  clubId: number,
  discountId: number,
  input: DiscountPlayersChange,
): Promise<{ added: number[]; removed: number[] }> {
  const add = [...new Set(input.add)];
  const remove = [...new Set(input.remove)];
  if (add.some((id) => remove.includes(id)))
    throw badField('remove', discountMessages.addAndRemove);
  return db.transaction(async (tx) => {
    const [discount] = await tx
      .select({ id: discounts.id, kind: discounts.kind })
      .from(discounts)
      .where(and(eq(discounts.id, discountId), eq(discounts.clubId, clubId)))
      .for('update');
    if (!discount) throw new AppError(404, discountMessages.notFound);
    // A sibling rule reaches families through their guardians; links would mean nothing.
    if (discount.kind === 'siblings' && add.length > 0)
      throw badField('add', discountMessages.siblingsHaveNoPlayers);

    const holders = new Set(await holdersOf(tx, clubId, 'Jugador', [...add, ...remove]));
    for (const [field, ids] of [
      ['add', add],
      ['remove', remove],
    ] as const) {
      const strangers = ids.filter((id) => !holders.has(id));
      if (strangers.length > 0) throw badField(field, discountMessages.notPlayers(strangers));
    }

    const added =
      add.length === 0
        ? []
        : await tx
            .insert(playerDiscounts)
            .values(add.map((userId) => ({ clubId, userId, discountId, createdAt: now })))
            .onConflictDoNothing()
            .returning({ userId: playerDiscounts.userId });
    const removed =
      remove.length === 0
        ? []
        : await tx
            .delete(playerDiscounts)
            .where(
              and(
                eq(playerDiscounts.clubId, clubId),
                eq(playerDiscounts.discountId, discountId),
                inArray(playerDiscounts.userId, remove),
              ),
            )
            .returning({ userId: playerDiscounts.userId });
    return { added: sorted(added), removed: sorted(removed) };
  });
}
