import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type categoryAssignmentSchema,
  categoryMessages,
} from '../../../contract/categories.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubMemberships } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { badField } from '../members/members.service';
import { type Tx, holdersOf } from '../people/people.service';
import { assertStillFits, lockPlayerRoom } from '../plans/plan-limit';

/*
 * `PATCH …/categories/{categoryId}/players`: the category's side of a player's category
 * (a player has at most one category per club, so joining one leaves the previous one).
 */

export type CategoryAssignmentInput = z.output<typeof categoryAssignmentSchema>;

export const categoryPlayerMessages = {
  notPlayers: (ids: number[]) =>
    `${ids.length === 1 ? 'Esta persona no es jugador' : 'Estas personas no son jugadores'} del club: ${ids.join(', ')}`,
  addAndRemove: 'Un jugador no puede estar a la vez en add y en remove',
} as const;

/** How many of the club's current players (Jugador members) are in the category. */
export async function countCurrentPlayers(tx: Tx, clubId: number, categoryId: number) {
  const [counted] = await tx
    .select({ n: count() })
    .from(players)
    .innerJoin(
      clubMemberships,
      and(eq(clubMemberships.clubId, players.clubId), eq(clubMemberships.userId, players.userId)),
    )
    .innerJoin(roles, and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Jugador')))
    .where(and(eq(players.clubId, clubId), eq(players.categoryId, categoryId)));
  return counted?.n ?? 0;
}

const sorted = (rows: { userId: number }[]) => rows.map((row) => row.userId).sort((a, b) => a - b);

/**
 * Adds and removes players of one category in one transaction. 404 for another club's
 * category; 400 on `add` / `remove` naming the people who are not players of the club;
 * 409 `plan_limit` when the rows it creates would pass the plan's active players.
 * Answers only the ids whose category really changed.
 */
export async function assignCategoryPlayers(
  db: Db,
  now: Date,
  clubId: number,
  categoryId: number,
  input: CategoryAssignmentInput,
): Promise<{ added: number[]; removed: number[] }> {
  const add = [...new Set(input.add)];
  const remove = [...new Set(input.remove)];
  if (add.some((id) => remove.includes(id))) {
    throw badField('remove', categoryPlayerMessages.addAndRemove);
  }
  return db.transaction(async (tx) => {
    // A member without a players row gets one (active): the plan's limit applies. Its lock first.
    const room = add.length > 0 ? await lockPlayerRoom(tx, clubId) : undefined;
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.clubId, clubId)))
      .for('update');
    if (!category) throw new AppError(404, categoryMessages.notFound);

    const holders = new Set(await holdersOf(tx, clubId, 'Jugador', [...add, ...remove]));
    for (const [field, ids] of [
      ['add', add],
      ['remove', remove],
    ] as const) {
      const strangers = ids.filter((id) => !holders.has(id));
      if (strangers.length > 0) throw badField(field, categoryPlayerMessages.notPlayers(strangers));
    }

    const added =
      add.length === 0
        ? []
        : await tx
            .insert(players)
            .values(
              add.map((userId) => ({ clubId, userId, categoryId, createdAt: now, updatedAt: now })),
            )
            .onConflictDoUpdate({
              target: [players.clubId, players.userId],
              set: { categoryId, updatedAt: now },
              setWhere: sql`${players.categoryId} is distinct from excluded.category_id`,
            })
            .returning({ userId: players.userId });
    const removed =
      remove.length === 0
        ? []
        : await tx
            .update(players)
            .set({ categoryId: null, updatedAt: now })
            .where(
              and(
                eq(players.clubId, clubId),
                eq(players.categoryId, categoryId),
                inArray(players.userId, remove),
              ),
            )
            .returning({ userId: players.userId });
    if (room) await assertStillFits(tx, clubId, room);
    return { added: sorted(added), removed: sorted(removed) };
  });
}
