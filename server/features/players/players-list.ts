import { type SQL, type SQLWrapper, and, count, eq, isNull, sql } from 'drizzle-orm';
import type {
  Player,
  PlayerListQuery,
  PlayerListResponse,
  PlayerSortField,
} from '../../../contract/players.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubMemberships, clubRoleCounts } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { byName, folded, orderOf } from '../../lib/list-query';
import { preparedByShape } from '../../lib/prepared-shapes';
import { type CategoryScope, withinScope } from './player-scope';
import { isoTimestamp, playerRowColumns, playerStatus } from './players.queries';

/*
 * The players list (GET …/players), fast with 10,000 players (bench/README.md):
 *
 * - Sorted by name, a page is read in the order of an index over copies of the names
 *   (migration 0007): the category's players when one category is asked for, the club's
 *   Jugador memberships otherwise; it stops after its rows.
 * - The total is a subquery of the same statement, not a window over every row: the
 *   club's counter of Jugador members when nothing narrows the list (migration 0009),
 *   else a count that joins only what the filters need.
 * - The SQL of each shape of the query (sort, which filters, search, scope) is built once
 *   and prepared with placeholders (server/lib/prepared-shapes.ts).
 */

/** Which parts a list query has: one prepared statement per distinct shape. */
interface Shape {
  sort: PlayerSortField;
  descending: boolean;
  section: 'one' | 'none' | undefined;
  status: boolean;
  gender: boolean;
  birthYear: boolean;
  search: boolean;
  scoped: boolean;
}

const value = (name: string) => sql.placeholder(name);

/** The Jugador role's id as a subquery: a constant to the planner, so an index's order holds. */
const playerRoleId = sql`(select ${roles.id} from ${roles} where ${roles.name} = 'Jugador')`;

/**
 * `q` over "name lastname", document and guardian name, ignoring case and accents: the
 * players row's stored text (migration 0008, folded as lists fold), else, for a member
 * the club has no row for yet, the same text folded here. The value is `q` with LIKE's
 * wildcards escaped.
 */
function searchOf(rowRequired: boolean): SQL {
  const person = folded(
    sql`${users.name} || ' ' || ${users.lastname} || chr(1) || coalesce(${users.documentNumber}, '') || chr(1)`,
  );
  const text = rowRequired
    ? players.searchText
    : sql`coalesce(${players.searchText}, (select ${person} from ${users} where ${users.id} = ${clubMemberships.userId}))`;
  // The pattern in a subquery: folded once per execution, not once per row.
  return sql`${text} like (select '%' || ${folded(value('q'))} || '%')`;
}

/** The Jugador membership of the players row (the list's "joined at"). */
const membershipOfRow = and(
  eq(clubMemberships.clubId, players.clubId),
  eq(clubMemberships.userId, players.userId),
  eq(clubMemberships.roleId, playerRoleId),
);

/**
 * The statements (page with its total; count alone) of one shape, with placeholders. The
 * whole club is read from its Jugador memberships (a member may have no players row yet);
 * one category from its players rows alone, through their partial index (migration 0010:
 * `in_club` stands for the membership), so neither its page nor its count joins the
 * club's memberships.
 */
function statementsOf(db: Db, shape: Shape, name: string) {
  const inCategory = shape.section === 'one';
  const filters = [
    shape.section === 'none' ? isNull(players.categoryId) : undefined,
    shape.status ? sql`${playerStatus} = ${value('status')}` : undefined,
    shape.gender ? sql`${users.gender} = ${value('gender')}` : undefined,
    shape.birthYear
      ? sql`${users.birthDate} >= ${value('yearStart')}::date and ${users.birthDate} <= ${value('yearEnd')}::date`
      : undefined,
    withinScope(shape.scoped ? { trainerId: value('trainerId') } : undefined, players.categoryId),
    shape.search ? searchOf(inCategory) : undefined,
  ];
  const where = inCategory
    ? and(
        eq(players.clubId, value('clubId')),
        eq(players.categoryId, value('categoryId')),
        sql`${players.inClub}`,
        ...filters,
      )
    : and(
        eq(clubMemberships.clubId, value('clubId')),
        eq(clubMemberships.roleId, playerRoleId),
        ...filters,
      );
  const onPlayer = and(
    eq(players.clubId, clubMemberships.clubId),
    eq(players.userId, clubMemberships.userId),
  );
  const userId = inCategory ? players.userId : clubMemberships.userId;
  // The count joins users only for its filters (the search reads the players row's text).
  const counted = inCategory
    ? db.select({ n: count() }).from(players).$dynamic()
    : db.select({ n: count() }).from(clubMemberships).leftJoin(players, onPlayer).$dynamic();
  const count$ = (
    shape.gender || shape.birthYear ? counted.innerJoin(users, eq(users.id, userId)) : counted
  ).where(where);
  const total =
    filters.every((filter) => filter === undefined) && !inCategory
      ? sql`coalesce((select ${clubRoleCounts.members} from ${clubRoleCounts} where ${clubRoleCounts.clubId} = ${value('clubId')} and ${clubRoleCounts.roleId} = ${playerRoleId}), 0)`
      : sql`cast((${count$}) as integer)`;

  const joinedAt = inCategory
    ? sql`(select ${clubMemberships.createdAt} from ${clubMemberships} where ${membershipOfRow})`
    : clubMemberships.createdAt;
  const ordered = inCategory ? players : clubMemberships;
  const order = orderOf(
    { field: shape.sort, direction: shape.descending ? 'desc' : 'asc' },
    {
      sortKeys: {
        name: [byName(ordered.sortLastname), byName(ordered.sortName)],
        birth_date: [users.birthDate],
        document_number: [users.documentNumber],
        joined_at: [joinedAt],
      },
      id: ordered.userId,
    },
  );
  const columns = pageColumns(joinedAt, total);
  // A searched category: the page's ids first (see searchedCategoryPage).
  if (inCategory && shape.search) {
    const page = searchedCategoryPage(db, shape, columns, where, order);
    return { page: page.prepare(name), count: count$.prepare(`${name}_count`) };
  }
  const source = inCategory
    ? db.select(columns).from(players).innerJoin(users, eq(users.id, players.userId)).$dynamic()
    : db
        .select(columns)
        .from(clubMemberships)
        .innerJoin(users, eq(users.id, clubMemberships.userId))
        .leftJoin(players, onPlayer)
        .$dynamic();
  const page = source
    .leftJoin(categories, eq(categories.id, players.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(value('limit'))
    .offset(value('offset'));
  return { page: page.prepare(name), count: count$.prepare(`${name}_count`) };
}

/** What a page selects: the player, when they joined and the total of the list. */
const pageColumns = (joinedAt: SQLWrapper, total: SQL) => ({
  ...playerRowColumns,
  joined_at: isoTimestamp(joinedAt),
  total: sql<number>`${total}`.mapWith(Number),
});

/**
 * A searched page of one category in two steps: the page's ids first, from the category's
 * partial index alone when the filters and the order are in it (sorted by name: no heap
 * read for the hundreds of rows the search skips), then those rows joined with what they
 * show. Without a search the one-step page reads only its rows anyway, and the planner,
 * which cannot know the page size of a generic plan, would join the ids by hashing every
 * user.
 */
function searchedCategoryPage(
  db: Db,
  shape: Shape,
  columns: ReturnType<typeof pageColumns>,
  where: SQL | undefined,
  order: SQL[],
) {
  const needsUsers =
    shape.gender ||
    shape.birthYear ||
    shape.sort === 'birth_date' ||
    shape.sort === 'document_number';
  const ids = db.select({ userId: players.userId }).from(players).$dynamic();
  const pageIds = (needsUsers ? ids.innerJoin(users, eq(users.id, players.userId)) : ids)
    .where(where)
    .orderBy(...order)
    .limit(value('limit'))
    .offset(value('offset'))
    .as('page_ids');
  return db
    .select(columns)
    .from(pageIds)
    .innerJoin(
      players,
      and(eq(players.clubId, value('clubId')), eq(players.userId, pageIds.userId)),
    )
    .innerJoin(users, eq(users.id, players.userId))
    .leftJoin(categories, eq(categories.id, players.categoryId))
    .orderBy(...order);
}

const statementsFor = preparedByShape('players_list', statementsOf);

/**
 * A page of the club's players (within the caller's scope): `q` over name, last name,
 * "name lastname", document number and guardian name (case- and accent-insensitive),
 * sorted by name (last name, then name), birth date, document or when they joined.
 */
export async function listPlayers(
  db: Db,
  clubId: number,
  query: PlayerListQuery,
  scope: CategoryScope,
): Promise<PlayerListResponse> {
  const section = query.categorySection;
  const statements = statementsFor(db, {
    sort: query.sort.field,
    descending: query.sort.direction === 'desc',
    section: section === undefined ? undefined : section === 'none' ? 'none' : 'one',
    status: query.status !== undefined,
    gender: query.gender !== undefined,
    birthYear: query.birth_year !== undefined,
    search: Boolean(query.q),
    scoped: scope !== undefined,
  });
  const offset = (query.page - 1) * query.pageSize;
  const values = {
    clubId,
    categoryId: section === 'none' ? undefined : section,
    status: query.status,
    gender: query.gender,
    yearStart: `${query.birth_year}-01-01`,
    yearEnd: `${query.birth_year}-12-31`,
    q: query.q?.replace(/[\\%_]/g, (char) => `\\${char}`),
    trainerId: scope?.trainerId,
    limit: query.pageSize,
    offset,
  };
  const rows = await statements.page.execute(values);
  // A page past the end has no row to read the total from: only then a second query.
  const total =
    rows[0]?.total ??
    (offset > 0 ? Number((await statements.count.execute(values))[0]?.n ?? 0) : 0);
  // The rows are the contract's players (the serializer writes only the declared fields).
  return { data: rows as unknown as Player[], total };
}
