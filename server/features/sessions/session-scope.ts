import { type SQL, type SQLWrapper, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { effectivePermissions, memberRoles } from '../../auth/club-permissions';
import { clubRolesOf } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { authorisedChildren } from '../parents/authorised-links';
import { categoryScopeFor, withinScope } from '../players/player-scope';

/*
 * Which sessions a caller sees and manages in a club (issue #14, DOMAIN.md "Trainer"). A
 * super admin, and anyone holding the permission through a role that is not a narrow one
 * (owner, a custom role), reaches the whole club. Narrow roles reach part of it, and a
 * person with several of them the union: a trainer manages the sessions of the
 * categories they train (nothing while the club has made them inactive) and sees those
 * plus the club-wide ones; a player sees their own category's and the club-wide ones; a
 * guardian sees the categories of the children they are authorised for (guardian_links;
 * a pending or denied link shows nothing), and the club-wide ones. Nobody narrow manages a club-wide session. Every
 * condition is one SQL expression (subqueries), never a list loaded per row.
 */

export interface SessionAccess {
  /** Condition on `sessions` (or a table with the same category column) for rows the caller may see; undefined = whole club. */
  visible: (categoryColumn: SQLWrapper) => SQL | undefined;
  /** Condition for rows the caller may manage (edit, cancel, attendance, call-ups); undefined = whole club. */
  manageable: (categoryColumn: SQLWrapper) => SQL | undefined;
  /** The caller may manage club-wide sessions (category null) — false for a trainer-only caller. */
  managesClubWide: boolean;
}

const wholeClub: SessionAccess = {
  visible: () => undefined,
  manageable: () => undefined,
  managesClubWide: true,
};

/** The categories of club `clubId` of the current players `userId` is the authorised guardian of. */
const guardedCategories = (clubId: number, userId: number) =>
  sql`select ${players.categoryId} from ${players} where ${players.clubId} = ${clubId} and ${players.inClub} and ${players.categoryId} is not null and ${players.userId} in (${authorisedChildren(clubId, userId)})`;

/** The category of the user's own, current player row in club `clubId`. */
const ownCategory = (clubId: number, userId: number) =>
  sql`select ${players.categoryId} from ${players} where ${players.clubId} = ${clubId} and ${players.userId} = ${userId} and ${players.inClub} and ${players.categoryId} is not null`;

/** The caller's reach over the sessions of club `:id` (see the file comment). */
export async function sessionAccessOf(db: Db, request: FastifyRequest): Promise<SessionAccess> {
  const user = currentUserOf(request);
  if (user.isSuperAdmin) return wholeClub;
  const clubId = (request.params as { id: number }).id;
  const held = clubRolesOf(request) ?? (await memberRoles(db, user.id, clubId));
  return accessOfRoles(db, clubId, user.id, held);
}

/**
 * The same reach for `userId` in `clubId` without a request: the ICS feed answers its
 * token with what the feed's person sees now (a super admin: the whole club).
 */
export async function sessionAccessFor(
  db: Db,
  clubId: number,
  userId: number,
): Promise<SessionAccess> {
  const [user] = await db
    .select({ isSuperAdmin: users.isSuperAdmin })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.isSuperAdmin) return wholeClub;
  return accessOfRoles(db, clubId, userId, await memberRoles(db, userId, clubId));
}

/** The reach of a person who is not a super admin and holds `held` in the club. */
async function accessOfRoles(
  db: Db,
  clubId: number,
  userId: number,
  held: { id: number; name: string }[],
): Promise<SessionAccess> {
  const [update] = await effectivePermissions(
    db,
    clubId,
    held.map((role) => role.id),
    { name: 'sessions.update' },
  );
  const mayUpdate = update !== undefined && update.moduleActive !== false;
  const person = { clubId, userId, held };
  const manageScope = await categoryScopeFor(db, person, 'sessions.update');
  if (mayUpdate && manageScope === undefined) return wholeClub;
  const viewScope = await categoryScopeFor(db, person, 'sessions.view');

  const names = new Set(held.map((role) => role.name));
  const manageable = (column: SQLWrapper): SQL =>
    mayUpdate && manageScope ? (withinScope(manageScope, column) ?? sql`false`) : sql`false`;
  const visible = (column: SQLWrapper): SQL | undefined => {
    if (viewScope === undefined) return undefined;
    const reach: SQL[] = [sql`${column} is null`];
    if (names.has('Entrenador')) reach.push(withinScope({ trainerId: userId }, column)!);
    if (names.has('Jugador')) reach.push(sql`${column} in (${ownCategory(clubId, userId)})`);
    if (names.has('Padre/Acudiente'))
      reach.push(sql`${column} in (${guardedCategories(clubId, userId)})`);
    return sql`(${sql.join(reach, sql` or `)})`;
  };
  return { visible, manageable, managesClubWide: false };
}
