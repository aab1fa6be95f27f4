import { type SQL, and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CategoryRef } from '../../../contract/people.schema';
import {
  type Trainer,
  type TrainerListQuery,
  type TrainerListResponse,
  trainerMessages,
} from '../../../contract/trainers.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubMemberships } from '../../db/schema/memberships';
import { categoryTrainers, trainers } from '../../db/schema/trainers';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { type Tx, asPerson, holdersOf, personColumns } from '../people/people.service';
import { identityEditableSql } from '../people/person-ties';

/*
 * The read side of a club's trainers: every member holding the Entrenador role in the
 * club (added here or joined through an invitation), with the club's status for them (no
 * `trainers` row yet means active) and their categories of this club.
 */

const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The club's status for the trainer: no row yet is 'active'. */
const trainerStatus = sql<'active' | 'inactive'>`coalesce(${trainers.status}, 'active')`;

const trainerColumns = {
  ...personColumns,
  status: trainerStatus,
  joinedAt: clubMemberships.createdAt,
};

/** Only the Entrenador memberships; the club's trainer row when there is one. */
const entrenador = and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Entrenador'));
const trainerRowOf = (clubId: number) =>
  and(eq(trainers.clubId, clubId), eq(trainers.userId, clubMemberships.userId));

/** The club's trainers with their person columns, status and the page's total. */
function trainerRows(db: Db | Tx, clubId: number) {
  return db
    .select({
      ...trainerColumns,
      identity_editable: identityEditableSql(clubId, clubMemberships.userId, users.passwordHash),
      total: totalCount(),
    })
    .from(clubMemberships)
    .innerJoin(roles, entrenador)
    .innerJoin(users, eq(users.id, clubMemberships.userId))
    .leftJoin(trainers, trainerRowOf(clubId))
    .$dynamic();
}

/** Each trainer's categories of this club (one query for the whole page), by name. */
async function categoriesOf(
  db: Db | Tx,
  clubId: number,
  userIds: number[],
): Promise<Map<number, CategoryRef[]>> {
  const byUser = new Map<number, CategoryRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: categoryTrainers.userId, id: categories.id, name: categories.name })
    .from(categoryTrainers)
    .innerJoin(categories, eq(categories.id, categoryTrainers.categoryId))
    .where(and(eq(categories.clubId, clubId), inArray(categoryTrainers.userId, userIds)))
    .orderBy(byName(categories.name), categories.id);
  for (const row of rows) {
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), { id: row.id, name: row.name }]);
  }
  return byUser;
}

type TrainerRow = Parameters<typeof asPerson>[0] & { status: unknown; joinedAt: Date | string };

function toTrainer(row: TrainerRow, byUser: Map<number, CategoryRef[]>): Trainer {
  const { status, joinedAt, total: _total, ...person } = row as TrainerRow & { total?: number };
  return {
    ...asPerson(person),
    status: status as Trainer['status'],
    categories: byUser.get(row.id) ?? [],
    joined_at: toIso(joinedAt),
  };
}

/** One trainer of the club; 404 when the person holds no Entrenador role there. */
export async function getTrainer(db: Db | Tx, clubId: number, userId: number): Promise<Trainer> {
  const [row] = await trainerRows(db, clubId).where(
    and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)),
  );
  if (!row) throw new AppError(404, trainerMessages.notFound);
  return toTrainer(row, await categoriesOf(db, clubId, [userId]));
}

/** Whether the person holds the Entrenador role in the club. */
export async function isTrainer(db: Db | Tx, clubId: number, userId: number): Promise<boolean> {
  return (await holdersOf(db, clubId, 'Entrenador', [userId])).length > 0;
}

/**
 * A page of the club's trainers: `q` over name, last name, "name lastname", e-mail and
 * document number (case- and accent-insensitive), sorted by name (last name, then name)
 * or by when they became a trainer here, filtered by status and by category.
 */
export async function listTrainers(
  db: Db,
  clubId: number,
  query: TrainerListQuery,
): Promise<TrainerListResponse> {
  const filters: (SQL | undefined)[] = [eq(clubMemberships.clubId, clubId)];
  if (query.status) filters.push(sql`${trainerStatus} = ${query.status}`);
  if (query.category_id !== undefined) {
    filters.push(
      sql`exists (select 1 from ${categoryTrainers} inner join ${categories} on ${categories.id} = ${categoryTrainers.categoryId} where ${categoryTrainers.userId} = ${users.id} and ${categories.clubId} = ${clubId} and ${categories.id} = ${query.category_id})`,
    );
  }
  const clauses = listClauses(
    query,
    {
      sortKeys: {
        name: [byName(users.lastname), byName(users.name)],
        joined_at: [clubMemberships.createdAt],
      },
      searchColumns: [
        users.name,
        users.lastname,
        sql`${users.name} || ' ' || ${users.lastname}`,
        users.email,
        users.documentNumber,
      ],
      id: users.id,
    },
    ...filters,
  );
  const page = await applyList(trainerRows(db, clubId), clauses);
  const { rows, total } = await pageWithTotal(page, clauses, async () => {
    const [counted] = await db
      .select({ n: count() })
      .from(clubMemberships)
      .innerJoin(roles, entrenador)
      .innerJoin(users, eq(users.id, clubMemberships.userId))
      .leftJoin(trainers, trainerRowOf(clubId))
      .where(clauses.where);
    return counted?.n ?? 0;
  });
  const byUser = await categoriesOf(
    db,
    clubId,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => toTrainer(row, byUser)), total };
}
