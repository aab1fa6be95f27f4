import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type Module,
  type Permission,
  moduleMessages,
  roleModuleCompatibility,
} from '../../../contract/modules.schema';
import {
  type ModuleAction,
  type RoleName,
  type User,
  moduleActions,
} from '../../../contract/user.schema';
import type { Db } from '../../db/client';
import { modules, permissions, rolePermissions, roles } from '../../db/schema/access';
import { AppError, fieldError } from '../../lib/app-error';
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

export interface ModuleInput {
  name?: string;
  icon?: string | null;
  category?: ModuleRow['category'];
  route_prefix?: string | null;
  order_index?: number;
  is_active?: boolean;
}

/** Modules, permissions and role–permission assignment (issue #4). */
export function createModulesService(db: Db) {
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

  async function roleConfiguration(roleId: number) {
    const role = await roleRow(roleId);
    const moduleRows = await db
      .select()
      .from(modules)
      .orderBy(asc(modules.orderIndex), asc(modules.id));
    const permissionRows = await db.select().from(permissions).orderBy(asc(permissions.id));
    const granted = new Set(
      (
        await db
          .select({ id: rolePermissions.permissionId })
          .from(rolePermissions)
          .where(eq(rolePermissions.roleId, roleId))
      ).map((row) => row.id),
    );
    return {
      role: { id: role.id, name: role.name, priority: role.priority },
      allowed_modules: moduleRows
        .filter((module) => isCompatible(role.name, module.slug))
        .map((module) => module.slug),
      modules: moduleRows.map((module) => ({
        ...toModule(module),
        compatible: isCompatible(role.name, module.slug),
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

    /** The user's access to module `id` in their current club (a switched-off module: none). */
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

    /**
     * The role's permissions in the module become exactly `permissionIds`. A role cannot be
     * given a module outside its column of SPEC §6 (422, naming both); clearing is always allowed.
     */
    async setRolePermissions(roleId: number, moduleId: number, permissionIds: number[]) {
      const role = await roleRow(roleId);
      const module = await moduleRow(moduleId);
      const ids = [...new Set(permissionIds)];
      if (ids.length > 0 && !isCompatible(role.name, module.slug)) {
        throw fieldError('module_id', moduleMessages.incompatible(role.name, module.name));
      }
      const modulePermissionRows = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(eq(permissions.moduleId, moduleId));
      const inModule = new Set(modulePermissionRows.map((p) => p.id));
      if (ids.some((id) => !inModule.has(id))) {
        throw fieldError('permission_ids', moduleMessages.permissionOutsideModule);
      }
      await db.transaction(async (tx) => {
        if (inModule.size > 0) {
          await tx
            .delete(rolePermissions)
            .where(
              and(
                eq(rolePermissions.roleId, roleId),
                inArray(rolePermissions.permissionId, [...inModule]),
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
      return roleConfiguration(roleId);
    },

    roleConfiguration,

    loadUser: (userId: number) => loadUser(db, userId),
  };
}

export type ModulesService = ReturnType<typeof createModulesService>;
