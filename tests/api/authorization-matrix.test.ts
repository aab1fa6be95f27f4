import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { clubMessages } from '../../contract/clubs.schema';
import { type RoleName, roleNames } from '../../contract/roles.schema';
import { buildApp } from '../../server/app';
import { isClubScopedUrl } from '../../server/auth/require-club-permission';
import { roles } from '../../server/db/schema/access';
import { clubMemberships } from '../../server/db/schema/memberships';
import { allPermissionNames, roleDefaults } from '../../server/db/seed/reference';
import { createClub, superAdmin } from './support/clubs';
import {
  FakeClock,
  MemoryMailer,
  type RegisteredRoute,
  type RequestOptions,
  describeEachDatabase,
  registerUser,
  testConfig,
} from './support/test-app';

type Account = { id: number; token: string };

/**
 * The authorisation matrix (issue #4): every route under /api/pla_club_teams/:id that the
 * app registers — read from Fastify's route table, not from a list kept here — must
 * refuse an anonymous caller (401), hide the club from a member of another club (404),
 * refuse a member whose roles lack the route's permission (403), and let through a member
 * whose role grants it, and a super admin.
 */
describeEachDatabase('Authorisation matrix of the club-scoped routes', (ctx) => {
  let clubId = 0;
  let outsider: Account;
  let admin: Account;
  /** A role with no permission at all, for permissions every seeded role holds. */
  let emptyRoleId = 0;
  const accountByRole = new Map<string, Account>();

  const clubRoutes = () =>
    ctx.routes
      .filter((route) => isClubScopedUrl(route.url))
      // DELETE archives the club: walk it last so the other routes see an active club.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

  const permissionOf = (route: RegisteredRoute): string => {
    const permission = route.config?.clubPermission;
    if (!permission) throw new Error(`${route.method} ${route.url} has no clubPermission`);
    return permission;
  };

  const requestFor = (route: RegisteredRoute, token?: string): RequestOptions => ({
    method: route.method as RequestOptions['method'],
    // :id is the club; any deeper parameter gets a placeholder id.
    url: route.url.replace(':id', String(clubId)).replace(/:[A-Za-z_]+/g, '1'),
    token,
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { body: {} } : {}),
  });

  /** A member of the club holding `roleId` (one account per role, made on first use). */
  async function memberWithRole(key: string, roleId: number): Promise<Account> {
    const existing = accountByRole.get(key);
    if (existing) return existing;
    const user = await registerUser(ctx);
    await ctx.db.insert(clubMemberships).values({ userId: user.id, clubId, roleId });
    accountByRole.set(key, user);
    return user;
  }

  async function roleId(name: RoleName): Promise<number> {
    const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
    if (!role) throw new Error(`No role ${name}`);
    return role.id;
  }

  /** A club role (never Super Admin) whose seeded defaults grant `permission` or not. */
  const clubRolesWhere = (permission: string, granted: boolean) =>
    roleNames.filter(
      (name) => name !== 'Super Admin' && roleDefaults[name].includes(permission) === granted,
    );

  beforeAll(async () => {
    const owner = await registerUser(ctx);
    clubId = (await createClub(ctx, owner.token, { name: 'Club de la matriz' })).id;
    const other = await registerUser(ctx);
    await createClub(ctx, other.token, { name: 'Otro club' });
    outsider = other;
    admin = await superAdmin(ctx);
    const [empty] = await ctx.db
      .insert(roles)
      .values({ name: 'Rol sin permisos (prueba)', priority: 0 })
      .returning({ id: roles.id });
    emptyRoleId = empty!.id;
  });

  it('finds the club-scoped routes in the route table, each marked with a known permission', () => {
    const routes = clubRoutes();
    const signatures = routes.map((route) => `${route.method} ${route.url}`);
    // The clubs feature alone registers these; later features only add to the list.
    expect(signatures).toEqual(
      expect.arrayContaining([
        'GET /api/pla_club_teams/:id',
        'PATCH /api/pla_club_teams/:id',
        'DELETE /api/pla_club_teams/:id',
      ]),
    );
    for (const route of routes) {
      expect(allPermissionNames, `${route.method} ${route.url}`).toContain(permissionOf(route));
    }
    // A payment's detail and proofs: behind payments.view, then the caller's payment scope.
    const payment = '/api/pla_club_teams/:id/payments/:paymentId';
    for (const signature of [
      `GET ${payment}`,
      `POST ${payment}/proofs`,
      `GET ${payment}/records/:recordId/proof`,
    ]) {
      const route = routes.find((r) => `${r.method} ${r.url}` === signature);
      expect(route && permissionOf(route), signature).toBe('payments.view');
    }
  });

  it('walks the receipt routes: the PDF behind payments.view, its shared links behind payments.update', () => {
    const receipts = `/api/pla_club_teams/:id/payments/:paymentId`;
    const permissions = new Map(
      clubRoutes().map((route) => [`${route.method} ${route.url}`, permissionOf(route)]),
    );
    expect(permissions.get(`GET ${receipts}/receipt.pdf`)).toBe('payments.view');
    expect(permissions.get(`POST ${receipts}/receipt-links`)).toBe('payments.update');
    expect(permissions.get(`GET ${receipts}/receipt-links`)).toBe('payments.update');
    expect(permissions.get(`DELETE ${receipts}/receipt-links/:linkId`)).toBe('payments.update');
  });

  it('walks the announcement routes: sending behind communications.create, the history behind .view', () => {
    const permissions = new Map(
      clubRoutes().map((route) => [`${route.method} ${route.url}`, permissionOf(route)]),
    );
    const announcements = '/api/pla_club_teams/:id/announcements';
    expect(permissions.get(`POST ${announcements}`)).toBe('communications.create');
    expect(permissions.get(`GET ${announcements}`)).toBe('communications.view');
  });

  it('answers 401 to an anonymous caller on every club-scoped route', async () => {
    for (const route of clubRoutes()) {
      const response = await ctx.request(requestFor(route));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 404 "Club no encontrado" to a member of another club on every club-scoped route', async () => {
    for (const route of clubRoutes()) {
      const response = await ctx.request(requestFor(route, outsider.token));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      if (route.method !== 'HEAD')
        expect(response.json()).toEqual({ message: clubMessages.notFound });
    }
  });

  it("answers 403 to a member whose role lacks the route's permission", async () => {
    for (const route of clubRoutes()) {
      const permission = permissionOf(route);
      const [lacking] = clubRolesWhere(permission, false);
      const member = lacking
        ? await memberWithRole(lacking, await roleId(lacking))
        : await memberWithRole('sin permisos', emptyRoleId);
      const response = await ctx.request(requestFor(route, member.token));
      expect(
        response.statusCode,
        `${route.method} ${route.url} as ${lacking ?? 'sin permisos'}`,
      ).toBe(403);
    }
  });

  it('lets through a member whose role grants the permission, and a super admin', async () => {
    for (const route of clubRoutes()) {
      const permission = permissionOf(route);
      const [granting] = clubRolesWhere(permission, true);
      const callers: [string, Account][] = [['Super Admin', admin]];
      if (granting)
        callers.unshift([granting, await memberWithRole(granting, await roleId(granting))]);
      for (const [label, caller] of callers) {
        const response = await ctx.request(requestFor(route, caller.token));
        const what = `${route.method} ${route.url} as ${label}: ${response.statusCode} ${response.body}`;
        expect([401, 403], what).not.toContain(response.statusCode);
        // A deeper placeholder id may be missing (404), but never the club itself (a HEAD
        // answer has no body to tell which).
        if (response.statusCode === 404 && route.method !== 'HEAD') {
          expect(response.json(), what).not.toEqual({ message: clubMessages.notFound });
        }
      }
    }
  });

  it('refuses to start an app with a club-scoped route that forgets the permission marker or the guard', async () => {
    const handler = async () => ({ ok: true });
    const variants: [string, (app: ReturnType<typeof buildApp>) => void][] = [
      ['no marker, no hook', (app) => app.get('/api/pla_club_teams/:id/olvidada', handler)],
      [
        'marker without the guard',
        (app) =>
          app.get(
            '/api/pla_club_teams/:id/sin-guardia',
            { config: { clubPermission: 'club.view' } },
            handler,
          ),
      ],
      [
        'inside a feature plugin',
        (app) =>
          app.register(
            async (feature) => {
              feature.post('/pla_club_teams/:id/otra', handler);
            },
            { prefix: '/api' },
          ),
      ],
    ];
    for (const [label, addRoute] of variants) {
      const app = buildApp({
        db: ctx.handle,
        config: testConfig(),
        clock: new FakeClock(),
        mailer: new MemoryMailer(),
      });
      try {
        await expect(
          (async () => {
            addRoute(app);
            await app.ready();
          })(),
          label,
        ).rejects.toThrow(/club-scoped but not guarded/);
      } finally {
        await app.close().catch(() => undefined);
      }
    }
  });
});
