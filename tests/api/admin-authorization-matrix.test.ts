import { beforeAll, expect, it } from 'vitest';
import { platformMessages } from '../../contract/platform.schema';
import { createClub, superAdmin } from './support/clubs';
import {
  type RegisteredRoute,
  type RequestOptions,
  describeEachDatabase,
  registerUser,
} from './support/test-app';

type Account = { id: number; token: string };

/**
 * The `/api/admin/…` routes that existed before issue #17 and keep their own rules
 * (tested in their own files): the modules catalogue and the role configuration (a club's
 * manager may use parts of them), the system alerts, and the reference lists any
 * signed-in person reads.
 */
const PRE_EXISTING = [
  /^\/api\/admin\/modules(\/|$)/,
  /^\/api\/admin\/roles(\/|$)/,
  /^\/api\/admin\/system-alerts$/,
  /^\/api\/admin\/(sports|frequencies|genders|countries)$/,
  /^\/api\/admin\/country\//,
];

const isPlatformAdminRoute = (route: RegisteredRoute) =>
  route.url.startsWith('/api/admin/') &&
  route.method !== 'HEAD' &&
  !PRE_EXISTING.some((pattern) => pattern.test(route.url));

/**
 * Every `/api/admin/…` route of the platform (issue #17), read from Fastify's route table
 * so a route added later is covered without editing this file: anonymous → 401, a club
 * owner → 403 with the Spanish refusal, the super admin → neither.
 */
describeEachDatabase('Authorisation of the super admin platform routes', (ctx) => {
  let owner: Account;
  let admin: Account;

  const routes = () =>
    ctx.routes
      .filter(isPlatformAdminRoute)
      // Writes last, so the reads see the data as it was.
      .sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));

  const requestFor = (route: RegisteredRoute, token?: string): RequestOptions => ({
    method: route.method as RequestOptions['method'],
    // Every path parameter gets a placeholder; `:report.:format` becomes `1.1`.
    url: route.url.replace(/:[A-Za-z_]+/g, '1'),
    token,
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { body: {} } : {}),
  });

  beforeAll(async () => {
    owner = await registerUser(ctx);
    await createClub(ctx, owner.token, { name: 'Club del propietario' });
    admin = await superAdmin(ctx);
  });

  it("finds this issue's routes in the route table", () => {
    const signatures = routes().map((route) => `${route.method} ${route.url}`);
    expect(signatures).toEqual(
      expect.arrayContaining([
        'GET /api/admin/clubs',
        'POST /api/admin/clubs/:id/suspend',
        'POST /api/admin/clubs/:id/reactivate',
        'GET /api/admin/users',
        'GET /api/admin/users/:id/memberships',
        'POST /api/admin/users/:id/lock',
        'POST /api/admin/users/:id/unlock',
        'POST /api/admin/users/:id/password-reset',
        'GET /api/admin/audit-log',
        'POST /api/admin/blog-posts/cover',
      ]),
    );
    expect(signatures.some((s) => s.includes('/admin/modules'))).toBe(false);
  });

  it('refuses an anonymous caller every platform route (401)', async () => {
    for (const route of routes()) {
      const response = await ctx.request(requestFor(route));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a club owner every platform route (403, in Spanish)', async () => {
    for (const route of routes()) {
      const response = await ctx.request(requestFor(route, owner.token));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json(), `${route.method} ${route.url}`).toMatchObject({
        message: platformMessages.superAdminOnly,
      });
    }
  });

  it('lets the super admin through every platform route (neither 401 nor 403)', async () => {
    for (const route of routes()) {
      const response = await ctx.request(requestFor(route, admin.token));
      expect([401, 403], `${route.method} ${route.url}: ${response.body}`).not.toContain(
        response.statusCode,
      );
    }
  });
});
