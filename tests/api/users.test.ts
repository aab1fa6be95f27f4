import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { expect, it } from 'vitest';
import { authMessages } from '../../contract/auth.schema';
import {
  moduleSlugs,
  userPermissionsSchema,
  userSchema,
  type User,
} from '../../contract/users.schema';
import { type Db, schema } from '../../server/db/client';
import { users } from '../../server/db/schema/users';
import { loadUser } from '../../server/features/users/users.service';
import { DEMO_CLUB_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { type TestContext, describeEachDatabase, login } from './support/test-app';

async function tokenFor(ctx: TestContext, email: string): Promise<string> {
  const response = await login(ctx, email, DEMO_PASSWORD);
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

async function me(ctx: TestContext, email: string): Promise<User> {
  const response = await ctx.request({
    method: 'GET',
    url: '/api/user',
    token: await tokenFor(ctx, email),
  });
  expect(response.statusCode).toBe(200);
  return userSchema.parse(response.json());
}

const fullAccess = { view: true, create: true, update: true, delete: true };

describeEachDatabase(
  'GET /api/user',
  (ctx) => {
    it("gives the club owner the owner's role, eight modules with full access and settings.manage", async () => {
      const user = await me(ctx, 'propietario@demo.club');

      expect(user).toMatchObject({
        name: 'Pedro',
        lastname: 'Propietario Ramírez',
        email: 'propietario@demo.club',
        roles: [{ name: 'Propietario del Club' }],
        is_super_admin: false,
        listClub: [{ name: DEMO_CLUB_NAME }],
      });
      expect(user.current_club_id).toBe(user.listClub[0]?.id);
      expect(user.modules.map((module) => module.slug).sort()).toEqual([
        'categories',
        'club',
        'communications',
        'payments',
        'players',
        'reports',
        'sessions',
        'trainers',
      ]);
      expect(user.modules.every((module) => module.enabled)).toBe(true);
      expect(
        user.modules.every(
          (module) => JSON.stringify(module.permissions) === JSON.stringify(fullAccess),
        ),
      ).toBe(true);
      expect(user.permissions).toContain('settings.manage');
      expect(user.permissions).toContain('players.delete');
      expect(user.permissions).not.toContain('system.view');
      expect(user.permissions_by_module.payments).toEqual(['view', 'create', 'update', 'delete']);
      expect(user.permissions_by_module.system).toBeUndefined();
      expect(user.onboarding).toMatchObject({
        completed: true,
        total_steps: 5,
        completed_steps: [1, 2, 3, 4, 5],
        role_name: 'Propietario del Club',
        next_step: null,
        progress_percentage: 100,
      });
    });

    it('gives the trainer only players, sessions, reports and communications, without settings.manage', async () => {
      const user = await me(ctx, 'entrenador@demo.club');

      expect(user.roles).toEqual([{ name: 'Entrenador' }]);
      expect(user.name).toBe('Érika');
      expect(user.permissions).not.toContain('settings.manage');
      expect(user.permissions.sort()).toEqual(
        [
          'communications.view',
          'players.view',
          'reports.view',
          'sessions.create',
          'sessions.update',
          'sessions.view',
        ].sort(),
      );
      expect(user.permissions_by_module).toEqual({
        players: ['view'],
        sessions: ['view', 'create', 'update'],
        reports: ['view'],
        communications: ['view'],
      });
      const sessions = user.modules.find((module) => module.slug === 'sessions');
      expect(sessions?.permissions).toEqual({
        view: true,
        create: true,
        update: true,
        delete: false,
      });
      expect(user.modules.map((module) => module.slug).sort()).toEqual([
        'communications',
        'players',
        'reports',
        'sessions',
      ]);
    });

    it.each([
      [
        'contador@demo.club',
        'Contador',
        { payments: ['view', 'create', 'update', 'delete'], reports: ['view'] },
      ],
      // payments.create: sending a proof of one's own payment (issue #33 item 2).
      ['jugador@demo.club', 'Jugador', { sessions: ['view'], payments: ['view', 'create'] }],
      [
        'padre@demo.club',
        'Padre/Acudiente',
        {
          players: ['view'],
          payments: ['view', 'create'],
          sessions: ['view'],
          communications: ['view'],
        },
      ],
    ])('gives %s (%s) the default modules of the role', async (email, role, byModule) => {
      const user = await me(ctx, email);
      expect(user.roles).toEqual([{ name: role }]);
      expect(user.permissions_by_module).toEqual(byModule);
      expect(user.permissions).not.toContain('settings.manage');
    });

    it('gives the super admin every permission and all nine modules with all four actions', async () => {
      const user = await me(ctx, 'admin@demo.club');

      expect(user.is_super_admin).toBe(true);
      expect(user.roles[0]).toEqual({ name: 'Super Admin' });
      expect(user.modules.map((module) => module.slug).sort()).toEqual([...moduleSlugs].sort());
      expect(
        user.modules.every(
          (module) => JSON.stringify(module.permissions) === JSON.stringify(fullAccess),
        ),
      ).toBe(true);
      expect(user.permissions).toHaveLength(9 * 4 + 1);
      expect(user.permissions).toContain('settings.manage');
      expect(Object.keys(user.permissions_by_module).sort()).toEqual([...moduleSlugs].sort());
      expect(user.current_club_id).not.toBeNull();
    });

    it('shows nuevo without club, roles or modules, and with onboarding to do', async () => {
      const user = await me(ctx, 'nuevo@demo.club');

      expect(user).toMatchObject({
        roles: [],
        permissions: [],
        permissions_by_module: {},
        listClub: [],
        modules: [],
        current_club_id: null,
        is_super_admin: false,
      });
      expect(user.onboarding).toEqual({
        completed: false,
        current_step: 1,
        total_steps: 5,
        completed_steps: [],
        role_name: 'Propietario del Club',
        next_step: 1,
        progress_percentage: 0,
      });
    });

    it('shows sinclub without club but with onboarding completed', async () => {
      const user = await me(ctx, 'sinclub@demo.club');
      expect(user.listClub).toEqual([]);
      expect(user.current_club_id).toBeNull();
      expect(user.onboarding.completed).toBe(true);
    });

    it('lists the modules in sidebar order with Spanish names and their categories', async () => {
      const user = await me(ctx, 'admin@demo.club');
      const orders = user.modules.map((module) => module.order_index);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(user.modules.find((module) => module.slug === 'categories')).toMatchObject({
        name: 'Categorías',
        category: 'management',
        route_prefix: '/home/categories',
      });
      expect(user.modules.find((module) => module.slug === 'system')?.category).toBe('system');
    });

    it('falls back to the first membership when current_club_id is not one of the clubs of the user', async () => {
      const token = await tokenFor(ctx, 'contador@demo.club');
      const before = userSchema.parse(
        (await ctx.request({ method: 'GET', url: '/api/user', token })).json(),
      );
      await ctx.db
        .update(users)
        .set({ currentClubId: null })
        .where(eq(users.email, 'contador@demo.club'));
      try {
        const after = userSchema.parse(
          (await ctx.request({ method: 'GET', url: '/api/user', token })).json(),
        );
        expect(after.current_club_id).toBe(before.current_club_id);
        expect(after.roles).toEqual([{ name: 'Contador' }]);
      } finally {
        await ctx.db
          .update(users)
          .set({ currentClubId: before.current_club_id })
          .where(eq(users.email, 'contador@demo.club'));
      }
    });

    it('GET /api/user/permissions answers the permission part of the user', async () => {
      const token = await tokenFor(ctx, 'entrenador@demo.club');
      const response = await ctx.request({ method: 'GET', url: '/api/user/permissions', token });

      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual([
        'is_super_admin',
        'permissions',
        'permissions_by_module',
        'roles',
      ]);
      const permissions = userPermissionsSchema.parse(body);
      const user = await me(ctx, 'entrenador@demo.club');
      expect(permissions).toEqual({
        roles: user.roles,
        permissions: user.permissions,
        permissions_by_module: user.permissions_by_module,
        is_super_admin: false,
      });
    });

    it.each(['/api/user', '/api/user/permissions'])(
      'answers %s without a token with 401 JSON',
      async (url) => {
        const response = await ctx.request({ method: 'GET', url });
        expect(response.statusCode).toBe(401);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.json()).toEqual({ message: authMessages.unauthenticated });
      },
    );

    it.each([
      ['a malformed token', 'Bearer abc.def.ghi'],
      ['a token signed with another secret', `Bearer ${fakeToken()}`],
      ['another scheme', 'Basic YWRtaW46YWRtaW4='],
      ['an empty bearer', 'Bearer '],
    ])('answers 401 to %s', async (_label, authorization) => {
      const response = await ctx.request({
        method: 'GET',
        url: '/api/user',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authMessages.unauthenticated });
    });

    it('answers 401 once the token is 12 hours old', async () => {
      const token = await tokenFor(ctx, 'jugador@demo.club');
      ctx.clock.advanceMinutes(12 * 60 - 1);
      expect((await ctx.request({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
      ctx.clock.advanceMinutes(1);
      expect((await ctx.request({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    });

    it('answers 401 to a deactivated account, and its login gets a Spanish 403', async () => {
      const token = await tokenFor(ctx, 'sinclub@demo.club');
      await ctx.db
        .update(users)
        .set({ status: 'inactive' })
        .where(eq(users.email, 'sinclub@demo.club'));
      try {
        expect((await ctx.request({ method: 'GET', url: '/api/user', token })).statusCode).toBe(
          401,
        );
        const refused = await login(ctx, 'sinclub@demo.club', DEMO_PASSWORD);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toMatch(/desactivada/);
      } finally {
        await ctx.db
          .update(users)
          .set({ status: 'active' })
          .where(eq(users.email, 'sinclub@demo.club'));
      }
    });

    it('computes the user, the working club, its permissions and modules in two queries at most', async () => {
      const queries: string[] = [];
      const logger = { logQuery: (query: string) => void queries.push(query) };
      // A second Drizzle instance on the same connection, logging every query it sends.
      const counting = (ctx.handle.driver === 'pglite'
        ? drizzlePglite({
            client: (ctx.db as unknown as { $client: PGlite }).$client,
            schema,
            logger,
          })
        : drizzlePg({
            client: (ctx.db as unknown as { $client: pg.Pool }).$client,
            schema,
            logger,
          })) as unknown as Db;
      const idOf = async (email: string) =>
        (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

      for (const email of ['propietario@demo.club', 'admin@demo.club', 'entrenador@demo.club']) {
        queries.length = 0;
        const user = await loadUser(counting, await idOf(email));
        expect(user.email).toBe(email);
        expect(queries, email).toHaveLength(2);
      }
      // Without a club there are no roles to ask about: one query.
      queries.length = 0;
      expect(
        (await loadUser(counting, await idOf('sinclub@demo.club'))).current_club_id,
      ).toBeNull();
      expect(queries).toHaveLength(1);
    });
  },
  { demo: true },
);

/** A well-formed HS256 JWT for user 1, signed with a key the server does not know. */
function fakeToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', tv: 0, iat: now, exp: now + 3600 })}.${'A'.repeat(43)}`;
}
