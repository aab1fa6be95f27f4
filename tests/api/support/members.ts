import { eq } from 'drizzle-orm';
import type { RoleName } from '../../../contract/roles.schema';
import { roles } from '../../../server/db/schema/access';
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
