import { type SQL, type SQLWrapper, and, eq, isNull, sql } from 'drizzle-orm';
import type { PlayerSortField } from '../../../contract/players.schema';
import { roles } from '../../db/schema/access';
import { clubMemberships } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { byName, folded, orderOf } from '../../lib/list-query';
import { withinPlayerScope } from './player-scope';
import { playerStatus } from './players.queries';

/*
 * The SQL pieces of the players list for one shape of its query, every value a
 * placeholder (`value(name)`), so a shape's statement is built and prepared once
 * (players-list.ts). A shape reads either the club's Jugador memberships (the whole club:
 * a member may have no players row yet) or one category's players rows (`in_club` stands
 * for the membership, migration 0010).
 */

/** Which parts a list query has: one prepared statement per distinct shape. */
export interface Shape {
  /** In the SQL text (see inlineLimit); the first page has no OFFSET. */
  pageSize: number;
  firstPage: boolean;
  sort: PlayerSortField;
  descending: boolean;
  section: 'one' | 'none' | undefined;
  status: boolean;
  gender: boolean;
  birthYear: boolean;
  search: boolean;
  scoped: boolean;
  /** A scoped caller who reads themself (selfId) and their authorised children (guardianId). */
  self: boolean;
  guardian: boolean;
}

export const value = (name: string) => sql.placeholder(name);

/** The Jugador role's id as a subquery: a constant to the planner, so an index's order holds. */
export const playerRoleId = sql`(select ${roles.id} from ${roles} where ${roles.name} = 'Jugador')`;

/** The club's row for the membership being read (LEFT JOINed: it may not exist yet). */
export const playerOfMembership = and(
  eq(players.clubId, clubMemberships.clubId),
  eq(players.userId, clubMemberships.userId),
);

/**
 * `q` over "name lastname", document and guardian name, ignoring case and accents: the
 * players row's stored text (migration 0008, folded as lists fold), else, for a member
 * the club has no row for yet, the same text folded here. The value is `q` with LIKE's
 * wildcards escaped; the pattern is folded once per execution, not once per row.
 */
function searchOf(rowRequired: boolean): SQL {
  const person = folded(
    sql`${users.name} || ' ' || ${users.lastname} || chr(1) || coalesce(${users.documentNumber}, '') || chr(1)`,
  );
  const text = rowRequired
    ? players.searchText
    : sql`coalesce(${players.searchText}, (select ${person} from ${users} where ${users.id} = ${clubMemberships.userId}))`;
  return sql`${text} like (select '%' || ${folded(value('q'))} || '%')`;
}

/** The filters of a shape (undefined where absent), over players and users. */
export function filtersOf(shape: Shape): (SQL | undefined)[] {
  return [
    shape.section === 'none' ? isNull(players.categoryId) : undefined,
    shape.status ? sql`${playerStatus} = ${value('status')}` : undefined,
    shape.gender ? sql`${users.gender} = ${value('gender')}` : undefined,
    shape.birthYear
      ? sql`${users.birthDate} >= ${value('yearStart')}::date and ${users.birthDate} <= ${value('yearEnd')}::date`
      : undefined,
    withinPlayerScope(
      shape.scoped
        ? {
            trainerId: value('trainerId'),
            selfId: shape.self ? value('selfId') : undefined,
            guardianId: shape.guardian ? value('guardianId') : undefined,
          }
        : undefined,
      value('clubId'),
      shape.section === 'one' ? players.userId : clubMemberships.userId,
      players.categoryId,
    ),
    shape.search ? searchOf(shape.section === 'one') : undefined,
  ];
}

/** The rows of a shape: one category's current players, or the club's Jugador members. */
export function whereOf(shape: Shape): SQL | undefined {
  const filters = filtersOf(shape);
  return shape.section === 'one'
    ? and(
        eq(players.clubId, value('clubId')),
        eq(players.categoryId, value('categoryId')),
        // Literal, so a generic plan can use the partial index `where in_club`.
        sql`${players.inClub}`,
        ...filters,
      )
    : and(
        eq(clubMemberships.clubId, value('clubId')),
        eq(clubMemberships.roleId, playerRoleId),
        ...filters,
      );
}

/** Whether the shape reads users' columns (to filter or to sort) besides the page's. */
export const needsUsers = (shape: Shape): boolean =>
  shape.gender ||
  shape.birthYear ||
  shape.sort === 'birth_date' ||
  shape.sort === 'document_number';

/** Whether a whole-club shape reads the players rows (a filter or search on them). */
export const needsPlayerRows = (shape: Shape): boolean =>
  shape.section === 'none' || shape.status || shape.scoped || shape.search;

/** When the person joined as a player: their Jugador membership's creation, by user id. */
export const joinedAtOf = (userId: SQLWrapper) =>
  sql`(select ${clubMemberships.createdAt} from ${clubMemberships} where ${clubMemberships.clubId} = ${value('clubId')} and ${clubMemberships.userId} = ${userId} and ${clubMemberships.roleId} = ${playerRoleId})`;

/**
 * ORDER BY of a shape over the rows it reads (`inner`: the index's copies of the names,
 * so the page follows the index) or over the page's joined rows (`outer`: the person's
 * names, equal to the copies by the triggers of migration 0007).
 */
export function orderFor(shape: Shape, over: 'inner' | 'outer', userId: SQLWrapper): SQL[] {
  const ordered = shape.section === 'one' ? players : clubMemberships;
  const inner = over === 'inner';
  return orderOf(
    { field: shape.sort, direction: shape.descending ? 'desc' : 'asc' },
    {
      sortKeys: {
        name: inner
          ? [byName(ordered.sortLastname), byName(ordered.sortName)]
          : [byName(users.lastname), byName(users.name)],
        birth_date: [users.birthDate],
        document_number: [users.documentNumber],
        joined_at: [
          inner && shape.section !== 'one' ? clubMemberships.createdAt : joinedAtOf(userId),
        ],
      },
      id: userId,
    },
  );
}
