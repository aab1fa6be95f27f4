import { eq } from 'drizzle-orm';
import type { RoleName } from '../../../contract/roles.schema';
import type { ModuleSlug } from '../../../contract/users.schema';
import {
  clubRoleModuleOverrides,
  clubRolePermissions,
  modules,
  permissions,
  roles,
} from '../../../server/db/schema/access';
import type { TestContext } from './test-app';

/** The id of the seeded role `name`. */
export async function roleIdOf(ctx: TestContext, name: RoleName): Promise<number> {
  const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!role) throw new Error(`No role ${name}`);
  return role.id;
}

/** The invitation link and its token inside a mail's text. */
export function invitationLinkFrom(text: string): { url: string; token: string } {
  const match = /https?:\/\/\S+\/invitation\/([0-9a-f]{64})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No invitation link in: ${text}`);
  return { url: match[0], token: match[1] };
}

/** The club gives `role` every action of the module `slug` (an override of the defaults). */
export async function grantWholeModule(
  ctx: TestContext,
  clubId: number,
  role: RoleName,
  slug: ModuleSlug,
) {
  const roleId = await roleIdOf(ctx, role);
  const [module] = await ctx.db.select().from(modules).where(eq(modules.slug, slug));
  const granted = await ctx.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.moduleId, module!.id));
  await ctx.db
    .insert(clubRoleModuleOverrides)
    .values({ clubId, roleId, moduleId: module!.id, updatedAt: ctx.clock.now() });
  await ctx.db
    .insert(clubRolePermissions)
    .values(granted.map(({ id }) => ({ clubId, roleId, permissionId: id })));
}
