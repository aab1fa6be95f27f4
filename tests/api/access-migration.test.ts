import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  clubRoleModuleOverrides,
  clubRolePermissions,
  modules,
  permissions,
  rolePermissions,
  roles,
} from '../../server/db/schema/access';
import { migrationsFolder } from '../../server/db/client';
import { roleDefaults } from '../../server/db/seed/reference';
import { createClub } from './support/clubs';
import { describeEachDatabase, registerUser } from './support/test-app';

/*
 * Migration 0034 (issue #33 item 2): payments.create became "send a proof of payment",
 * which the player does too. A database seeded before it (Jugador without
 * payments.create, a club that customised Jugador's payments module with payments.view)
 * ends up as a fresh seed would: the default granted, the club's override too.
 */
describeEachDatabase('Migration 0034: the families keep sending proofs', (ctx) => {
  const statements = readFileSync(
    path.join(migrationsFolder, '0034_access_fits_jobs.sql'),
    'utf8',
  ).split('--> statement-breakpoint');

  const idOf = async (table: typeof roles | typeof permissions, name: string) => {
    const [row] = await ctx.db.select({ id: table.id }).from(table).where(eq(table.name, name));
    return row!.id;
  };

  it('grants Jugador payments.create by default and where a club customised its payments', async () => {
    expect(roleDefaults.Jugador).toContain('payments.create');
    const player = await idOf(roles, 'Jugador');
    const view = await idOf(permissions, 'payments.view');
    const create = await idOf(permissions, 'payments.create');
    const [payments] = await ctx.db
      .select({ id: modules.id })
      .from(modules)
      .where(eq(modules.slug, 'payments'));
    const owner = await registerUser(ctx);
    const clubId = (await createClub(ctx, owner.token, { name: 'Club de antes de 0034' })).id;

    // As before the migration: no default, and a club override with payments.view only.
    await ctx.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, player), eq(rolePermissions.permissionId, create)));
    await ctx.db
      .insert(clubRoleModuleOverrides)
      .values({ clubId, roleId: player, moduleId: payments!.id, updatedAt: new Date() });
    await ctx.db.insert(clubRolePermissions).values({ clubId, roleId: player, permissionId: view });

    for (const statement of statements) await ctx.db.execute(sql.raw(statement));
    // Running it twice changes nothing more.
    for (const statement of statements) await ctx.db.execute(sql.raw(statement));

    const defaults = await ctx.db
      .select()
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, player), eq(rolePermissions.permissionId, create)));
    expect(defaults).toHaveLength(1);
    const overrides = await ctx.db
      .select({ permissionId: clubRolePermissions.permissionId })
      .from(clubRolePermissions)
      .where(and(eq(clubRolePermissions.clubId, clubId), eq(clubRolePermissions.roleId, player)));
    expect(overrides.map((row) => row.permissionId).sort()).toEqual([view, create].sort());
  });
});
