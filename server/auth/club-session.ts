import { type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { modules, permissions, roles } from '../db/schema/access';
import { clubs } from '../db/schema/clubs';
import { clubMemberships } from '../db/schema/memberships';
import { users } from '../db/schema/users';
import { grantCondition, parseId } from './club-permissions';
import { type SessionLoader, type SessionRow, tokenRevoked } from './require-user';

/*
 * One round trip for everything a club-scoped route checks before its handler runs: the
 * caller's user row and the token's deny-list (requireUser), their roles in club `:id`
 * and what those roles grant for the route's permission (the club guard). The rules are
 * the ones of `effectivePermissions` (server/auth/club-permissions.ts), over the roles
 * the caller holds in the club instead of a list of role ids. A list every caller opens
 * first (a ClubRead) reads its page in that same round trip, as one statement with the
 * session for a column (bench/HISTORY.md "The players lists at 50 connections").
 */

/** What the club guard needs to know about the caller in the club of the URL. */
export interface ClubAccess {
  /** The roles the caller holds in the club (none: not a member). */
  roles: { id: number; name: string }[];
  /** Null: the roles do not grant the permission; false: they do, but its module is off. */
  grantActive: boolean | null;
  /** The super admin's reason while the club is suspended (issue #17); null otherwise. */
  suspendedReason: string | null;
}

const loadedAccess = new WeakMap<FastifyRequest, ClubAccess>();

/** What the club session loader read for this request (undefined when it did not run). */
export const clubAccessOf = (request: FastifyRequest) => loadedAccess.get(request);

/** The club id of the URL, or 0 (no club has it) when `:id` cannot be one. */
const clubIdOf = (request: FastifyRequest): number =>
  parseId((request.params as Record<string, string | undefined>).id) ?? 0;

/** The suspension reason of club `clubId` while suspended ('' without one), else null. */
export const suspendedReasonOf = (clubId: SQLWrapper) =>
  sql<string | null>`(select coalesce(${clubs.suspensionReason}, '') from ${clubs}
    where ${clubs.id} = ${clubId} and ${clubs.suspendedAt} is not null)`;

/** The values of the club session's placeholders (`clubSessionColumn`) for one request. */
export interface ClubSessionValues {
  sessionUserId: number;
  sessionJti: string;
  sessionClubId: number;
  sessionPermission: string;
}

/**
 * A club route's read that runs in the round trip of the session (a list every caller
 * opens first): `run` executes the route's statement for the whole club with the session
 * as one more column (`clubSession`, from `clubSessionColumn`), or answers undefined when
 * it cannot (a query the route would refuse). It runs only for a caller who read this
 * club's whole list before (`takeClubRead`), so a stranger's request never reads a club
 * it may not see (nor learns from the time taken whether it exists). The guard then checks
 * the session exactly as on any club route, and the handler takes the rows only when the
 * caller may still read the whole club; otherwise it reads its narrower scope itself.
 */
export interface ClubRead {
  run(
    request: FastifyRequest,
    session: ClubSessionValues,
  ): Promise<{ clubSession: string | null }[]> | undefined;
}

/** The session of `clubSessionColumn` as JSON text: the caller's row, deny-list and access. */
interface SessionJson extends SessionRow, ClubAccess {
  revoked: boolean;
}

/**
 * Callers (user, club, permission) whose last request to a ClubRead route read the whole
 * club: only theirs runs in the session's round trip. A hint per loader (the guard and the
 * scope decide every request), bounded: forgotten when full.
 */
class WholeClubCallers {
  static readonly KEPT = 10_000;
  private readonly keys = new Set<string>();
  has = (key: string) => this.keys.has(key);
  remember(key: string, wholeClub: boolean) {
    if (!wholeClub) this.keys.delete(key);
    else {
      if (this.keys.size >= WholeClubCallers.KEPT) this.keys.clear();
      this.keys.add(key);
    }
  }
}

/** A ClubRead route's request: who calls (`callerKey`) and, when it ran, its rows. */
const clubReads = new WeakMap<
  FastifyRequest,
  { key: string; clubId: number; rows?: unknown[]; callers: WholeClubCallers }
>();

const callerKey = (values: ClubSessionValues) =>
  `${values.sessionUserId}/${values.sessionClubId}/${values.sessionPermission}`;

/**
 * After the guard, on a ClubRead route: the rows read with this request's session for the
 * club `clubId` when the caller's scope is the whole club (`wholeClub`); undefined
 * otherwise (the route then reads its rows itself). Remembers the answer for the caller's
 * next request.
 */
export function takeClubRead<T>(
  request: FastifyRequest,
  clubId: number,
  wholeClub: boolean,
): T[] | undefined {
  const read = clubReads.get(request);
  if (!read) return undefined;
  clubReads.delete(request);
  const taken = wholeClub && read.clubId === clubId;
  read.callers.remember(read.key, taken);
  return taken ? (read.rows as T[] | undefined) : undefined;
}

/**
 * The caller's session in club `sessionClubId` for `sessionPermission` as one JSON text
 * column (null when the user is gone): their user row, whether the token `sessionJti` is
 * on the deny-list, their roles in the club and whether those grant the permission (the
 * rules of `effectivePermissions`, server/auth/club-permissions.ts), and the club's
 * suspension. Uncorrelated, so PostgreSQL computes it once in any statement that selects it.
 */
export function clubSessionColumn(db: Db) {
  const userId = sql.placeholder('sessionUserId');
  const clubId = sql.placeholder('sessionClubId');
  const sessionUsers = alias(users, 'session_users');
  const heldRoleIds = db
    .select({ id: clubMemberships.roleId })
    .from(clubMemberships)
    .where(and(eq(clubMemberships.userId, userId), eq(clubMemberships.clubId, clubId)));
  const heldRoles = sql`coalesce((
    select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id})
    from ${roles} where ${roles.id} in ${heldRoleIds}), '[]'::json)`;
  const grant = db
    .select({ active: sql`coalesce(${modules.isActive}, true)` })
    .from(permissions)
    .leftJoin(modules, eq(modules.id, permissions.moduleId))
    .where(
      grantCondition(db, {
        roleIn: (roleColumn) => sql`${roleColumn} in ${heldRoleIds}`,
        clubId,
        name: sql.placeholder('sessionPermission'),
      }),
    )
    .limit(1);
  const session = db
    .select({
      json: sql`json_build_object(
        'id', ${sessionUsers.id},
        'isSuperAdmin', ${sessionUsers.isSuperAdmin},
        'tokenVersion', ${sessionUsers.tokenVersion},
        'status', ${sessionUsers.status},
        'revoked', ${tokenRevoked(sql.placeholder('sessionJti'))},
        'roles', ${heldRoles},
        'grantActive', (${grant}),
        'suspendedReason', ${suspendedReasonOf(clubId)}
      )::text`,
    })
    .from(sessionUsers)
    .where(eq(sessionUsers.id, userId));
  return sql<string | null>`(${session})`;
}

/**
 * A session loader per permission for the club routes (`clubRoute`), with the route's
 * ClubRead when it has one: the statement is prepared once, so PostgreSQL plans it once
 * per connection.
 */
export function createClubSessionLoader(
  db: Db,
): (permission: string, read?: ClubRead) => SessionLoader {
  const statement = db
    .select({ clubSession: clubSessionColumn(db) })
    .from(sql`(select 1) as one`)
    .prepare('club_session');
  const callers = new WholeClubCallers();

  /** The session's JSON as requireUser's row, the guard's access kept for the request. */
  const accept = (request: FastifyRequest, text: string | null | undefined) => {
    if (!text) return undefined;
    const {
      revoked,
      roles: held,
      grantActive,
      suspendedReason,
      ...row
    } = JSON.parse(text) as SessionJson;
    loadedAccess.set(request, { roles: held, grantActive, suspendedReason });
    const user: SessionRow = {
      id: row.id,
      isSuperAdmin: row.isSuperAdmin,
      tokenVersion: row.tokenVersion,
      status: row.status,
    };
    return { user, revoked };
  };

  return (permission, read) => ({
    checksRevocation: true,
    async load(request, id, jti) {
      const values: ClubSessionValues = {
        sessionUserId: id,
        sessionJti: jti,
        sessionClubId: clubIdOf(request),
        sessionPermission: permission,
      };
      const key = callerKey(values);
      const rows = callers.has(key) ? await read?.run(request, values) : undefined;
      if (read) clubReads.set(request, { key, clubId: values.sessionClubId, rows, callers });
      // No row (an empty page) carries the session: then it is read alone.
      const text = rows?.[0]
        ? rows[0].clubSession
        : (await statement.execute({ ...values }))[0]?.clubSession;
      return accept(request, text);
    },
  });
}
