import { type Placeholder, and, eq, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authMessages } from '../../contract/auth.schema';
import { CLUB_HEADER } from '../../contract/common.schema';
import type { Db } from '../db/client';
import { clubs } from '../db/schema/clubs';
import { clubMemberships } from '../db/schema/memberships';
import { users } from '../db/schema/users';
import { AppError } from '../lib/app-error';
import { parseId } from './club-permissions';
import { sessionLoad, tokenRevoked } from './require-user';

/*
 * The working club of a call that is not under a club path (`/api/user`,
 * `/api/user/permissions`, `/api/user/available-modules`, `/api/modules/…`,
 * `/api/admin/roles…`). Club-scoped resources (`/api/pla_club_teams/{id}/…`) take their
 * club from the path alone and never come here. The order is docs/access-control.md
 * "The working club"; `pickWorkingClub` is its only implementation.
 */

/**
 * The club the browser says the user works in (`X-Club-Id`, its selected club), or
 * undefined when absent or not an id. Whether the user may work there is for
 * `pickWorkingClub`; an unusable value is ignored, never an error.
 */
export function requestedClubId(request: FastifyRequest): number | undefined {
  return parseId(request.headers[CLUB_HEADER]);
}

/** What the order needs to know about the user. */
export interface WorkingClubFacts {
  isSuperAdmin: boolean;
  /** `users.current_club_id`: the club they last chose or created. */
  currentClubId: number | null;
  /** The clubs of their memberships, oldest membership first. */
  memberClubIds: readonly number[];
  /** For a super admin: which of the requested and current clubs exist. */
  existingClubIds: ReadonlySet<number>;
}

/**
 * THE order: the `X-Club-Id` club when the user may work there, else `current_club_id`
 * when they may work there, else their first (oldest) membership, else none. "May work
 * there": a member of it; a super admin: any club that exists. The browser adopts the
 * answer's `current_club_id` when it has no selection of its own (src/machines/auth.session.ts
 * resolveSelectedClub), so both sides follow this one order.
 */
export function pickWorkingClub(
  requested: number | undefined,
  facts: WorkingClubFacts,
): number | null {
  const usable = (clubId: number | null | undefined): clubId is number =>
    clubId !== null &&
    clubId !== undefined &&
    (facts.memberClubIds.includes(clubId) ||
      (facts.isSuperAdmin && facts.existingClubIds.has(clubId)));
  if (usable(requested)) return requested;
  if (usable(facts.currentClubId)) return facts.currentClubId;
  return facts.memberClubIds[0] ?? null;
}

/**
 * The SQL condition "this club is one a super admin asks for": the requested or the
 * current club of `users`' row. Used inside a query on `users` (one round trip).
 */
export const candidateClub = (requested: number | Placeholder) =>
  or(eq(clubs.id, requested), eq(clubs.id, users.currentClubId));

/** No club asked for: an id no club has. */
export const NO_CLUB = -1;

/**
 * The working club of `userId` for a request asking for `requested`, in one query (user,
 * memberships and, for a super admin, the candidate clubs). 401 when the user is gone.
 */
export async function resolveWorkingClub(
  db: Db,
  userId: number,
  requested: number | undefined,
): Promise<number | null> {
  // Comparisons go through eq(): in a one-table select Drizzle writes bare column names
  // in sql`` fields, and a bare "id" inside the subquery would be the inner table's.
  const [row] = await db
    .select({
      isSuperAdmin: users.isSuperAdmin,
      currentClubId: users.currentClubId,
      memberClubIds: sql<number[] | null>`(select coalesce(json_agg(${clubMemberships.clubId}
        order by ${clubMemberships.id}), '[]'::json) from ${clubMemberships}
        where ${eq(clubMemberships.userId, users.id)})`,
      existingClubIds: sql<number[] | null>`(select coalesce(json_agg(${clubs.id}), '[]'::json)
        from ${clubs} where ${and(eq(users.isSuperAdmin, true), candidateClub(requested ?? NO_CLUB))})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError(401, authMessages.unauthenticated);
  return pickWorkingClub(requested, {
    isSuperAdmin: row.isSuperAdmin,
    currentClubId: row.currentClubId,
    memberClubIds: jsonValue(row.memberClubIds) ?? [],
    existingClubIds: new Set(jsonValue(row.existingClubIds) ?? []),
  });
}

/** A `json` column as a value: node-postgres parses it, other drivers may hand the text. */
export function jsonValue<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * For the routes outside a club path that only need the working club (the notification
 * centre, polled every 30 s): `requireUser`'s user row and deny-list check, and the facts
 * of `pickWorkingClub`, in ONE prepared statement instead of the session's and
 * `resolveWorkingClub`'s. `of(request).clubId` is the working club once requireUser passed.
 */
export function workingClubSession(db: Db) {
  const userId = sql.placeholder('userId');
  const statement = db
    .select({
      id: users.id,
      isSuperAdmin: users.isSuperAdmin,
      tokenVersion: users.tokenVersion,
      status: users.status,
      currentClubId: users.currentClubId,
      revoked: tokenRevoked(sql.placeholder('jti')),
      memberClubIds: sql<number[] | null>`(select coalesce(json_agg(${clubMemberships.clubId}
        order by ${clubMemberships.id}), '[]'::json) from ${clubMemberships}
        where ${eq(clubMemberships.userId, users.id)})`,
      existingClubIds: sql<number[] | null>`(select coalesce(json_agg(${clubs.id}), '[]'::json)
        from ${clubs} where ${and(eq(users.isSuperAdmin, true), candidateClub(sql.placeholder('requested')))})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('working_club_session');
  return sessionLoad(
    async (request, id, jti) => {
      const requested = requestedClubId(request);
      const [row] = await statement.execute({ userId: id, jti, requested: requested ?? NO_CLUB });
      if (!row) throw new AppError(401, authMessages.unauthenticated);
      const { revoked, memberClubIds, existingClubIds, ...user } = row;
      const clubId = pickWorkingClub(requested, {
        isSuperAdmin: user.isSuperAdmin,
        currentClubId: user.currentClubId,
        memberClubIds: jsonValue(memberClubIds) ?? [],
        existingClubIds: new Set(jsonValue(existingClubIds) ?? []),
      });
      return { user, revoked, clubId };
    },
    { checksRevocation: true },
  );
}
