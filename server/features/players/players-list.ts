import { type SQL, type SQLWrapper, and, count, eq, sql } from 'drizzle-orm';
import { type ClubRead, clubSessionColumn } from '../../auth/club-session';
import {
  type Player,
  type PlayerListQuery,
  type PlayerListResponse,
  playerListQuerySchema,
} from '../../../contract/players.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { clubMemberships, clubRoleCounts } from '../../db/schema/memberships';
import { categoryPlayerCounts, players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { inlineLimit, pageAndTotal, pageOffset, preparedByShape } from '../../lib/prepared-shapes';
import { withRowMapper } from '../../lib/row-mapper';
import type { CategoryScope } from './player-scope';
import {
  type Shape,
  filtersOf,
  joinedAtOf,
  needsPlayerRows,
  needsUsers,
  orderFor,
  playerOfMembership,
  playerRoleId,
  value,
  whereOf,
} from './players-list.sql';
import { isoTimestamp, photoConsentColumn, playerRowColumns } from './players.queries';

/*
 * The players list (GET …/players), fast with 10,000 players in a club and 1,000,000 in
 * the database (bench/README.md). One statement per shape of the query (sort, page size,
 * which filters), built once and prepared with placeholders (server/lib/prepared-shapes.ts,
 * SQL pieces in players-list.sql.ts), answers the page and its total:
 *
 * - The page's ids first, in the order of an index over copies of the names (migration
 *   0007): one category's partial index (0010), else the club's Jugador memberships; the
 *   scan stops after the page, and a search reads the text from the same index. Then only
 *   those rows are joined with what they show (user, players row, category).
 * - The total is a subquery of the same statement: the club's counter of Jugador members
 *   when nothing narrows the list (migration 0009), one category's counter of players when
 *   nothing else does (0046), else a count that reads only what the filters need (one
 *   category: its partial index alone).
 */

/**
 * What a page selects: the player, when they joined, their photo consent (a subquery
 * per row of the page only, on photo_consents' primary key) and the total of the list.
 */
const pageColumns = (joinedAt: SQLWrapper, userId: SQLWrapper, total: SQL) => ({
  ...playerRowColumns,
  joined_at: isoTimestamp(joinedAt),
  photo_consent: photoConsentColumn(value('clubId'), userId),
  total: sql<number>`${total}`.mapWith(Number),
});

/** The count of a shape's rows, joining only what its filters read. */
function countOf(db: Db, shape: Shape) {
  const inCategory = shape.section === 'one';
  const counted = inCategory
    ? db.select({ n: count() }).from(players).$dynamic()
    : db
        .select({ n: count() })
        .from(clubMemberships)
        .leftJoin(players, playerOfMembership)
        .$dynamic();
  const userId = inCategory ? players.userId : clubMemberships.userId;
  const filtered =
    shape.gender || shape.birthYear ? counted.innerJoin(users, eq(users.id, userId)) : counted;
  return filtered.where(whereOf(shape));
}

/** The statements (page with its total; count alone) of one shape. */
function statementsOf(db: Db, shape: Shape, name: string) {
  const inCategory = shape.section === 'one';
  const count$ = countOf(db, shape);
  const unfiltered = filtersOf(shape).every((filter) => filter === undefined);
  const everyone = !inCategory && unfiltered;
  const wholeCategory = inCategory && unfiltered;
  // A searched category: its scan reads every entry of the category anyway, so the page's
  // own scan counts the matches (a window) instead of a second scan.
  const countedInScan = inCategory && shape.search;

  const driving = inCategory ? players : clubMemberships;
  // An expression, not the column: the joins below do not change its type.
  const userId = sql<number>`${driving.userId}`.as('page_user_id');
  const matches = sql<number>`count(*) over ()`.as('page_matches');
  let ids = db
    .select(
      countedInScan ? { userId, matches } : { userId, matches: sql<number>`0`.as('page_matches') },
    )
    .from(driving)
    .$dynamic();
  if (!inCategory && needsPlayerRows(shape)) ids = ids.leftJoin(players, playerOfMembership);
  if (needsUsers(shape)) ids = ids.innerJoin(users, eq(users.id, driving.userId));
  const pageIds = ids
    .where(whereOf(shape))
    .orderBy(...orderFor(shape, 'inner', driving.userId))
    .limit(inlineLimit(shape.pageSize))
    .offset(pageOffset(shape.firstPage, value('offset')))
    .as('page_ids');
  const total = countedInScan
    ? sql`cast(${pageIds.matches} as integer)`
    : everyone
      ? sql`coalesce((select ${clubRoleCounts.members} from ${clubRoleCounts} where ${clubRoleCounts.clubId} = ${value('clubId')} and ${clubRoleCounts.roleId} = ${playerRoleId}), 0)`
      : wholeCategory
        ? sql`coalesce((select ${categoryPlayerCounts.players} from ${categoryPlayerCounts} where ${categoryPlayerCounts.clubId} = ${value('clubId')} and ${categoryPlayerCounts.categoryId} = ${value('categoryId')}), 0)`
        : sql`cast((${count$}) as integer)`;
  // The page, and the page with the caller's club session (a ClubRead, club-session.ts).
  const pageWith = <C extends Record<string, SQL>>(session: C) =>
    db
      .select({ ...pageColumns(joinedAtOf(pageIds.userId), pageIds.userId, total), ...session })
      .from(pageIds)
      .innerJoin(users, eq(users.id, pageIds.userId))
      .leftJoin(
        players,
        and(eq(players.clubId, value('clubId')), eq(players.userId, pageIds.userId)),
      )
      .leftJoin(categories, eq(categories.id, players.categoryId))
      .orderBy(...orderFor(shape, 'outer', pageIds.userId));
  return {
    page: withRowMapper(pageWith({}).prepare(name)),
    pageWithSession: withRowMapper(
      pageWith({ clubSession: clubSessionColumn(db) }).prepare(`${name}_session`),
    ),
    count: count$.prepare(`${name}_count`),
  };
}

const statementsFor = preparedByShape('players_list', statementsOf);

/** The statements of a list query and their values. */
function statementsAndValues(db: Db, clubId: number, query: PlayerListQuery, scope: CategoryScope) {
  const section = query.categorySection;
  const statements = statementsFor(db, {
    pageSize: query.pageSize,
    firstPage: query.page === 1,
    sort: query.sort.field,
    descending: query.sort.direction === 'desc',
    section: section === undefined ? undefined : section === 'none' ? 'none' : 'one',
    status: query.status !== undefined,
    gender: query.gender !== undefined,
    birthYear: query.birth_year !== undefined,
    search: Boolean(query.q),
    scoped: scope !== undefined,
    self: scope?.selfId !== undefined,
    guardian: scope?.guardianId !== undefined,
  });
  const values = {
    clubId,
    categoryId: section === 'none' ? undefined : section,
    status: query.status,
    gender: query.gender,
    yearStart: `${query.birth_year}-01-01`,
    yearEnd: `${query.birth_year}-12-31`,
    q: query.q?.replace(/[\\%_]/g, (char) => `\\${char}`),
    trainerId: scope?.trainerId,
    selfId: scope?.selfId,
    guardianId: scope?.guardianId,
    offset: (query.page - 1) * query.pageSize,
  };
  return { statements, values };
}

/** A page's rows as the statement returns them (the contract's player, the total). */
export type PlayerPageRow = Awaited<
  ReturnType<ReturnType<typeof statementsFor>['page']['execute']>
>[number];

/**
 * A page of the club's players (within the caller's scope): `q` over name, last name,
 * "name lastname", document number and guardian name (case- and accent-insensitive),
 * sorted by name (last name, then name), birth date, document or when they joined.
 * `read`: the rows of this query for the whole club, already read with the session
 * (`playersListRead`), when the scope is the whole club.
 */
export async function listPlayers(
  db: Db,
  clubId: number,
  query: PlayerListQuery,
  scope: CategoryScope,
  read?: PlayerPageRow[],
): Promise<PlayerListResponse> {
  const { statements, values } = statementsAndValues(db, clubId, query, scope);
  const { rows, total } = await pageAndTotal(statements, values, read);
  // The rows are the contract's players (the serializer writes only the declared fields).
  return { data: rows as unknown as Player[], total };
}

/**
 * GET …/players' ClubRead (club-session.ts): the whole club's page of the request's query,
 * read with the caller's club session in one statement.
 */
export const playersListRead = (db: Db): ClubRead => ({
  run(request, session) {
    const query = playerListQuerySchema.safeParse(request.query);
    if (!query.success) return undefined;
    const { statements, values } = statementsAndValues(
      db,
      session.sessionClubId,
      query.data,
      undefined,
    );
    return statements.pageWithSession.execute({ ...values, ...session });
  },
});
