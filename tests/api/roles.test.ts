import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { clubMessages } from '../../contract/clubs.schema';
import {
  availableModulesResponseSchema,
  moduleMessages,
  modulePermissionsResponseSchema,
} from '../../contract/modules.schema';
import { CLUB_HEADER } from '../../contract/common.schema';
import {
  roleConfigurationResponseSchema,
  roleListResponseSchema,
  roleMessages,
} from '../../contract/roles.schema';
import {
  type User,
  moduleActions,
  userPermissionsSchema,
  userSchema,
} from '../../contract/users.schema';
import { type RoleName } from '../../contract/roles.schema';
import {
  clubRoleModuleOverrides,
  clubRolePermissions,
  modules,
  permissions,
  roles,
} from '../../server/db/schema/access';
import { addMembership, createClub, superAdmin } from './support/clubs';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

type Account = { id: number; token: string };
type Configuration = ReturnType<typeof roleConfigurationResponseSchema.parse>['data'];

async function roleIdOf(ctx: TestContext, name: RoleName): Promise<number> {
  const [row] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`No role ${name}`);
  return row.id;
}

async function moduleIdOf(ctx: TestContext, slug: string): Promise<number> {
  const [row] = await ctx.db.select({ id: modules.id }).from(modules).where(eq(modules.slug, slug));
  if (!row) throw new Error(`No module ${slug}`);
  return row.id;
}

/** The ids of `slug.<action>` for the given actions. */
async function permissionIdsOf(
  ctx: TestContext,
  slug: string,
  actions: readonly string[],
): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: permissions.id, action: permissions.action })
    .from(permissions)
    .where(eq(permissions.moduleId, await moduleIdOf(ctx, slug)));
  return rows.filter((row) => actions.includes(row.action)).map((row) => row.id);
}

const grantedIn = (config: Configuration, slug: string) =>
  config.modules
    .find((module) => module.slug === slug)
    ?.permissions.filter((permission) => permission.granted)
    .map((permission) => permission.action)
    .sort();

describeEachDatabase('Per-club role permissions', (ctx) => {
  let ownerA: Account;
  let ownerB: Account;
  let trainer: Account;
  let admin: Account;
  let clubA = 0;
  let clubB = 0;
  let foreignClub = 0;

  /** `GET /api/user` as `account`, with `X-Club-Id: clubId` when given. */
  async function me(account: Account, clubId?: number | string): Promise<User> {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/user',
      token: account.token,
      headers: clubId === undefined ? {} : { [CLUB_HEADER]: String(clubId) },
    });
    expect(response.statusCode).toBe(200);
    return userSchema.parse(response.json());
  }

  /** `POST /api/admin/roles/permissions` as `account`. */
  async function setPermissions(
    account: Account,
    body: {
      role: RoleName;
      module: string;
      actions: readonly string[];
      club_id?: number | null;
    },
  ) {
    return ctx.request({
      method: 'POST',
      url: '/api/admin/roles/permissions',
      token: account.token,
      body: {
        role_id: await roleIdOf(ctx, body.role),
        module_id: await moduleIdOf(ctx, body.module),
        permission_ids: await permissionIdsOf(ctx, body.module, body.actions),
        ...(body.club_id !== undefined ? { club_id: body.club_id } : {}),
      },
    });
  }

  async function configuration(account: Account, role: RoleName, query = '') {
    return ctx.request({
      method: 'GET',
      url: `/api/admin/roles/${await roleIdOf(ctx, role)}/configuration${query}`,
      token: account.token,
    });
  }

  beforeAll(async () => {
    ownerA = await registerUser(ctx);
    clubA = (await createClub(ctx, ownerA.token, { name: 'Club A' })).id;
    ownerB = await registerUser(ctx);
    clubB = (await createClub(ctx, ownerB.token, { name: 'Club B' })).id;
    const stranger = await registerUser(ctx);
    foreignClub = (await createClub(ctx, stranger.token, { name: 'Club ajeno' })).id;
    // A trainer in both clubs; with no current club, club A (the first membership) applies.
    trainer = await registerUser(ctx);
    await addMembership(ctx, trainer.id, clubA, 'Entrenador');
    await addMembership(ctx, trainer.id, clubB, 'Entrenador');
    admin = await superAdmin(ctx);
  });

  it('lets an owner narrow and widen what trainers may do in their club only', async () => {
    const widened = await setPermissions(ownerA, {
      role: 'Entrenador',
      module: 'players',
      actions: ['view', 'create'],
    });
    expect(widened.statusCode).toBe(200);
    const wide = roleConfigurationResponseSchema.parse(widened.json()).data;
    expect(wide.club_id).toBe(clubA);
    expect(grantedIn(wide, 'players')).toEqual(['create', 'view']);
    expect((await me(trainer, clubA)).permissions).toContain('players.create');
    expect((await me(trainer, clubB)).permissions).not.toContain('players.create');

    const narrowed = await setPermissions(ownerA, {
      role: 'Entrenador',
      module: 'players',
      actions: [],
    });
    expect(narrowed.statusCode).toBe(200);
    const narrow = roleConfigurationResponseSchema.parse(narrowed.json()).data;
    expect(narrow.modules.find((module) => module.slug === 'players')).toMatchObject({
      customised: true,
    });
    expect(grantedIn(narrow, 'players')).toEqual([]);
    expect(grantedIn(narrow, 'sessions')).toEqual(['create', 'update', 'view']);

    const inA = await me(trainer, clubA);
    expect(inA.current_club_id).toBe(clubA);
    expect(inA.permissions).not.toContain('players.view');
    expect(inA.permissions).toContain('sessions.view');
    expect(inA.modules.map((module) => module.slug).sort()).toEqual([
      'communications',
      'reports',
      'sessions',
    ]);
    expect(inA.permissions_by_module.players).toBeUndefined();

    const inB = await me(trainer, clubB);
    expect(inB.current_club_id).toBe(clubB);
    expect(inB.permissions).toContain('players.view');
    expect(inB.modules.map((module) => module.slug)).toContain('players');

    const players = await moduleIdOf(ctx, 'players');
    for (const [clubId, allowed] of [
      [clubA, false],
      [clubB, true],
    ] as const) {
      const headers = { [CLUB_HEADER]: String(clubId) };
      const access = await ctx.request({
        method: 'GET',
        url: `/api/modules/${players}/access`,
        token: trainer.token,
        headers,
      });
      expect(access.json()).toMatchObject({ data: { has_access: allowed } });
      const view = await ctx.request({
        method: 'GET',
        url: `/api/modules/${players}/permissions/view`,
        token: trainer.token,
        headers,
      });
      expect(view.json()).toMatchObject({ data: { allowed } });
      const available = await ctx.request({
        method: 'GET',
        url: '/api/user/available-modules',
        token: trainer.token,
        headers,
      });
      const { data } = availableModulesResponseSchema.parse(available.json());
      expect(data.permissions.includes('players.view'), `club ${clubId}`).toBe(allowed);
      const mine = await ctx.request({
        method: 'GET',
        url: '/api/user/permissions',
        token: trainer.token,
        headers,
      });
      const parsed = userPermissionsSchema.parse(mine.json());
      expect(parsed.permissions.includes('players.view'), `club ${clubId}`).toBe(allowed);
    }
  });

  it("makes the club guard follow the club's grants, over the defaults both ways", async () => {
    const get = (account: Account, clubId: number) =>
      ctx.request({ method: 'GET', url: `/api/pla_club_teams/${clubId}`, token: account.token });
    const allClub = moduleActions;
    const withoutView = ['create', 'update', 'delete'];
    try {
      // Club A takes club.view away from its owners: refused there, club B unaffected.
      const narrowed = await setPermissions(admin, {
        role: 'Propietario del Club',
        module: 'club',
        actions: withoutView,
        club_id: clubA,
      });
      expect(narrowed.statusCode).toBe(200);
      const refused = await get(ownerA, clubA);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: clubMessages.forbidden });
      expect((await get(ownerB, clubB)).statusCode).toBe(200);

      // The defaults lose club.view and club A grants it back: only club A's owner passes.
      const defaults = await setPermissions(admin, {
        role: 'Propietario del Club',
        module: 'club',
        actions: withoutView,
        club_id: null,
      });
      expect(defaults.statusCode).toBe(200);
      await setPermissions(admin, {
        role: 'Propietario del Club',
        module: 'club',
        actions: allClub,
        club_id: clubA,
      });
      expect((await get(ownerA, clubA)).statusCode).toBe(200);
      expect((await get(ownerB, clubB)).statusCode).toBe(403);

      // A module switched off stays off, whatever the club grants.
      const club = await moduleIdOf(ctx, 'club');
      await ctx.request({
        method: 'PUT',
        url: `/api/admin/modules/${club}/toggle`,
        token: admin.token,
        body: { is_active: false },
      });
      const disabled = await get(ownerA, clubA);
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json()).toEqual({ message: clubMessages.moduleDisabled });
    } finally {
      await ctx.request({
        method: 'PUT',
        url: `/api/admin/modules/${await moduleIdOf(ctx, 'club')}/toggle`,
        token: admin.token,
        body: { is_active: true },
      });
      const restored = await setPermissions(admin, {
        role: 'Propietario del Club',
        module: 'club',
        actions: allClub,
        club_id: null,
      });
      expect(restored.statusCode).toBe(200);
    }
    expect((await get(ownerB, clubB)).statusCode).toBe(200);
  });

  it('refuses an owner another club (404), the owner role and Super Admin (403), and the defaults', async () => {
    const otherClub = await setPermissions(ownerA, {
      role: 'Entrenador',
      module: 'sessions',
      actions: [],
      club_id: clubB,
    });
    expect(otherClub.statusCode).toBe(404);
    expect(otherClub.json()).toEqual({ message: clubMessages.notFound });
    const otherRead = await configuration(ownerA, 'Entrenador', `?club_id=${clubB}`);
    expect(otherRead.statusCode).toBe(404);
    expect(otherRead.json()).toEqual({ message: clubMessages.notFound });

    const ownRole = await setPermissions(ownerA, {
      role: 'Propietario del Club',
      module: 'players',
      actions: ['view'],
    });
    expect(ownRole.statusCode).toBe(403);
    expect(ownRole.json()).toEqual({ message: roleMessages.ownRole });
    const ownRead = await configuration(ownerA, 'Propietario del Club');
    expect(ownRead.statusCode).toBe(200);
    expect(roleConfigurationResponseSchema.parse(ownRead.json()).data).toMatchObject({
      club_id: clubA,
      editable: false,
      read_only_reason: roleMessages.ownRole,
    });

    const superRole = await setPermissions(ownerA, {
      role: 'Super Admin',
      module: 'players',
      actions: [],
    });
    expect(superRole.statusCode).toBe(403);
    expect(superRole.json()).toEqual({ message: roleMessages.superAdminRoleFixed });

    const platform = await configuration(ownerA, 'Entrenador', '?scope=platform');
    expect(platform.statusCode).toBe(403);
    expect(platform.json()).toEqual({ message: moduleMessages.superAdminOnly });

    const trainerRead = await configuration(ownerA, 'Entrenador');
    expect(roleConfigurationResponseSchema.parse(trainerRead.json()).data).toMatchObject({
      club_id: clubA,
      editable: true,
      read_only_reason: null,
    });
  });

  it('refuses a trainer, even one who owns another club, the roles of the club they train in', async () => {
    const refused = await setPermissions(trainer, {
      role: 'Entrenador',
      module: 'sessions',
      actions: [],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: moduleMessages.notAdmin });
    expect((await configuration(trainer, 'Entrenador')).statusCode).toBe(403);

    const ownerElsewhere = await registerUser(ctx);
    await createClub(ctx, ownerElsewhere.token, { name: 'Club propio' });
    await addMembership(ctx, ownerElsewhere.id, clubA, 'Entrenador');
    const inA = await setPermissions(ownerElsewhere, {
      role: 'Entrenador',
      module: 'sessions',
      actions: [],
      club_id: clubA,
    });
    expect(inA.statusCode).toBe(403);
    expect(inA.json()).toEqual({ message: moduleMessages.notAdmin });
    const readA = await configuration(ownerElsewhere, 'Entrenador', `?club_id=${clubA}`);
    expect(readA.statusCode).toBe(403);
  });

  it('lets a super admin edit the platform defaults (club_id null) and any club (club_id)', async () => {
    const base = await configuration(admin, 'Entrenador', '?scope=platform');
    expect(base.statusCode).toBe(200);
    const before = roleConfigurationResponseSchema.parse(base.json()).data;
    expect(before).toMatchObject({ club_id: null, editable: true });
    expect(before.modules.every((module) => !module.customised)).toBe(true);
    const defaultCommunications = grantedIn(before, 'communications') ?? [];
    try {
      const platform = await setPermissions(admin, {
        role: 'Entrenador',
        module: 'communications',
        actions: ['view', 'create'],
        club_id: null,
      });
      expect(platform.statusCode).toBe(200);
      const defaults = roleConfigurationResponseSchema.parse(platform.json()).data;
      expect(defaults.club_id).toBeNull();
      expect(grantedIn(defaults, 'communications')).toEqual(['create', 'view']);
      // Clubs that never customised the module follow the new default.
      expect((await me(trainer, clubB)).permissions).toContain('communications.create');

      const inB = await setPermissions(admin, {
        role: 'Entrenador',
        module: 'communications',
        actions: [],
        club_id: clubB,
      });
      expect(inB.statusCode).toBe(200);
      const clubConfig = roleConfigurationResponseSchema.parse(inB.json()).data;
      expect(clubConfig.club_id).toBe(clubB);
      expect(clubConfig.modules.find((m) => m.slug === 'communications')?.customised).toBe(true);
      expect((await me(trainer, clubB)).permissions).not.toContain('communications.view');
      expect((await me(trainer, clubA)).permissions).toContain('communications.create');

      const read = await configuration(admin, 'Entrenador', `?club_id=${clubB}`);
      expect(
        grantedIn(roleConfigurationResponseSchema.parse(read.json()).data, 'communications'),
      ).toEqual([]);
      const owner = await configuration(admin, 'Propietario del Club', `?club_id=${clubB}`);
      expect(roleConfigurationResponseSchema.parse(owner.json()).data.editable).toBe(true);
    } finally {
      await setPermissions(admin, {
        role: 'Entrenador',
        module: 'communications',
        actions: defaultCommunications,
        club_id: null,
      });
    }

    const superRole = await configuration(admin, 'Super Admin', '?scope=platform');
    expect(roleConfigurationResponseSchema.parse(superRole.json()).data).toMatchObject({
      editable: false,
      read_only_reason: roleMessages.superAdminRoleFixed,
    });
    const fixed = await setPermissions(admin, {
      role: 'Super Admin',
      module: 'players',
      actions: [],
      club_id: null,
    });
    expect(fixed.statusCode).toBe(403);
    expect(fixed.json()).toEqual({ message: roleMessages.superAdminRoleFixed });

    const missing = await configuration(admin, 'Entrenador', '?club_id=2147483647');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: clubMessages.notFound });
    // This super admin belongs to no club: without one named, there is nothing to configure.
    const noClub = await configuration(admin, 'Entrenador');
    expect(noClub.statusCode).toBe(403);
    expect(noClub.json()).toEqual({ message: roleMessages.noClub });
  });

  it('computes GET /api/user for the X-Club-Id club of a member, and ignores a foreign or invalid one', async () => {
    expect((await me(trainer)).current_club_id).toBe(clubA);
    const inB = await me(trainer, clubB);
    expect(inB.current_club_id).toBe(clubB);
    expect(inB.roles).toEqual([{ name: 'Entrenador' }]);
    for (const ignored of [foreignClub, 'abc', '0', '-1', '99999999999']) {
      const user = await me(trainer, ignored);
      expect(user.current_club_id, String(ignored)).toBe(clubA);
      expect(user.listClub.map((club) => club.id).sort()).toEqual([clubA, clubB].sort());
    }

    // A super admin may work in any club that exists.
    const asAdmin = await me(admin, clubB);
    expect(asAdmin.current_club_id).toBe(clubB);
    expect(asAdmin.listClub.map((club) => club.id)).toContain(clubB);
    expect((await me(admin, 2_147_483_647)).current_club_id).toBeNull();

    // The role configuration follows the header too.
    const second = (await createClub(ctx, ownerA.token, { name: 'Club A2' })).id;
    const viaHeader = await ctx.request({
      method: 'GET',
      url: `/api/admin/roles/${await roleIdOf(ctx, 'Entrenador')}/configuration`,
      token: ownerA.token,
      headers: { [CLUB_HEADER]: String(second) },
    });
    expect(roleConfigurationResponseSchema.parse(viaHeader.json()).data.club_id).toBe(second);
    const foreign = await ctx.request({
      method: 'GET',
      url: `/api/admin/roles/${await roleIdOf(ctx, 'Entrenador')}/configuration`,
      token: ownerA.token,
      headers: { [CLUB_HEADER]: String(foreignClub) },
    });
    expect(roleConfigurationResponseSchema.parse(foreign.json()).data.club_id).toBe(clubA);
  });

  it('writes nothing when a club write is refused', async () => {
    const trainerRole = await roleIdOf(ctx, 'Entrenador');
    const sessions = await moduleIdOf(ctx, 'sessions');
    const [playersView] = await permissionIdsOf(ctx, 'players', ['view']);
    const [sessionsView] = await permissionIdsOf(ctx, 'sessions', ['view']);
    for (const permissionIds of [
      [sessionsView!, playersView!],
      [sessionsView!, 2_000_000_000],
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token: ownerA.token,
        body: { role_id: trainerRole, module_id: sessions, permission_ids: permissionIds },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: roleMessages.permissionOutsideModule,
        errors: [{ path: 'permission_ids' }],
      });
    }
    const incompatible = await setPermissions(ownerA, {
      role: 'Entrenador',
      module: 'payments',
      actions: ['view'],
    });
    expect(incompatible.statusCode).toBe(422);
    expect(incompatible.json()).toMatchObject({ errors: [{ path: 'module_id' }] });

    const overrides = await ctx.db
      .select()
      .from(clubRoleModuleOverrides)
      .where(
        and(
          eq(clubRoleModuleOverrides.clubId, clubA),
          eq(clubRoleModuleOverrides.roleId, trainerRole),
        ),
      );
    // Only the players module, from the first test.
    expect(overrides.map((row) => row.moduleId)).toEqual([await moduleIdOf(ctx, 'players')]);
    expect(overrides[0]?.updatedBy).toBe(ownerA.id);
    const grants = await ctx.db
      .select()
      .from(clubRolePermissions)
      .where(
        and(eq(clubRolePermissions.clubId, clubA), eq(clubRolePermissions.roleId, trainerRole)),
      );
    expect(grants).toEqual([]);
    const config = roleConfigurationResponseSchema.parse(
      (await configuration(ownerA, 'Entrenador')).json(),
    ).data;
    expect(config.modules.find((module) => module.slug === 'sessions')?.customised).toBe(false);
    expect(grantedIn(config, 'sessions')).toEqual(['create', 'update', 'view']);
  });
});

async function tokenFor(ctx: TestContext, email: string): Promise<string> {
  const response = await login(ctx, email, DEMO_PASSWORD);
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

const moduleId = moduleIdOf;
const roleId = roleIdOf;

async function permissionIds(ctx: TestContext, slug: string): Promise<Record<string, number>> {
  const rows = await ctx.db
    .select({ id: permissions.id, action: permissions.action })
    .from(permissions)
    .where(eq(permissions.moduleId, await moduleId(ctx, slug)));
  return Object.fromEntries(rows.map((row) => [row.action, row.id]));
}

/** The demo club's roles against the platform defaults (moved from modules.test.ts). */
describeEachDatabase(
  'Roles API (platform defaults, demo data)',
  (ctx) => {
    it('lists the roles from the highest priority down', async () => {
      const token = await tokenFor(ctx, 'propietario@demo.club');
      const response = await ctx.request({ method: 'GET', url: '/api/admin/roles', token });
      expect(response.statusCode).toBe(200);
      const names = roleListResponseSchema.parse(response.json()).data.map((role) => role.name);
      expect(names).toEqual([
        'Super Admin',
        'Propietario del Club',
        'Contador',
        'Entrenador',
        'Padre/Acudiente',
        'Jugador',
      ]);
    });

    it("sets a role's default permissions in a compatible module and shows them in its configuration", async () => {
      const admin = await tokenFor(ctx, 'admin@demo.club');
      const trainerRole = await roleId(ctx, 'Entrenador');
      const players = await moduleId(ctx, 'players');
      const ids = await permissionIds(ctx, 'players');

      const response = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token: admin,
        body: {
          club_id: null,
          role_id: trainerRole,
          module_id: players,
          permission_ids: [ids.view, ids.update],
        },
      });

      expect(response.statusCode).toBe(200);
      const config = roleConfigurationResponseSchema.parse(response.json()).data;
      expect(config).toMatchObject({ club_id: null, editable: true, read_only_reason: null });
      const playersRow = config.modules.find((module) => module.slug === 'players');
      expect(
        playersRow?.permissions
          .filter((p) => p.granted)
          .map((p) => p.action)
          .sort(),
      ).toEqual(['update', 'view']);
      expect(config.allowed_modules.sort()).toEqual([
        'communications',
        'players',
        'reports',
        'sessions',
      ]);

      const trainer = await tokenFor(ctx, 'entrenador@demo.club');
      const me = await ctx.request({
        method: 'GET',
        url: '/api/user/available-modules',
        token: trainer,
      });
      expect(me.json<{ data: { permissions: string[] } }>().data.permissions).toContain(
        'players.update',
      );

      const perModule = await ctx.request({
        method: 'GET',
        url: `/api/admin/modules/${players}/permissions`,
        token: admin,
      });
      const roleRow = modulePermissionsResponseSchema
        .parse(perModule.json())
        .data.roles.find((role) => role.role_id === trainerRole);
      expect(roleRow).toMatchObject({
        compatible: true,
        permission_ids: [ids.view, ids.update].sort((a, b) => a! - b!),
      });
    });

    it('refuses a module outside the role column with 422 naming the role and the module', async () => {
      const admin = await tokenFor(ctx, 'admin@demo.club');
      const payments = await moduleId(ctx, 'payments');
      const ids = await permissionIds(ctx, 'payments');
      const response = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token: admin,
        body: {
          role_id: await roleId(ctx, 'Entrenador'),
          module_id: payments,
          permission_ids: [ids.view],
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: roleMessages.incompatible('Entrenador', 'Pagos'),
        errors: [{ path: 'module_id' }],
      });
    });

    it("refuses permissions of another module, an unknown role and a body that isn't valid", async () => {
      const admin = await tokenFor(ctx, 'admin@demo.club');
      const sessions = await moduleId(ctx, 'sessions');
      const playerIds = await permissionIds(ctx, 'players');
      const outside = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token: admin,
        body: {
          role_id: await roleId(ctx, 'Entrenador'),
          module_id: sessions,
          permission_ids: [playerIds.view],
        },
      });
      expect(outside.statusCode).toBe(422);
      expect(outside.json()).toMatchObject({ errors: [{ path: 'permission_ids' }] });

      const unknownRole = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token: admin,
        body: { role_id: 99999, module_id: sessions, permission_ids: [] },
      });
      expect(unknownRole.statusCode).toBe(404);
      expect(unknownRole.json()).toEqual({ message: roleMessages.roleNotFound });

      const bad = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token: admin,
        body: { role_id: 'x', permission_ids: 'todos' },
      });
      expect(bad.statusCode).toBe(400);
    });
  },
  { demo: true },
);
