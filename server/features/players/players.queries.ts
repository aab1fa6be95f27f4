import { type SQL, and, count, eq, isNull, sql } from 'drizzle-orm';
import {
  type Player,
  type PlayerDetail,
  type PlayerListQuery,
  type PlayerListResponse,
  playerMessages,
} from '../../../contract/players.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubMemberships, clubRoleCounts } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { applyList, byName, folded, listClauses, pageWithTotal } from '../../lib/list-query';
import { type Tx, asPerson, personColumns } from '../people/people.service';
import { type CategoryScope, withinScope } from './player-scope';

/*
 * The read side of a club's players: every member holding the Jugador role in the club
 * (added here or joined through an invitation), LEFT JOINed with the club's row for them
 * (none yet: active, no category) and its category's name. One query per page plus, only
 * past the last page, a count.
 */

const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The club's status for the player: no row yet is 'active'. */
const playerStatus = sql<'active' | 'inactive'>`coalesce(${players.status}, 'active')`;

const rowColumns = {
  ...personColumns,
  status: playerStatus,
  categoryId: categories.id,
  categoryName: categories.name,
  position: players.position,
  jersey_number: players.jerseyNumber,
  enrollment_date: players.enrollmentDate,
  guardian_name: players.guardianName,
  guardian_phone: players.guardianPhone,
  joinedAt: clubMemberships.createdAt,
};

const detailColumns = {
  ...rowColumns,
  dominant_foot: players.dominantFoot,
  payment_modality: players.paymentModality,
  eps: players.eps,
  blood_type: players.bloodType,
  allergies: players.allergies,
  emergency_contact_name: players.emergencyContactName,
  emergency_contact_phone: players.emergencyContactPhone,
  guardian_email: players.guardianEmail,
  guardian_relationship: players.guardianRelationship,
};

/**
 * Jugador memberships of the club with their user, the club's player row and its
 * category; `where` holds the club and the caller's scope.
 */
function playersOf(db: Db | Tx, clubId: number, scope: CategoryScope) {
  return {
    /** Selects `columns` (typed loosely: each caller reads the row as its own shape). */
    from(columns: Record<string, unknown>) {
      return db
        .select(columns as { id: typeof users.id })
        .from(clubMemberships)
        .innerJoin(roles, and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Jugador')))
        .innerJoin(users, eq(users.id, clubMemberships.userId))
        .leftJoin(
          players,
          and(eq(players.clubId, clubId), eq(players.userId, clubMemberships.userId)),
        )
        .leftJoin(categories, eq(categories.id, players.categoryId))
        .$dynamic();
    },
    where: and(eq(clubMemberships.clubId, clubId), withinScope(scope, players.categoryId)),
  };
}

type Row = {
  id: number;
  status: unknown;
  categoryId: number | null;
  categoryName: string | null;
  joinedAt: Date | string;
} & Record<string, unknown>;

function toPlayer<T extends Player>(row: Row): T {
  const { status, categoryId, categoryName, joinedAt, ...rest } = row;
  return {
    ...asPerson(rest as Parameters<typeof asPerson>[0]),
    status,
    category: categoryId === null ? null : { id: categoryId, name: categoryName ?? '' },
    joined_at: toIso(joinedAt),
  } as unknown as T;
}

/** One player of the club within the caller's scope; 404 otherwise. */
export async function getPlayer(
  db: Db | Tx,
  clubId: number,
  userId: number,
  scope: CategoryScope = undefined,
): Promise<PlayerDetail> {
  const of = playersOf(db, clubId, scope);
  const [row] = await of
    .from(detailColumns)
    .where(and(of.where, eq(clubMemberships.userId, userId)));
  if (!row) throw new AppError(404, playerMessages.notFound);
  return toPlayer<PlayerDetail>(row as unknown as Row);
}

/** 404 unless the person is a player of the club within the caller's scope. */
export async function assertPlayer(
  db: Db | Tx,
  clubId: number,
  userId: number,
  scope: CategoryScope,
): Promise<void> {
  const of = playersOf(db, clubId, scope);
  const [row] = await of
    .from({ id: users.id })
    .where(and(of.where, eq(clubMemberships.userId, userId)));
  if (!row) throw new AppError(404, playerMessages.notFound);
}

/** The list filters (categorySection, status, gender, birth_year) as SQL. */
function filtersOf(query: PlayerListQuery): (SQL | undefined)[] {
  const section = query.categorySection;
  return [
    section === undefined
      ? undefined
      : section === 'none'
        ? isNull(players.categoryId)
        : eq(players.categoryId, section),
    query.status === undefined ? undefined : sql`${playerStatus} = ${query.status}`,
    query.gender === undefined ? undefined : eq(users.gender, query.gender),
    query.birth_year === undefined
      ? undefined
      : sql`${users.birthDate} >= ${`${query.birth_year}-01-01`}::date and ${users.birthDate} <= ${`${query.birth_year}-12-31`}::date`,
  ];
}

/**
 * `q` over "name lastname", document and guardian name, ignoring case and accents: the
 * players row's stored text (migration 0008, folded as lists fold), else, for a member
 * the club has no row for yet, the same text folded here.
 */
function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const person = folded(
    sql`${users.name} || ' ' || ${users.lastname} || chr(1) || coalesce(${users.documentNumber}, '') || chr(1)`,
  );
  const text = sql`coalesce(${players.searchText}, (select ${person} from ${users} where ${users.id} = ${clubMemberships.userId}))`;
  const escaped = q.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${text} like '%' || ${folded(sql`${escaped}`)} || '%'`;
}

/** The Jugador role's id as a subquery: a constant to the planner, so an index's order holds. */
const playerRoleId = sql`(select ${roles.id} from ${roles} where ${roles.name} = 'Jugador')`;

/**
 * A page of the club's players (within the caller's scope): `q` over name, last name,
 * "name lastname", document number and guardian name (case- and accent-insensitive),
 * sorted by name (last name, then name), birth date, document or when they joined.
 *
 * Fast with 10,000 players (bench/README.md): sorted by name, the page is read in the
 * order of an index over the copies of the names (migration 0007), the category's players
 * when one category is asked for, the club's Jugador memberships otherwise, and stops
 * after its rows. The total is a subquery of the same statement, not a window over every
 * row: the club's counter of Jugador members when nothing narrows the list, else a count
 * that joins only what the filters need (index-only for one category).
 */
export async function listPlayers(
  db: Db,
  clubId: number,
  query: PlayerListQuery,
  scope: CategoryScope,
): Promise<PlayerListResponse> {
  const inCategory = typeof query.categorySection === 'number';
  const ordered = inCategory ? players : clubMemberships;
  const clauses = listClauses(
    query,
    {
      sortKeys: {
        name: [byName(ordered.sortLastname), byName(ordered.sortName)],
        birth_date: [users.birthDate],
        document_number: [users.documentNumber],
        joined_at: [clubMemberships.createdAt],
      },
      searchColumns: [],
      id: ordered.userId,
    },
    eq(clubMemberships.clubId, clubId),
    eq(clubMemberships.roleId, playerRoleId),
    withinScope(scope, players.categoryId),
    searchOf(query.q),
    ...filtersOf(query),
  );
  const onPlayer = and(eq(players.clubId, clubId), eq(players.userId, clubMemberships.userId));
  // The count joins users only for its filters (the search reads the players row's text).
  const needsUsers = query.gender !== undefined || query.birth_year !== undefined;
  const counted = db
    .select({ n: count() })
    .from(clubMemberships)
    .leftJoin(players, onPlayer)
    .$dynamic();
  const count$ = (
    needsUsers ? counted.innerJoin(users, eq(users.id, clubMemberships.userId)) : counted
  ).where(clauses.where);
  // Every Jugador of the club (no scope, search or filter): the counter of migration 0009.
  const everyone = !scope && !query.q && filtersOf(query).every((filter) => filter === undefined);
  const total$ = everyone
    ? sql`coalesce((select ${clubRoleCounts.members} from ${clubRoleCounts} where ${clubRoleCounts.clubId} = ${clubId} and ${clubRoleCounts.roleId} = ${playerRoleId}), 0)`
    : sql`cast((${count$}) as integer)`;
  const page = await applyList(
    db
      .select({ ...rowColumns, total: sql<number>`${total$}`.mapWith(Number) })
      .from(clubMemberships)
      .innerJoin(users, eq(users.id, clubMemberships.userId))
      .leftJoin(players, onPlayer)
      .leftJoin(categories, eq(categories.id, players.categoryId))
      .$dynamic(),
    clauses,
  );
  const { rows, total } = await pageWithTotal(page, clauses, async () => {
    const [row] = await count$;
    return Number(row?.n ?? 0);
  });
  return { data: rows.map((row) => toPlayer<Player>(row as Row)), total };
}
