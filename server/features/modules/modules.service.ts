import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { clubMessages } from '../../../contract/clubs.schema';
import type { Role } from '../../../contract/roles.schema';
import { type Module, type Permission, moduleMessages } from '../../../contract/modules.schema';
import { roleModuleCompatibility } from '../../../contract/roles.schema';
import {
  type ModuleAction,
  SETTINGS_MANAGE,
  type User,
  moduleActions,
} from '../../../contract/users.schema';
import { type RoleName } from '../../../contract/roles.schema';
import { effectivePermissions, memberRoleIds } from '../../auth/club-permissions';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import {
  clubRoleModuleOverrides,
  clubRolePermissions,
  modules,
  permissions,
  rolePermissions,
  roles,
} from '../../db/schema/access';
import { clubMemberships } from '../../db/schema/memberships';
import { clubs } from '../../db/schema/clubs';
import { AppError, fieldError } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { loadUser } from '../users/users.service';

type ModuleRow = typeof modules.$inferSelect;
type PermissionRow = typeof permissions.$inferSelect;

const toModule = (row: ModuleRow): Module => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  icon: row.icon,
  category: row.category,
  route_prefix: row.routePrefix,
  order_index: row.orderIndex,
  is_active: row.isActive,
});

const toPermission = (row: PermissionRow): Permission => ({
  id: row.id,
  name: row.name,
  module_id: row.moduleId,
  action: row.action,
});

/** Whether `roleName` may hold permissions of module `slug` (SPEC §6; unknown roles: yes). */
export function isCompatible(roleName: string, slug: string): boolean {
  const allowed = roleModuleCompatibility[roleName as RoleName] as readonly string[] | undefined;
  return allowed ? allowed.includes(slug) : true;
}

const SUPER_ADMIN: RoleName = 'Super Admin';
const OWNER: RoleName = 'Propietario del Club';

/**
 * Which club a role configuration request names: a club id, `null` for the platform
 * defaults, or undefined for "the club I work in" (the `X-Club-Id` header, else the
 * caller's current club).
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

export interface ModuleInput {
  name?: string;
  icon?: string | null;
  category?: ModuleRow['category'];
  route_prefix?: string | null;
  order_index?: number;
  is_active?: boolean;
}

/**
 * Modules, permissions and role–permission assignment (issue #4): the platform defaults
 * and each club's overrides of them.
 */
export function createModulesService(db: Db, clock: Clock = systemClock) {
  async function moduleRow(id: number): Promise<ModuleRow> {
    const [row] = await db.select().from(modules).where(eq(modules.id, id));
    if (!row) throw new AppError(404, moduleMessages.moduleNotFound);
    return row;
  }

  async function roleRow(id: number) {
    const [row] = await db.select().from(roles).where(eq(roles.id, id));
    if (!row) throw new AppError(404, moduleMessages.roleNotFound);
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
      target.clubId ??
      (await loadUser(db, caller.id, target.headerClubId)).current_club_id ??
      undefined;
    if (clubId === undefined) throw new AppError(403, moduleMessages.noClub);
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
    if (roleName === SUPER_ADMIN) return moduleMessages.superAdminRoleFixed;
    if (roleName === OWNER && !caller.isSuperAdmin) return moduleMessages.ownRole;
    return null;
  }

  /** The role's row of the roles × modules matrix in club `clubId` (null: the defaults). */
  async function roleConfiguration(caller: CurrentUser, roleId: number, clubId: number | null) {
    const role = await roleRow(roleId);
    const moduleRows = await db
      .select()
      .from(modules)
      .orderBy(asc(modules.orderIndex), asc(modules.id));
    const permissionRows = await db.select().from(permissions).orderBy(asc(permissions.id));
    const granted = new Set(
      (await effectivePermissions(db, clubId, [roleId])).map((permission) => permission.id),
    );
    const customised = new Set(
      clubId === null
        ? []
        : (
            await db
              .select({ moduleId: clubRoleModuleOverrides.moduleId })
              .from(clubRoleModuleOverrides)
              .where(
                and(
                  eq(clubRoleModuleOverrides.clubId, clubId),
                  eq(clubRoleModuleOverrides.roleId, roleId),
                ),
              )
          ).map((row) => row.moduleId),
    );
    const reason = readOnlyReason(caller, role.name);
    return {
      role: { id: role.id, name: role.name, priority: role.priority },
      club_id: clubId,
      editable: reason === null,
      read_only_reason: reason,
      allowed_modules: moduleRows
        .filter((module) => isCompatible(role.name, module.slug))
        .map((module) => module.slug),
      modules: moduleRows.map((module) => ({
        ...toModule(module),
        compatible: isCompatible(role.name, module.slug),
        customised: customised.has(module.id),
        permissions: permissionRows
          .filter((permission) => permission.moduleId === module.id)
          .map((permission) => ({
            ...toPermission(permission),
            granted: granted.has(permission.id),
          })),
      })),
    };
  }

  const columnsOf = (input: ModuleInput) =>
    Object.fromEntries(
      Object.entries({
        name: input.name,
        icon: input.icon,
        category: input.category,
        routePrefix: input.route_prefix,
        orderIndex: input.order_index,
        isActive: input.is_active,
      }).filter(([, value]) => value !== undefined),
    ) as Partial<typeof modules.$inferInsert>;

  return {
    async listModules(): Promise<Module[]> {
      const rows = await db
        .select()
        .from(modules)
        .orderBy(asc(modules.orderIndex), asc(modules.id));
      return rows.map(toModule);
    },

    async listPermissions(): Promise<Permission[]> {
      const rows = await db.select().from(permissions).orderBy(asc(permissions.id));
      return rows.map(toPermission);
    },

    /** The user's access to module `id` in the club they were computed for (a switched-off module: none). */
    async access(user: User, id: number) {
      const row = await moduleRow(id);
      const granted = user.modules.find((module) => module.id === row.id);
      const enabled = row.isActive;
      const on = (action: ModuleAction) =>
        Boolean(granted?.permissions[action]) && (enabled || user.is_super_admin);
      const flags = {
        view: on('view'),
        create: on('create'),
        update: on('update'),
        delete: on('delete'),
      };
      return {
        module_id: row.id,
        slug: row.slug,
        enabled,
        has_access: moduleActions.some((action) => flags[action]),
        permissions: flags,
      };
    },

    /** Module CRUD: only the nine slugs of the specification exist (see moduleCreateSchema). */
    async createModule(input: ModuleInput & { slug: string }): Promise<Module> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(modules)
          .values({
            slug: input.slug,
            name: input.name!,
            category: input.category!,
            ...columnsOf(input),
          })
          .onConflictDoNothing({ target: modules.slug })
          .returning();
        if (!row) throw fieldError('slug', moduleMessages.slugTaken);
        // Its four permissions, taken back from any orphan left by an earlier delete.
        await tx
          .insert(permissions)
          .values(
            moduleActions.map((action) => ({
              name: `${row.slug}.${action}`,
              action,
              moduleId: row.id,
            })),
          )
          .onConflictDoUpdate({ target: permissions.name, set: { moduleId: row.id } });
        return toModule(row);
      });
    },

    async updateModule(id: number, input: ModuleInput): Promise<Module> {
      await moduleRow(id);
      const columns = columnsOf(input);
      if (Object.keys(columns).length > 0) {
        await db.update(modules).set(columns).where(eq(modules.id, id));
      }
      return toModule(await moduleRow(id));
    },

    /** Deletes the module with its permissions and their grants (cascade). */
    async deleteModule(id: number): Promise<void> {
      await moduleRow(id);
      await db.delete(modules).where(eq(modules.id, id));
    },

    async modulePermissions(id: number) {
      const row = await moduleRow(id);
      const modulePermissionRows = await db
        .select()
        .from(permissions)
        .where(eq(permissions.moduleId, id))
        .orderBy(asc(permissions.id));
      const roleRows = await db.select().from(roles).orderBy(asc(roles.id));
      const grants = modulePermissionRows.length
        ? await db
            .select()
            .from(rolePermissions)
            .where(
              inArray(
                rolePermissions.permissionId,
                modulePermissionRows.map((p) => p.id),
              ),
            )
        : [];
      return {
        module: toModule(row),
        permissions: modulePermissionRows.map(toPermission),
        roles: roleRows.map((role) => ({
          role_id: role.id,
          role_name: role.name,
          compatible: isCompatible(role.name, row.slug),
          permission_ids: grants
            .filter((grant) => grant.roleId === role.id)
            .map((grant) => grant.permissionId)
            .sort((a, b) => a - b),
        })),
      };
    },

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
      return roleConfiguration(caller, roleId, clubId);
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
      { roleId, moduleId, permissionIds }: RolePermissionsInput,
      target: ConfigurationTarget,
    ) {
      const clubId = await resolveTarget(caller, target);
      const role = await roleRow(roleId);
      const reason = readOnlyReason(caller, role.name);
      if (reason !== null) throw new AppError(403, reason);
      const module = await moduleRow(moduleId);
      const ids = [...new Set(permissionIds)];
      if (ids.length > 0 && !isCompatible(role.name, module.slug)) {
        throw fieldError('module_id', moduleMessages.incompatible(role.name, module.name));
      }
      const modulePermissionRows = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(eq(permissions.moduleId, moduleId));
      const inModule = [...new Set(modulePermissionRows.map((p) => p.id))];
      if (ids.some((id) => !inModule.includes(id))) {
        throw fieldError('permission_ids', moduleMessages.permissionOutsideModule);
      }
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
        });
      } else {
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
        });
      }
      return roleConfiguration(caller, roleId, clubId);
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

    /** The user computed for the club they work in (`X-Club-Id`, else their current club). */
    loadUser: (userId: number, requestedClubId?: number) => loadUser(db, userId, requestedClubId),
  };
}

export type ModulesService = ReturnType<typeof createModulesService>;
