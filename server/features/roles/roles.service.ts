import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { clubMessages } from '../../../contract/clubs.schema';
import { moduleMessages } from '../../../contract/modules.schema';
import { type Role, type RoleName, roleMessages } from '../../../contract/roles.schema';
import { SETTINGS_MANAGE } from '../../../contract/users.schema';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import { effectivePermissions, memberRoleIds } from '../../auth/club-permissions';
import type { CurrentUser } from '../../auth/require-user';
import { resolveWorkingClub } from '../../auth/working-club';
import type { Db } from '../../db/client';
import {
  clubRoleModuleOverrides,
  clubRolePermissions,
  modules,
  permissions,
  rolePermissions,
  roles,
} from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { AppError, fieldError } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { recordAudit } from '../audit-log/record-audit';
import { isCompatible, roleConfiguration } from './role-configuration';

const SUPER_ADMIN: RoleName = 'Super Admin';

/**
 * Which club a role configuration request names: a club id (`club_id`, named explicitly),
 * `null` for the platform defaults, or undefined for the working club
 * (server/auth/working-club.ts, from the `X-Club-Id` header).
 */
export interface ConfigurationTarget {
  clubId?: number | null;
  /** The `X-Club-Id` header, when it is an id. */
  headerClubId?: number;
}

/** `POST /api/admin/roles/permissions` after validation. */
export interface RolePermissionsInput {
  roleId: number;
  moduleId: number;
  permissionIds: number[];
}

/**
 * The roles and their permissions per club (issue #4): the platform defaults and each
 * club's overrides of them, module by module.
 */
export function createRolesService(db: Db, clock: Clock = systemClock) {
  async function roleRow(id: number) {
    const [row] = await db.select().from(roles).where(eq(roles.id, id));
    if (!row) throw new AppError(404, roleMessages.roleNotFound);
    return row;
  }

  async function moduleRow(id: number) {
    const [row] = await db.select().from(modules).where(eq(modules.id, id));
    if (!row) throw new AppError(404, moduleMessages.moduleNotFound);
    return row;
  }

  /**
   * The club (or `null`: the platform defaults) a role configuration request is about,
   * once the caller may configure it. A super admin may configure the platform and any
   * existing club; anyone else only a club where they hold settings.manage (not a
   * member: 404, the club is not revealed; a member without it: 403).
   */
  async function resolveTarget(caller: CurrentUser, target: ConfigurationTarget) {
    if (target.clubId === null) {
      if (!caller.isSuperAdmin) throw new AppError(403, moduleMessages.superAdminOnly);
      return null;
    }
    const clubId =
      target.clubId ?? (await resolveWorkingClub(db, caller.id, target.headerClubId)) ?? undefined;
    if (clubId === undefined) throw new AppError(403, roleMessages.noClub);
    if (caller.isSuperAdmin) {
      const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
      if (!club) throw new AppError(404, clubMessages.notFound);
      return clubId;
    }
    const roleIds = await memberRoleIds(db, caller.id, clubId);
    if (roleIds.length === 0) throw new AppError(404, clubMessages.notFound);
    const [manage] = await effectivePermissions(db, clubId, roleIds, { name: SETTINGS_MANAGE });
    if (!manage) throw new AppError(403, moduleMessages.notAdmin);
    return clubId;
  }

  /**
   * Why `caller` may not change `roleName`'s permissions, or null when they may: Super
   * Admin always holds everything; an owner cannot change the owner role (they would
   * edit their own access), only a super admin can.
   */
  function readOnlyReason(caller: CurrentUser, roleName: string): string | null {
    if (roleName === SUPER_ADMIN) return roleMessages.superAdminRoleFixed;
    if (roleName === CLUB_OWNER_ROLE && !caller.isSuperAdmin) return roleMessages.ownRole;
    return null;
  }

  /** The role's row of the matrix in `clubId`, as `caller` sees it. */
  async function configurationOf(caller: CurrentUser, roleId: number, clubId: number | null) {
    const role = await roleRow(roleId);
    return roleConfiguration(db, role, clubId, readOnlyReason(caller, role.name));
  }

  /** The role's permissions in the module become exactly `ids`, in the defaults or a club. */
  async function replaceGrants(
    caller: CurrentUser,
    clubId: number | null,
    { roleId, moduleId }: RolePermissionsInput,
    ids: number[],
    inModule: number[],
  ) {
    const audit = (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) =>
      recordAudit(tx, {
        actorUserId: caller.id,
        action: 'role.permissions_changed',
        clubId,
        targetType: 'role',
        targetId: roleId,
        details: { module_id: moduleId, permission_ids: ids },
        at: clock.now(),
      });
    if (clubId === null) {
      await db.transaction(async (tx) => {
        if (inModule.length > 0) {
          await tx
            .delete(rolePermissions)
            .where(
              and(
                eq(rolePermissions.roleId, roleId),
                inArray(rolePermissions.permissionId, inModule),
              ),
            );
        }
        if (ids.length > 0) {
          await tx
            .insert(rolePermissions)
            .values(ids.map((permissionId) => ({ roleId, permissionId })))
            .onConflictDoNothing();
        }
        await audit(tx);
      });
      return;
    }
    // The override row and its grants change together, or not at all.
    await db.transaction(async (tx) => {
      const stamp = { updatedAt: clock.now(), updatedBy: caller.id };
      await tx
        .insert(clubRoleModuleOverrides)
        .values({ clubId, roleId, moduleId, ...stamp })
        .onConflictDoUpdate({
          target: [
            clubRoleModuleOverrides.clubId,
            clubRoleModuleOverrides.roleId,
            clubRoleModuleOverrides.moduleId,
          ],
          set: stamp,
        });
      if (inModule.length > 0) {
        await tx
          .delete(clubRolePermissions)
          .where(
            and(
              eq(clubRolePermissions.clubId, clubId),
              eq(clubRolePermissions.roleId, roleId),
              inArray(clubRolePermissions.permissionId, inModule),
            ),
          );
      }
      if (ids.length > 0) {
        await tx
          .insert(clubRolePermissions)
          .values(ids.map((permissionId) => ({ clubId, roleId, permissionId })))
          .onConflictDoNothing();
      }
      await audit(tx);
    });
  }

  return {
    /** `GET /api/admin/roles`: every role, the highest priority first. */
    async listRoles(): Promise<Role[]> {
      return db
        .select({ id: roles.id, name: roles.name, priority: roles.priority })
        .from(roles)
        .orderBy(desc(roles.priority), asc(roles.id));
    },

    /** `GET /api/admin/roles/{id}/configuration` for the club (or platform) of `target`. */
    async roleConfigurationFor(caller: CurrentUser, roleId: number, target: ConfigurationTarget) {
      const clubId = await resolveTarget(caller, target);
      return configurationOf(caller, roleId, clubId);
    },

    /**
     * The role's permissions in the module become exactly `permissionIds`, in the club of
     * `target` (an override of the platform defaults for that role and module) or in the
     * defaults themselves. A role cannot be given a module outside its column of SPEC §6
     * (422, naming both); clearing is always allowed. Super Admin is never changed, nor
     * the owner role by anyone but a super admin (403).
     */
    async setRolePermissions(
      caller: CurrentUser,
      input: RolePermissionsInput,
      target: ConfigurationTarget,
    ) {
      const clubId = await resolveTarget(caller, target);
      const role = await roleRow(input.roleId);
      const reason = readOnlyReason(caller, role.name);
      if (reason !== null) throw new AppError(403, reason);
      const module = await moduleRow(input.moduleId);
      const ids = [...new Set(input.permissionIds)];
      if (ids.length > 0 && !isCompatible(role.name, module.slug)) {
        throw fieldError('module_id', roleMessages.incompatible(role.name, module.name));
      }
      const modulePermissionRows = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(eq(permissions.moduleId, input.moduleId));
      const inModule = [...new Set(modulePermissionRows.map((p) => p.id))];
      if (ids.some((id) => !inModule.includes(id))) {
        throw fieldError('permission_ids', roleMessages.permissionOutsideModule);
      }
      await replaceGrants(caller, clubId, input, ids, inModule);
      return configurationOf(caller, input.roleId, clubId);
    },

    /**
     * Whether the caller may reach the role configuration at all: a super admin, or
     * someone holding settings.manage in some club (which club is checked per request).
     * settings.manage has no module, so it always comes from the platform defaults.
     */
    async managesSomeClub(caller: CurrentUser): Promise<boolean> {
      if (caller.isSuperAdmin) return true;
      const [row] = await db
        .select({ roleId: clubMemberships.roleId })
        .from(clubMemberships)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, clubMemberships.roleId))
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(and(eq(clubMemberships.userId, caller.id), eq(permissions.name, SETTINGS_MANAGE)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
