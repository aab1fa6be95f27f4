import { eq } from 'drizzle-orm';
import type { Club, ClubCreateInput } from '../../../contract/clubs.schema';
import type { RoleName } from '../../../contract/roles.schema';
import { roles } from '../../../server/db/schema/access';
import { clubMemberships } from '../../../server/db/schema/memberships';
import { users } from '../../../server/db/schema/users';
import { type TestContext, registerUser } from './test-app';

/** Creates a club through the API as the user of `token`; returns it. */
export async function createClub(
  ctx: TestContext,
  token: string,
  body: Partial<ClubCreateInput> = {},
): Promise<Club> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/pla_club_teams',
    token,
    body: { name: 'Club de Prueba', ...body },
  });
  if (response.statusCode !== 201)
    throw new Error(`create club failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: Club }>().data;
}

/** Gives `userId` the role `roleName` in club `clubId`, straight in the database. */
export async function addMembership(
  ctx: TestContext,
  userId: number,
  clubId: number,
  roleName: RoleName,
): Promise<void> {
  const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName));
  if (!role) throw new Error(`No role ${roleName}`);
  await ctx.db.insert(clubMemberships).values({ userId, clubId, roleId: role.id });
}

/** A new account holding `roleName` in club `clubId`. */
export async function memberOf(ctx: TestContext, clubId: number, roleName: RoleName) {
  const user = await registerUser(ctx);
  await addMembership(ctx, user.id, clubId, roleName);
  return user;
}

/** A new account with the platform-wide super admin flag (and no membership). */
export async function superAdmin(ctx: TestContext) {
  const user = await registerUser(ctx);
  await ctx.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, user.id));
  return user;
}
