import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  availableModulesResponseSchema,
  moduleAccessResponseSchema,
  moduleListResponseSchema,
  moduleMessages,
  modulePermissionsResponseSchema,
  permissionListResponseSchema,
} from '../../contract/modules.schema';
import { roleConfigurationResponseSchema } from '../../contract/roles.schema';
import { type User, moduleSlugs, userSchema } from '../../contract/users.schema';
import { modules, permissions, roles } from '../../server/db/schema/access';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

async function tokenFor(ctx: TestContext, email: string): Promise<string> {
  const response = await login(ctx, email, DEMO_PASSWORD);
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

async function moduleId(ctx: TestContext, slug: string): Promise<number> {
  const [row] = await ctx.db.select({ id: modules.id }).from(modules).where(eq(modules.slug, slug));
  return row!.id;
}

async function roleId(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row!.id;
}

async function permissionIds(ctx: TestContext, slug: string): Promise<Record<string, number>> {
  const rows = await ctx.db
    .select({ id: permissions.id, action: permissions.action })
    .from(permissions)
    .where(eq(permissions.moduleId, await moduleId(ctx, slug)));
  return Object.fromEntries(rows.map((row) => [row.action, row.id]));
}

async function me(ctx: TestContext, token: string): Promise<User> {
  const response = await ctx.request({ method: 'GET', url: '/api/user', token });
  return userSchema.parse(response.json());
}

describeEachDatabase(
  'Modules and permissions API',
  (ctx) => {
    it('answers 401 to an anonymous caller on every modules and admin route', async () => {
      for (const [method, url] of [
        ['GET', '/api/user/available-modules'],
        ['GET', '/api/modules'],
        ['GET', '/api/permissions'],
        ['GET', '/api/modules/1/access'],
        ['GET', '/api/modules/1/permissions/view'],
        ['GET', '/api/admin/modules'],
        ['POST', '/api/admin/modules'],
        ['PUT', '/api/admin/modules/1'],
        ['DELETE', '/api/admin/modules/1'],
        ['PUT', '/api/admin/modules/1/toggle'],
        ['GET', '/api/admin/modules/1/permissions'],
        ['POST', '/api/admin/roles/permissions'],
        ['GET', '/api/admin/roles'],
        ['GET', '/api/admin/roles/1/configuration'],
      ] as const) {
        const response = await ctx.request({
          method,
          url,
          body: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it("gives a trainer the modules and permissions of their club's role", async () => {
      const token = await tokenFor(ctx, 'entrenador@demo.club');
      const response = await ctx.request({
        method: 'GET',
        url: '/api/user/available-modules',
        token,
      });
      expect(response.statusCode).toBe(200);
      const { data } = availableModulesResponseSchema.parse(response.json());
      expect(data.modules.map((module) => module.slug).sort()).toEqual([
        'communications',
        'players',
        'reports',
        'sessions',
      ]);
      expect(data.permissions).toContain('sessions.create');
      expect(data.permissions).not.toContain('players.create');
    });

    it('lists the nine modules and every permission to any signed-in user', async () => {
      const user = await registerUser(ctx);
      const list = await ctx.request({ method: 'GET', url: '/api/modules', token: user.token });
      expect(
        moduleListResponseSchema
          .parse(list.json())
          .data.map((m) => m.slug)
          .sort(),
      ).toEqual([...moduleSlugs].sort());
      const all = await ctx.request({ method: 'GET', url: '/api/permissions', token: user.token });
      const names = permissionListResponseSchema.parse(all.json()).data.map((p) => p.name);
      expect(names).toContain('players.view');
      expect(names).toContain('settings.manage');
    });

    it("answers a module's access and one permission for the user's current club", async () => {
      const token = await tokenFor(ctx, 'entrenador@demo.club');
      const sessions = await moduleId(ctx, 'sessions');
      const access = await ctx.request({
        method: 'GET',
        url: `/api/modules/${sessions}/access`,
        token,
      });
      expect(moduleAccessResponseSchema.parse(access.json()).data).toMatchObject({
        slug: 'sessions',
        enabled: true,
        has_access: true,
        permissions: { view: true, create: true, update: true, delete: false },
      });
      const payments = await moduleId(ctx, 'payments');
      const none = await ctx.request({
        method: 'GET',
        url: `/api/modules/${payments}/access`,
        token,
      });
      expect(none.json()).toMatchObject({ data: { has_access: false } });

      const allowed = await ctx.request({
        method: 'GET',
        url: `/api/modules/${sessions}/permissions/create`,
        token,
      });
      expect(allowed.json()).toEqual({
        data: { module_id: sessions, permission: 'sessions.create', allowed: true },
      });
      const refused = await ctx.request({
        method: 'GET',
        url: `/api/modules/${sessions}/permissions/delete`,
        token,
      });
      expect(refused.json()).toMatchObject({ data: { allowed: false } });

      const badAction = await ctx.request({
        method: 'GET',
        url: `/api/modules/${sessions}/permissions/borrar`,
        token,
      });
      expect(badAction.statusCode).toBe(400);
      const missing = await ctx.request({ method: 'GET', url: '/api/modules/99999/access', token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: moduleMessages.moduleNotFound });
    });

    it("lets an owner (settings.manage) read the admin configuration and change their club's roles, not the modules", async () => {
      const token = await tokenFor(ctx, 'propietario@demo.club');
      const players = await moduleId(ctx, 'players');
      const trainerRole = await roleId(ctx, 'Entrenador');
      for (const url of [
        '/api/admin/modules',
        '/api/admin/roles',
        `/api/admin/modules/${players}/permissions`,
        `/api/admin/roles/${trainerRole}/configuration`,
      ]) {
        const response = await ctx.request({ method: 'GET', url, token });
        expect(response.statusCode, url).toBe(200);
      }

      // The same grants as the defaults, so the rest of this suite sees no difference.
      const reports = await permissionIds(ctx, 'reports');
      const written = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token,
        body: {
          role_id: trainerRole,
          module_id: await moduleId(ctx, 'reports'),
          permission_ids: [reports.view],
        },
      });
      expect(written.statusCode).toBe(200);
      const config = roleConfigurationResponseSchema.parse(written.json()).data;
      const demoClub = (await me(ctx, token)).current_club_id;
      expect(config).toMatchObject({ club_id: demoClub, editable: true, read_only_reason: null });
      expect(config.modules.find((module) => module.slug === 'reports')?.customised).toBe(true);
      expect(config.modules.find((module) => module.slug === 'players')?.customised).toBe(false);

      const toggle = await ctx.request({
        method: 'PUT',
        url: `/api/admin/modules/${players}/toggle`,
        token,
        body: { is_active: false },
      });
      expect(toggle.statusCode).toBe(403);
      expect(toggle.json()).toEqual({ message: moduleMessages.superAdminOnly });

      const platform = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token,
        body: { club_id: null, role_id: trainerRole, module_id: players, permission_ids: [] },
      });
      expect(platform.statusCode).toBe(403);
      expect(platform.json()).toEqual({ message: moduleMessages.superAdminOnly });
    });

    it('refuses the admin routes to a member without settings.manage', async () => {
      const token = await tokenFor(ctx, 'entrenador@demo.club');
      for (const [method, url, body] of [
        ['GET', '/api/admin/modules', undefined],
        ['GET', '/api/admin/roles', undefined],
        ['GET', '/api/admin/roles/1/configuration', undefined],
        ['POST', '/api/admin/roles/permissions', { role_id: 1, module_id: 1, permission_ids: [] }],
        ['PUT', '/api/admin/modules/1/toggle', { is_active: false }],
      ] as const) {
        const response = await ctx.request({ method, url, token, body });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ message: moduleMessages.notAdmin });
      }
    });

    it('switches a module off and on as super admin; its members lose access meanwhile', async () => {
      const admin = await tokenFor(ctx, 'admin@demo.club');
      const reports = await moduleId(ctx, 'reports');
      const off = await ctx.request({
        method: 'PUT',
        url: `/api/admin/modules/${reports}/toggle`,
        token: admin,
        body: { is_active: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ data: { slug: 'reports', is_active: false } });

      const trainer = await tokenFor(ctx, 'entrenador@demo.club');
      const access = await ctx.request({
        method: 'GET',
        url: `/api/modules/${reports}/access`,
        token: trainer,
      });
      expect(access.json()).toMatchObject({ data: { enabled: false, has_access: false } });

      const on = await ctx.request({
        method: 'PUT',
        url: `/api/admin/modules/${reports}/toggle`,
        token: admin,
        body: { is_active: true },
      });
      expect(on.json()).toMatchObject({ data: { is_active: true } });

      const bad = await ctx.request({
        method: 'PUT',
        url: `/api/admin/modules/${reports}/toggle`,
        token: admin,
        body: { is_active: 'sí' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ errors: [{ path: 'is_active' }] });
    });

    it('updates, deletes and re-creates a module as super admin', async () => {
      const admin = await tokenFor(ctx, 'admin@demo.club');
      const communications = await moduleId(ctx, 'communications');
      const renamed = await ctx.request({
        method: 'PUT',
        url: `/api/admin/modules/${communications}`,
        token: admin,
        body: { name: 'Mensajes', order_index: 20 },
      });
      expect(renamed.json()).toMatchObject({
        data: { name: 'Mensajes', order_index: 20, slug: 'communications' },
      });

      const taken = await ctx.request({
        method: 'POST',
        url: '/api/admin/modules',
        token: admin,
        body: { slug: 'communications', name: 'Otra', category: 'analytics' },
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toMatchObject({ message: moduleMessages.slugTaken });

      const deleted = await ctx.request({
        method: 'DELETE',
        url: `/api/admin/modules/${communications}`,
        token: admin,
      });
      expect(deleted.statusCode).toBe(204);

      const created = await ctx.request({
        method: 'POST',
        url: '/api/admin/modules',
        token: admin,
        body: {
          slug: 'communications',
          name: 'Comunicaciones',
          category: 'analytics',
          order_index: 8,
        },
      });
      expect(created.statusCode).toBe(201);
      const newId = created.json<{ data: { id: number } }>().data.id;
      const perms = await ctx.request({
        method: 'GET',
        url: `/api/admin/modules/${newId}/permissions`,
        token: admin,
      });
      expect(
        modulePermissionsResponseSchema
          .parse(perms.json())
          .data.permissions.map((p) => p.action)
          .sort(),
      ).toEqual(['create', 'delete', 'update', 'view']);

      const unknownSlug = await ctx.request({
        method: 'POST',
        url: '/api/admin/modules',
        token: admin,
        body: { slug: 'inventario', name: 'Inventario', category: 'operations' },
      });
      expect(unknownSlug.statusCode).toBe(400);
      const missing = await ctx.request({
        method: 'DELETE',
        url: '/api/admin/modules/99999',
        token: admin,
      });
      expect(missing.statusCode).toBe(404);
    });
  },
  { demo: true },
);
