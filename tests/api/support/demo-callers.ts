import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AccessCaller } from '../../../contract/access-table';
import { roles } from '../../../server/db/schema/access';
import { clubs } from '../../../server/db/schema/clubs';
import { clubMemberships } from '../../../server/db/schema/memberships';
import { guardianLinks } from '../../../server/db/schema/parents';
import { payments } from '../../../server/db/schema/payments';
import { players } from '../../../server/db/schema/players';
import { users } from '../../../server/db/schema/users';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo-accounts';
import { type TestContext, login, registerUser } from './test-app';

/*
 * The callers of the role × operation table (contract/access-table.ts) in a database
 * seeded with the demo (`describeEachDatabase(…, { demo: true })`), each signed in once,
 * and a second family in the demo club: a guardian of their own, authorised for one
 * child who is nobody else's, with that child's payments and a charge billing only them.
 */

export const demoEmails: Record<Exclude<AccessCaller, 'anonymous'>, string> = {
  outsider: 'sinclub@demo.club',
  owner: 'propietario@demo.club',
  trainer: 'entrenador@demo.club',
  accountant: 'contador@demo.club',
  player: 'jugador@demo.club',
  guardian: 'padre@demo.club',
  superAdmin: 'admin@demo.club',
};

export interface SignedIn {
  id: number;
  token: string;
}

/** Every demo caller but the anonymous one, signed in through POST /api/login. */
export async function signInDemoCallers(
  ctx: TestContext,
): Promise<Record<Exclude<AccessCaller, 'anonymous'>, SignedIn>> {
  const entries = await Promise.all(
    Object.entries(demoEmails).map(async ([caller, email]) => {
      const response = await login(ctx, email, DEMO_PASSWORD);
      expect(response.statusCode, email).toBe(200);
      const [user] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      return [caller, { id: user!.id, token: response.json<{ token: string }>().token }];
    }),
  );
  return Object.fromEntries(entries) as Record<Exclude<AccessCaller, 'anonymous'>, SignedIn>;
}

/** The demo club's id. */
export async function demoClubId(ctx: TestContext): Promise<number> {
  const [club] = await ctx.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.name, 'Club Deportivo Demo'));
  if (!club) throw new Error('No demo club');
  return club.id;
}

/** The players `guardianId` is the authorised guardian of in club `clubId`. */
export async function authorisedChildren(ctx: TestContext, guardianId: number, clubId: number) {
  const rows = await ctx.db
    .select({ id: guardianLinks.playerId })
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.guardianId, guardianId),
        eq(guardianLinks.clubId, clubId),
        eq(guardianLinks.status, 'authorized'),
      ),
    )
    .orderBy(asc(guardianLinks.playerId));
  return rows.map((row) => row.id);
}

/**
 * A second family in the demo club: a new account with the Padre/Acudiente role there,
 * authorised for one current player who has no guardian link yet, is not one of
 * `avoid` (the demo player and padre@'s children) and has payments. Its name and
 * last name are distinctive, so a leak shows.
 */
export async function addSecondFamily(
  ctx: TestContext,
  clubId: number,
  avoid: number[],
  /** Prefer a child of this category (a family sharing sessions with another). */
  categoryId?: number | null,
): Promise<{ guardian: SignedIn; childId: number; paymentId: number }> {
  const guardian = await registerUser(ctx, { name: 'Gertrudis', lastname: 'Segundafamilia' });
  const [role] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, 'Padre/Acudiente'));
  await ctx.db.insert(clubMemberships).values({ userId: guardian.id, clubId, roleId: role!.id });
  const linked = ctx.db
    .select({ id: guardianLinks.playerId })
    .from(guardianLinks)
    .where(eq(guardianLinks.clubId, clubId));
  const [child] = await ctx.db
    .select({ id: players.userId })
    .from(players)
    .where(
      and(
        eq(players.clubId, clubId),
        eq(players.inClub, true),
        eq(players.status, 'active'),
        notInArray(players.userId, avoid),
        notInArray(players.userId, linked),
        sql`exists (select 1 from ${payments} where ${payments.clubId} = ${clubId} and ${payments.userId} = ${players.userId})`,
      ),
    )
    .orderBy(
      sql`${players.categoryId} is not distinct from ${categoryId ?? null} desc`,
      asc(players.userId),
    )
    .limit(1);
  if (!child) throw new Error('No player for the second family');
  await ctx.db.insert(guardianLinks).values({
    clubId,
    playerId: child.id,
    guardianId: guardian.id,
    status: 'authorized',
    isPrimary: true,
    decidedAt: new Date(),
  });
  const [payment] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.clubId, clubId), eq(payments.userId, child.id)))
    .orderBy(asc(payments.id))
    .limit(1);
  return {
    guardian: { id: guardian.id, token: guardian.token },
    childId: child.id,
    paymentId: payment!.id,
  };
}
