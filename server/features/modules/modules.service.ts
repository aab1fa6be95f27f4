import { asc, eq, inArray } from 'drizzle-orm';
import { type Module, type Permission, moduleMessages } from '../../../contract/modules.schema';
import { type ModuleAction, type User, moduleActions } from '../../../contract/users.schema';
import type { Db } from '../../db/client';
import { modules, permissions, rolePermissions, roles } from '../../db/schema/access';
import { AppError, fieldError } from '../../lib/app-error';
import { loadUser } from '../users/users.service';
import { isCompatible } from '../roles/role-configuration';
import { toModule, toPermission } from './modules.mapping';

type ModuleRow = typeof modules.$inferSelect;

export interface ModuleInput {
  name?: string;
  icon?: string | null;
  category?: ModuleRow['category'];
  route_prefix?: string | null;
  order_index?: number;
  is_active?: boolean;
}

/**
 * Modules and permissions (issue #4), platform-wide; the roles' grants of them per club
 * are server/features/roles.
 */
export function createModulesService(db: Db) {
  async function moduleRow(id: number): Promise<ModuleRow> {
    const [row] = await db.select().from(modules).where(eq(modules.id, id));
    if (!row) throw new AppError(404, moduleMessages.moduleNotFound);
    return row;
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

    /** The user computed for their working club (server/auth/working-club.ts). */
    loadUser: (userId: number, requestedClubId?: number) => loadUser(db, userId, requestedClubId),
  };
}

export type ModulesService = ReturnType<typeof createModulesService>;
