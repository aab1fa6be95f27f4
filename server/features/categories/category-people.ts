import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Category } from '../../../contract/categories.schema';
import { categoryMessages } from '../../../contract/categories.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import type { categories } from '../../db/schema/categories';
import { clubMemberships } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { categoryTrainers } from '../../db/schema/trainers';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { byName } from '../../lib/list-query';
import { holdersOf, type Tx } from '../people/people.service';

/*
 * The people of a club's categories as the categories answers carry them: the trainers by
 * name and how many current players each has, two queries for a whole page.
 */

type CategoryRow = typeof categories.$inferSelect;

const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The categories `rows` of `clubId` as the contract answers them, with their people. */
export async function withPeople(
  db: Db | Tx,
  clubId: number,
  rows: CategoryRow[],
): Promise<Category[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [trainerRows, countRows] = await Promise.all([
    db
      .select({
        categoryId: categoryTrainers.categoryId,
        id: users.id,
        name: users.name,
        lastname: users.lastname,
      })
      .from(categoryTrainers)
      .innerJoin(users, eq(users.id, categoryTrainers.userId))
      .where(inArray(categoryTrainers.categoryId, ids))
      .orderBy(asc(byName(users.name)), asc(byName(users.lastname)), asc(users.id)),
    db
      .select({ categoryId: players.categoryId, n: count() })
      .from(players)
      .innerJoin(
        clubMemberships,
        and(eq(clubMemberships.clubId, players.clubId), eq(clubMemberships.userId, players.userId)),
      )
      .innerJoin(roles, and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Jugador')))
      .where(and(eq(players.clubId, clubId), inArray(players.categoryId, ids)))
      .groupBy(players.categoryId),
  ]);
  const playerCount = new Map(countRows.map((row) => [row.categoryId, row.n]));
  return rows.map((row) => ({
    id: row.id,
    club_id: row.clubId,
    name: row.name,
    sport: row.sport,
    gender: row.gender,
    birth_year_from: row.birthYearFrom,
    birth_year_to: row.birthYearTo,
    status: row.status,
    trainers: trainerRows
      .filter((trainer) => trainer.categoryId === row.id)
      .map((trainer) => ({ id: trainer.id, name: `${trainer.name} ${trainer.lastname}` })),
    player_count: playerCount.get(row.id) ?? 0,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  }));
}

/**
 * The category's trainers become exactly `userIds`; each must hold the Entrenador role in
 * the club (400 on `trainer_ids` otherwise). Runs in the caller's transaction.
 */
export async function setCategoryTrainers(
  tx: Tx,
  clubId: number,
  categoryId: number,
  userIds: number[],
) {
  const wanted = [...new Set(userIds)];
  const holders = new Set(await holdersOf(tx, clubId, 'Entrenador', wanted));
  if (wanted.some((id) => !holders.has(id))) {
    const message = categoryMessages.notTrainers;
    throw new AppError(400, message, { errors: [{ path: 'trainer_ids', message }] });
  }
  await tx.delete(categoryTrainers).where(eq(categoryTrainers.categoryId, categoryId));
  if (wanted.length > 0) {
    await tx.insert(categoryTrainers).values(wanted.map((userId) => ({ categoryId, userId })));
  }
}
