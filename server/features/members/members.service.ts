import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { clubMessages } from '../../../contract/clubs.schema';
import {
  type Member,
  type MemberListResponse,
  type memberListQuerySchema,
  memberMessages,
  type memberRolesRequestSchema,
} from '../../../contract/members.schema';
import { type RoleRef } from '../../../contract/roles.schema';
import type { RoleName } from '../../../contract/roles.schema';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { AppError, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { auditRoleChanges } from './member-roles-audit';

type MemberListQuery = z.output<typeof memberListQuerySchema>;
type MemberRolesInput = z.output<typeof memberRolesRequestSchema>;

const SUPER_ADMIN_ROLE: RoleName = 'Super Admin';

const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** A 400 about one field (input the schema could not judge: unknown ids). */
export const badField = (path: string, message: string): AppError =>
  new AppError(400, message, { errors: [{ path, message }] });

/** Each user's roles in `clubId`, highest priority first. */
async function rolesInClub(
  db: Db,
  clubId: number,
  userIds: number[],
): Promise<Map<number, RoleRef[]>> {
  const byUser = new Map<number, RoleRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: clubMemberships.userId, id: roles.id, name: roles.name })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(and(eq(clubMemberships.clubId, clubId), inArray(clubMemberships.userId, userIds)))
    .orderBy(desc(roles.priority), asc(roles.id));
  for (const row of rows) {
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), { id: row.id, name: row.name }]);
  }
  return byUser;
}

export interface MembersService {
  list(clubId: number, query: MemberListQuery): Promise<MemberListResponse>;
  /** One member of the club; 404 memberNotFound when the user holds no role there. */
  get(clubId: number, userId: number): Promise<Member>;
  /** `actorUserId` is who made the change, for the audit log. */
  setRoles(
    clubId: number,
    userId: number,
    input: MemberRolesInput,
    actorUserId?: number,
  ): Promise<Member>;
}

/**
 * A club's people and their roles (the 'Asignación de Roles a Usuarios' screen). The
 * caller's right to manage the club (settings.manage) is checked before these run; every
 * query here is scoped to the club of the URL.
 */
export function createMembersService({ db, clock }: { db: Db; clock: Clock }): MembersService {
  async function get(clubId: number, userId: number): Promise<Member> {
    const [row] = await db
      .select({
        id: users.id,
        name: users.name,
        lastname: users.lastname,
        email: users.email,
        joinedAt: sql<Date | string>`min(${clubMemberships.createdAt})`,
      })
      .from(clubMemberships)
      .innerJoin(users, eq(users.id, clubMemberships.userId))
      .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)))
      .groupBy(users.id);
    if (!row) throw new AppError(404, memberMessages.memberNotFound);
    const byUser = await rolesInClub(db, clubId, [userId]);
    return {
      user_id: row.id,
      name: row.name,
      lastname: row.lastname,
      email: row.email,
      roles: byUser.get(row.id) ?? [],
      joined_at: toIso(row.joinedAt),
    };
  }

  return {
    /**
     * Distinct users with at least one role in the club (with `role_id`: that role among
     * them), filtered by `q` over name, last name, "name lastname" and e-mail (case-
     * and accent-insensitive), sorted with the user id as the last key so pages never
     * overlap, and counted with the same filters.
     */
    async list(clubId, query) {
      const joined = db
        .select({
          userId: clubMemberships.userId,
          joinedAt: sql<Date | string>`min(${clubMemberships.createdAt})`.as('joined_at'),
        })
        .from(clubMemberships)
        .where(eq(clubMemberships.clubId, clubId))
        .groupBy(clubMemberships.userId)
        .having(
          query.role_id === undefined
            ? undefined
            : sql`bool_or(${clubMemberships.roleId} = ${query.role_id})`,
        )
        .as('joined');

      const clauses = listClauses(query, {
        sortKeys: {
          name: [byName(users.lastname), byName(users.name)],
          email: [users.email],
          joined_at: [joined.joinedAt],
        },
        searchColumns: [
          users.name,
          users.lastname,
          sql`${users.name} || ' ' || ${users.lastname}`,
          users.email,
        ],
        id: users.id,
      });
      const page = applyList(
        db
          .select({
            id: users.id,
            name: users.name,
            lastname: users.lastname,
            email: users.email,
            joinedAt: joined.joinedAt,
            total: totalCount(),
          })
          .from(joined)
          .innerJoin(users, eq(users.id, joined.userId))
          .$dynamic(),
        clauses,
      );
      const { rows, total } = await pageWithTotal(await page, clauses, async () => {
        const [counted] = await db
          .select({ n: count() })
          .from(joined)
          .innerJoin(users, eq(users.id, joined.userId))
          .where(clauses.where);
        return counted?.n ?? 0;
      });

      const byUser = await rolesInClub(
        db,
        clubId,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => ({
          user_id: row.id,
          name: row.name,
          lastname: row.lastname,
          email: row.email,
          roles: byUser.get(row.id) ?? [],
          joined_at: toIso(row.joinedAt),
        })),
        total,
      };
    },

    get,

    /**
     * The member's roles in this club become exactly `role_ids`, in one transaction that
     * first locks the club row, so two concurrent changes cannot both remove "the other"
     * owner. Roles the person holds in other clubs are untouched.
     */
    async setRoles(clubId, userId, input, actorUserId) {
      const roleIds = [...new Set(input.role_ids)];
      const found = await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(inArray(roles.id, roleIds));
      if (found.length !== roleIds.length) throw badField('role_ids', memberMessages.roleNotFound);
      if (found.some((role) => role.name === SUPER_ADMIN_ROLE))
        throw badField('role_ids', memberMessages.superAdminRole);

      const now = clock.now();
      await db.transaction(async (tx) => {
        const [club] = await tx
          .select({ id: clubs.id })
          .from(clubs)
          .where(eq(clubs.id, clubId))
          .for('update');
        if (!club) throw new AppError(404, clubMessages.notFound);
        const mine = and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId));
        const [held] = await tx.select({ n: count() }).from(clubMemberships).where(mine);
        if (!held || held.n === 0) throw new AppError(404, memberMessages.memberNotFound);

        const removed = await tx
          .delete(clubMemberships)
          .where(and(mine, notInArray(clubMemberships.roleId, roleIds)))
          .returning({ roleId: clubMemberships.roleId });
        const assigned = await tx
          .insert(clubMemberships)
          .values(roleIds.map((roleId) => ({ userId, clubId, roleId, createdAt: now })))
          .onConflictDoNothing()
          .returning({ roleId: clubMemberships.roleId });
        await auditRoleChanges(tx, { actorUserId, clubId, userId, assigned, removed, at: now });

        const [owners] = await tx
          .select({ n: count() })
          .from(clubMemberships)
          .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
          .where(and(eq(clubMemberships.clubId, clubId), eq(roles.name, CLUB_OWNER_ROLE)));
        if (!owners || owners.n === 0) throw fieldError('role_ids', memberMessages.lastOwner);
      });
      return get(clubId, userId);
    },
  };
}
