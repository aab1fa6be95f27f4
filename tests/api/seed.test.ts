import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { modules, permissions, rolePermissions, roles } from '../../server/db/schema/access';
import { clubs } from '../../server/db/schema/clubs';
import { clubMemberships } from '../../server/db/schema/memberships';
import { userOnboarding } from '../../server/db/schema/onboarding';
import { users } from '../../server/db/schema/users';
import type { Db } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/prepare';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_CLUB_NAME, DEMO_PASSWORD, demoAccounts } from '../../server/db/seed/demo-accounts';
import { seedReference } from '../../server/db/seed/reference';
import { roleNames } from '../../contract/roles.schema';
import { describeEachDatabase, login } from './support/test-app';

async function counts(db: Db) {
  const [u] = await db.select({ n: count() }).from(users);
  const [c] = await db.select({ n: count() }).from(clubs);
  const [m] = await db.select({ n: count() }).from(clubMemberships);
  const [o] = await db.select({ n: count() }).from(userOnboarding);
  const [r] = await db.select({ n: count() }).from(roles);
  const [mo] = await db.select({ n: count() }).from(modules);
  const [p] = await db.select({ n: count() }).from(permissions);
  const [rp] = await db.select({ n: count() }).from(rolePermissions);
  return {
    users: u?.n,
    clubs: c?.n,
    memberships: m?.n,
    onboarding: o?.n,
    roles: r?.n,
    modules: mo?.n,
    permissions: p?.n,
    rolePermissions: rp?.n,
  };
}

describeEachDatabase('the seeds', (ctx) => {
  it('creates the six roles, nine modules and 37 permissions of the specification', async () => {
    const roleRows = await ctx.db.select().from(roles);
    expect(roleRows.map((role) => role.name).sort()).toEqual([...roleNames].sort());
    const priority = Object.fromEntries(roleRows.map((role) => [role.name, role.priority]));
    // Super Admin > Propietario > Contador > Entrenador > Padre/Acudiente > Jugador
    expect(priority['Super Admin']).toBeGreaterThan(priority['Propietario del Club']!);
    expect(priority['Propietario del Club']).toBeGreaterThan(priority.Contador!);
    expect(priority.Contador).toBeGreaterThan(priority.Entrenador!);
    expect(priority.Entrenador).toBeGreaterThan(priority['Padre/Acudiente']!);
    expect(priority['Padre/Acudiente']).toBeGreaterThan(priority.Jugador!);

    expect(await counts(ctx.db)).toMatchObject({ modules: 9, permissions: 37 });
    const [settings] = await ctx.db
      .select()
      .from(permissions)
      .where(eq(permissions.name, 'settings.manage'));
    expect(settings).toMatchObject({ moduleId: null, action: 'manage' });
  });

  it('creates the demo club and accounts on an empty users table', async () => {
    expect(await seedDemoIfEmpty(ctx.db)).toBe(true);

    const [club] = await ctx.db.select().from(clubs).where(eq(clubs.name, DEMO_CLUB_NAME));
    expect(club).toBeDefined();
    for (const account of demoAccounts) {
      const [user] = await ctx.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toMatchObject({
        name: account.name,
        lastname: account.lastname,
        isSuperAdmin: account.isSuperAdmin,
        currentClubId: account.role ? club!.id : null,
      });
      const held = await ctx.db
        .select({ role: roles.name })
        .from(clubMemberships)
        .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
        .where(and(eq(clubMemberships.userId, user!.id), eq(clubMemberships.clubId, club!.id)));
      expect(held.map((row) => row.role)).toEqual(account.role ? [account.role] : []);
      const [onboarding] = await ctx.db
        .select()
        .from(userOnboarding)
        .where(eq(userOnboarding.userId, user!.id));
      expect(onboarding?.completed, account.email).toBe(account.onboardingCompleted);
    }
  });

  it('lets every demo account log in with the demo password', async () => {
    for (const account of demoAccounts) {
      expect((await login(ctx, account.email, DEMO_PASSWORD)).statusCode, account.email).toBe(200);
    }
  });

  it('creates nothing twice when the seeds and the start-up run again', async () => {
    const before = await counts(ctx.db);
    expect(await seedDemoIfEmpty(ctx.db)).toBe(false);
    await seedReference(ctx.db);
    expect(await prepareDatabase(ctx.handle, { demo: true })).toEqual({ demoSeeded: false });
    expect(await counts(ctx.db)).toEqual(before);
    expect(before).toMatchObject({
      users: demoAccounts.length,
      clubs: 1,
      memberships: 6,
      onboarding: demoAccounts.length,
      roles: 6,
    });
  });

  it('does not grant again a default permission an admin removed', async () => {
    const [owner] = await ctx.db.select().from(roles).where(eq(roles.name, 'Propietario del Club'));
    const [manage] = await ctx.db
      .select()
      .from(permissions)
      .where(eq(permissions.name, 'settings.manage'));
    const where = and(
      eq(rolePermissions.roleId, owner!.id),
      eq(rolePermissions.permissionId, manage!.id),
    );
    expect(await ctx.db.select().from(rolePermissions).where(where)).toHaveLength(1);

    await ctx.db.delete(rolePermissions).where(where);
    await seedReference(ctx.db);
    expect(await ctx.db.select().from(rolePermissions).where(where)).toHaveLength(0);
  });
});
