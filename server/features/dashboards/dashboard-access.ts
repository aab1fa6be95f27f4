import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authMessages } from '../../../contract/auth.schema';
import { dashboardMessages } from '../../../contract/dashboards.schema';
import type { RoleName } from '../../../contract/roles.schema';
import {
  candidateClub,
  jsonValue,
  NO_CLUB,
  pickWorkingClub,
  requestedClubId,
} from '../../auth/working-club';
import { sessionLoad, tokenRevoked } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { dataVersions } from '../../db/schema/data-versions';
import { clubMemberships } from '../../db/schema/memberships';
import { guardianLinks } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';

/*
 * Who may open which dashboard (issue #16): each `GET /api/dashboard/<role>` is for the
 * callers holding that role in their working club (docs/access-control.md "The working
 * club"; the player's and parent's span every club, so any club's role counts, whatever the
 * working club: a guardian working in club A sees their child of club B); anyone else gets
 * 403 `notYourRole` (`notYourFamilyRole` for those two), a super admin passes every one (in the club
 * they work in; none chosen: 422 `noClub`). The session check, the working club and the
 * caller's roles in every club are read in ONE prepared statement, as
 * `workingClubSession` does for the notification centre, with the data versions a kept
 * answer is checked against (dashboard-answers.ts).
 */

/** The dashboard's role, as contract/roles.schema.ts spells it. */
export const dashboardRoles = {
  'club-owner': 'Propietario del Club',
  accountant: 'Contador',
  trainer: 'Entrenador',
  player: 'Jugador',
  parent: 'Padre/Acudiente',
  'super-admin': 'Super Admin',
} as const satisfies Record<string, RoleName>;
export type DashboardKind = keyof typeof dashboardRoles;

/** What a dashboard route knows about its caller once `requireUser` passed. */
export interface DashboardCaller {
  userId: number;
  isSuperAdmin: boolean;
  /** The working club, null when there is none. */
  clubId: number | null;
  /** The caller's role names in the working club. */
  roleNames: readonly string[];
  /** Their role names in any club. */
  anyClubRoleNames: readonly string[];
  /**
   * The data versions (data_versions) of the platform (scope 0) and of every club the
   * caller may see a dashboard of: asked for, current, member, player or guardian there.
   */
  versions: DataVersions;
}

/** Data versions by scope: the club's id, 0 for the platform's. */
export type DataVersions = Readonly<Record<string, number>>;

/** The family dashboards span every club of the caller: their role counts in any club. */
const spansClubs = (kind: DashboardKind) => kind === 'player' || kind === 'parent';

/** The session loader of the dashboard routes: `config` on the route, `caller(request, kind)` in the handler. */
export function dashboardSession(db: Db) {
  const statement = db
    .select({
      id: users.id,
      isSuperAdmin: users.isSuperAdmin,
      tokenVersion: users.tokenVersion,
      status: users.status,
      currentClubId: users.currentClubId,
      revoked: tokenRevoked(sql.placeholder('jti')),
      memberships: sql<Array<{ club: number; role: string }> | null>`(select coalesce(json_agg(
          json_build_object('club', ${clubMemberships.clubId}, 'role', ${roles.name})
          order by ${clubMemberships}.${sql.identifier(clubMemberships.id.name)}), '[]'::json)
        from ${clubMemberships} join ${roles} on ${eq(roles.id, clubMemberships.roleId)}
        where ${eq(clubMemberships.userId, users.id)})`,
      existingClubIds: sql<number[] | null>`(select coalesce(json_agg(${clubs.id}), '[]'::json)
        from ${clubs} where ${eq(users.isSuperAdmin, true)} and ${candidateClub(sql.placeholder('requested'))})`,
      versions: sql<DataVersions | null>`(select json_object_agg(s.scope, coalesce(${dataVersions.version}, 0))
        from (select 0 as scope union select ${sql.placeholder('requested')}::int
          union select ${users.currentClubId}
          union select ${clubMemberships.clubId} from ${clubMemberships} where ${eq(clubMemberships.userId, users.id)}
          union select ${players.clubId} from ${players} where ${eq(players.userId, users.id)}
          union select ${guardianLinks.clubId} from ${guardianLinks} where ${eq(guardianLinks.guardianId, users.id)}
        ) s left join ${dataVersions} on ${eq(dataVersions.scope, sql`s.scope`)}
        where s.scope is not null)`,
    })
    // A one-table select: Drizzle writes bare column names in sql`` fields, so the
    // subqueries qualify theirs (eq(), the table) where two tables share a name ("id").
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('dashboard_session');

  const session = sessionLoad(
    async (request, id, jti) => {
      const requested = requestedClubId(request);
      const [row] = await statement.execute({ userId: id, jti, requested: requested ?? NO_CLUB });
      if (!row) throw new AppError(401, authMessages.unauthenticated);
      const { revoked, memberships, existingClubIds, versions, ...user } = row;
      const held = jsonValue(memberships) ?? [];
      const clubId = pickWorkingClub(requested, {
        isSuperAdmin: user.isSuperAdmin,
        currentClubId: user.currentClubId,
        memberClubIds: [...new Set(held.map((m) => m.club))],
        existingClubIds: new Set(jsonValue(existingClubIds) ?? []),
      });
      const caller: DashboardCaller = {
        userId: user.id,
        isSuperAdmin: user.isSuperAdmin,
        clubId,
        roleNames: held.filter((m) => m.club === clubId).map((m) => m.role),
        anyClubRoleNames: [...new Set(held.map((m) => m.role))],
        versions: jsonValue(versions) ?? {},
      };
      return { user, revoked, caller };
    },
    { checksRevocation: true },
  );

  return {
    config: session.config,
    /**
     * The caller of a `kind` dashboard: 403 without its role in the working club (in any
     * club for the player and parent dashboards); a super admin passes, and the
     * super-admin dashboard is theirs only.
     */
    caller(request: FastifyRequest, kind: DashboardKind): DashboardCaller {
      const { caller } = session.of(request);
      const held = spansClubs(kind) ? caller.anyClubRoleNames : caller.roleNames;
      // 'Super Admin' memberships are never granted (members and invitations refuse them),
      // yet the platform's dashboard goes by the account's flag alone.
      const allowed =
        kind === 'super-admin'
          ? caller.isSuperAdmin
          : caller.isSuperAdmin || held.includes(dashboardRoles[kind]);
      if (!allowed) {
        throw new AppError(
          403,
          spansClubs(kind)
            ? dashboardMessages.notYourFamilyRole(dashboardRoles[kind])
            : dashboardMessages.notYourRole,
        );
      }
      return caller;
    },
    /** As `caller`, for the club dashboards: the working club, 422 `noClub` without one. */
    clubCaller(request: FastifyRequest, kind: DashboardKind): DashboardCaller & { clubId: number } {
      const caller = this.caller(request, kind);
      if (caller.clubId === null) throw new AppError(422, dashboardMessages.noClub);
      return { ...caller, clubId: caller.clubId };
    },
  };
}
export type DashboardSession = ReturnType<typeof dashboardSession>;
