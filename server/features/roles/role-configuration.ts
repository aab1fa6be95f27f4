import { and, asc, eq } from 'drizzle-orm';
import { type RoleName, roleModuleCompatibility } from '../../../contract/roles.schema';
import { effectivePermissions } from '../../auth/club-permissions';
import type { Db } from '../../db/client';
import type { roles } from '../../db/schema/access';
import { clubRoleModuleOverrides, modules, permissions } from '../../db/schema/access';
import { toModule, toPermission } from '../modules/modules.mapping';

/** Whether `roleName` may hold permissions of module `slug` (SPEC §6; unknown roles: yes). */
export function isCompatible(roleName: string, slug: string): boolean {
  const allowed = roleModuleCompatibility[roleName as RoleName] as readonly string[] | undefined;
  return allowed ? allowed.includes(slug) : true;
}

/**
 * The role's row of the roles × modules matrix in club `clubId` (null: the defaults):
 * every module with its permissions, which the role holds there, which modules the club
 * customised, and whether the caller may edit it (`readOnlyReason` null) or why not.
 */
export async function roleConfiguration(
  db: Db,
  role: typeof roles.$inferSelect,
  clubId: number | null,
  readOnlyReason: string | null,
) {
  const moduleRows = await db
    .select()
    .from(modules)
    .orderBy(asc(modules.orderIndex), asc(modules.id));
  const permissionRows = await db.select().from(permissions).orderBy(asc(permissions.id));
  const granted = new Set(
    (await effectivePermissions(db, clubId, [role.id])).map((permission) => permission.id),
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
                eq(clubRoleModuleOverrides.roleId, role.id),
              ),
            )
        ).map((row) => row.moduleId),
  );
  return {
    role: { id: role.id, name: role.name, priority: role.priority },
    club_id: clubId,
    editable: readOnlyReason === null,
    read_only_reason: readOnlyReason,
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
