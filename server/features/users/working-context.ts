import { and, eq, sql } from 'drizzle-orm';
import { authMessages } from '../../../contract/auth.schema';
import { tokenRevoked } from '../../auth/require-user';
import { NO_CLUB, candidateClub, jsonValue, pickWorkingClub } from '../../auth/working-club';
import type { Db } from '../../db/client';
import { modules, roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { userOnboarding } from '../../db/schema/onboarding';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';

const SUPER_ADMIN = 'Super Admin';

export interface Membership {
  clubId: number;
  clubName: string;
  roleId: number;
  roleName: string;
  priority: number;
}

/** Who the user is in the club they work in (server/auth/working-club.ts chooses it). */
export interface WorkingContext {
  user: typeof users.$inferSelect;
  onboarding: typeof userOnboarding.$inferSelect | null;
  /** Every club the user may be listed in, by id (their clubs, plus the working one). */
  clubById: Map<number, string>;
  currentClubId: number | null;
  /** The user's memberships in the working club, highest priority first. */
  clubRoles: Membership[];
  /** 'Super Admin' for a super admin, then the club roles by priority. */
  roleNames: string[];
  /** Every module, in menu order (`order_index`, then id). */
  modules: (typeof modules.$inferSelect)[];
  /** Whether the session token `jti` asked about is on the deny-list (false when none was). */
  revoked: boolean;
}

/*
 * One round trip: the user, their onboarding row, their memberships (oldest first, with
 * club and role), for a super admin the clubs they ask for, the modules, and whether the
 * session's token is on the deny-list (requireUser's question, `sessionLoad`). json_agg
 * keeps it one row; the keys are the Drizzle property names so the rows read as usual.
 * Columns are compared through eq(), which always qualifies them with their table.
 */
const membershipsJson = sql<Membership[] | null>`(select coalesce(json_agg(json_build_object(
    'clubId', ${clubs.id}, 'clubName', ${clubs.name}, 'roleId', ${roles.id},
    'roleName', ${roles.name}, 'priority', ${roles.priority}) order by ${clubMemberships.id}),
    '[]'::json)
  from ${clubMemberships}
  join ${clubs} on ${eq(clubs.id, clubMemberships.clubId)}
  join ${roles} on ${eq(roles.id, clubMemberships.roleId)}
  where ${eq(clubMemberships.userId, users.id)})`;

const modulesJson = sql<(typeof modules.$inferSelect)[] | null>`(select
    coalesce(json_agg(json_build_object('id', ${modules.id}, 'slug', ${modules.slug},
      'name', ${modules.name}, 'icon', ${modules.icon}, 'category', ${modules.category},
      'routePrefix', ${modules.routePrefix}, 'orderIndex', ${modules.orderIndex},
      'isActive', ${modules.isActive}) order by ${modules.orderIndex}, ${modules.id}),
    '[]'::json)
  from ${modules})`;

const requestedClubsJson = sql<{ id: number; name: string }[] | null>`(select
    coalesce(json_agg(json_build_object('id', ${clubs.id}, 'name', ${clubs.name})), '[]'::json)
  from ${clubs}
  where ${and(eq(users.isSuperAdmin, true), candidateClub(sql.placeholder('requested')))})`;

/** The session query, prepared once per database: the hottest query of the API. */
const prepareSessionQuery = (db: Db) =>
  db
    .select({
      user: users,
      onboarding: userOnboarding,
      memberships: membershipsJson,
      requestedClubs: requestedClubsJson,
      modules: modulesJson,
      revoked: tokenRevoked(sql.placeholder('jti')),
    })
    .from(users)
    .leftJoin(userOnboarding, eq(userOnboarding.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('working_context');
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();

/**
 * The user, their onboarding row and their roles in the club they work in
 * (`pickWorkingClub`: `X-Club-Id`, else `current_club_id`, else the first membership;
 * a super admin may work in any existing club), in one query. 401 when the user is gone.
 * `jti`: the session token to look up on the deny-list (`revoked`).
 */
export async function workingContext(
  db: Db,
  userId: number,
  requestedClubId?: number,
  jti = '',
): Promise<WorkingContext> {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)));
  // Built and planned once: PostgreSQL keeps the named statement per connection.
  const [row] = await query.execute({ userId, requested: requestedClubId ?? NO_CLUB, jti });
  if (!row) throw new AppError(401, authMessages.unauthenticated);
  const { user, onboarding } = row;
  const held = jsonValue(row.memberships) ?? [];
  const requestedClubs = jsonValue(row.requestedClubs) ?? [];

  const currentClubId = pickWorkingClub(requestedClubId, {
    isSuperAdmin: user.isSuperAdmin,
    currentClubId: user.currentClubId,
    memberClubIds: held.map((membership) => membership.clubId),
    existingClubIds: new Set(requestedClubs.map((club) => club.id)),
  });

  const clubById = new Map<number, string>();
  for (const membership of held) clubById.set(membership.clubId, membership.clubName);
  // A super admin working in a club they do not belong to sees it listed too.
  const working = requestedClubs.find((club) => club.id === currentClubId);
  if (working && !clubById.has(working.id)) clubById.set(working.id, working.name);

  const clubRoles = held
    .filter((membership) => membership.clubId === currentClubId)
    .sort((a, b) => b.priority - a.priority);
  const roleNames = [
    ...new Set([...(user.isSuperAdmin ? [SUPER_ADMIN] : []), ...clubRoles.map((r) => r.roleName)]),
  ];
  const moduleRows = jsonValue(row.modules) ?? [];
  return {
    user,
    onboarding,
    clubById,
    currentClubId,
    clubRoles,
    roleNames,
    modules: moduleRows,
    revoked: row.revoked,
  };
}
