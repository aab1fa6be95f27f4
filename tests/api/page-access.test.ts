import { eq } from 'drizzle-orm';
import { expect, expectTypeOf, it } from 'vitest';
import { createActor } from 'xstate';
import { userSchema, type User, type UserPermissions } from '../../contract/users.schema';
import type { ClubPermission } from '../../server/auth/require-club-permission';
import { roles } from '../../server/db/schema/access';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { buildSidebar, sidebarItems } from '../../src/components/shell/sidebar-items';
import {
  meetsRequirement,
  menuRequirement,
  pageRequirements,
  type ShellPagePath,
} from '../../src/lib/page-access';
import type { PermissionName } from '../../src/lib/permissions';
import { routeGuardMachine, type GuardFacts } from '../../src/machines/route-guard.machine';
import { type TestContext, describeEachDatabase, login } from './support/test-app';
import { accessRowOf } from '../../contract/access-table';
import { provideAccessTable } from '../../src/lib/api-access';

/*
 * Issue 9, item 7: "a test walks that table for every demo role"; issue #33 item 2: the
 * family dashboards and a switched-off module too. Each demo account logs
 * in against the real API; for every page of the pages table (src/lib/page-access.ts) the
 * route guard's decision must be the sidebar's visibility for that user, and where the
 * page has an API, the server must agree (2xx when the page shows, 403 when it is refused).
 */

// The browser loads the role × operation table with the session (src/app/providers.tsx).
provideAccessTable(accessRowOf);

const demoEmails = [
  'propietario@demo.club',
  'entrenador@demo.club',
  'contador@demo.club',
  'jugador@demo.club',
  'padre@demo.club',
  'admin@demo.club',
] as const;

const pages = Object.keys(pageRequirements) as ShellPagePath[];

/** A concrete path of a route pattern, in the demo club (`:clubIdToEdit` is that club). */
const pathOf = (page: ShellPagePath, clubId: number) =>
  page.replace('/:clubIdToEdit', `/${clubId}`).replace('/:playerId?', '');

/** The facts route-guard.tsx builds from the auth actor once GET /api/user answered. */
function factsFor(user: User, pathname: string): GuardFacts {
  const { roles: userRoles, permissions, permissions_by_module, is_super_admin } = user;
  return {
    session: 'signedIn',
    rememberPage: true,
    isSuperAdmin: is_super_admin,
    permissions: { roles: userRoles, permissions, permissions_by_module, is_super_admin },
    currentClubId: user.current_club_id,
    selectedClubId: user.current_club_id ?? 0,
    firstRoleName: userRoles[0]?.name ?? null,
    onboardingCompleted: user.onboarding.completed,
    area: 'home',
    pathname,
    search: '',
    devBuild: false,
  };
}

function guardDecision(facts: GuardFacts): string {
  const actor = createActor(routeGuardMachine, { input: facts }).start();
  const state = String(actor.getSnapshot().value);
  actor.stop();
  return state;
}

async function signIn(ctx: TestContext, email: string) {
  const response = await login(ctx, email, DEMO_PASSWORD);
  expect(response.statusCode).toBe(200);
  const token = response.json<{ token: string }>().token;
  const me = await ctx.request({ method: 'GET', url: '/api/user', token });
  expect(me.statusCode).toBe(200);
  return { token, user: userSchema.parse(me.json()) };
}

/** The pages whose screen calls an API, with the call that stands for the page. */
const pageApis: Partial<Record<ShellPagePath, (clubId: number, roleId: number) => string>> = {
  '/home/club-team': () => '/api/pla_club_teams',
  '/home/create-club-team/:clubIdToEdit': (clubId) => `/api/pla_club_teams/${clubId}`,
  '/home/admin/users-roles': (clubId) => `/api/pla_club_teams/${clubId}/members`,
  '/home/admin/roles': (_clubId, roleId) => `/api/admin/roles/${roleId}/configuration`,
  '/home/calendar': (clubId) =>
    `/api/pla_club_teams/${clubId}/sessions?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z`,
  '/home/parent-dashboard': () => '/api/dashboard/parent',
  '/home/player-dashboard': () => '/api/dashboard/player',
};

/** Switches module `slug` on or off as the super admin (PUT …/toggle, the Sistema page). */
async function setModule(ctx: TestContext, slug: string, isActive: boolean) {
  const { token } = await signIn(ctx, 'admin@demo.club');
  const list = await ctx.request({ method: 'GET', url: '/api/admin/modules', token });
  const modules = list.json<{ data: Array<{ id: number; slug: string }> }>().data;
  const module = modules.find((each) => each.slug === slug);
  expect(module).toBeDefined();
  const toggled = await ctx.request({
    method: 'PUT',
    url: `/api/admin/modules/${module!.id}/toggle`,
    token,
    body: { is_active: isActive },
  });
  expect(toggled.statusCode).toBe(200);
}

/**
 * For one demo account: the pages where the route guard and the sidebar disagree, or
 * where the guard and the server do (2xx when the page shows, 403 when it is refused).
 */
async function disagreementsOf(ctx: TestContext, email: string): Promise<string[]> {
  const { token, user } = await signIn(ctx, email);
  const owner = await signIn(ctx, 'propietario@demo.club');
  const clubId = owner.user.current_club_id!;
  const [trainerRole] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, 'Entrenador'));
  const access = {
    permissions: factsFor(user, '/').permissions as UserPermissions,
    isSuperAdmin: user.is_super_admin,
    selectedClubId: user.current_club_id ?? 0,
  };
  const shown = new Set(
    buildSidebar(access).flatMap((section) => section.items.map((item) => item.route)),
  );
  const hasItem = new Set<string>(sidebarItems.map((item) => item.route));

  const disagreements: string[] = [];
  for (const page of pages) {
    const decision = guardDecision(factsFor(user, pathOf(page, clubId)));
    const pageShows = decision === 'allowed';
    if (!pageShows) expect(decision).toBe('forbidden');
    const itemShows = hasItem.has(page)
      ? shown.has(page)
      : meetsRequirement(pageRequirements[page], access);
    if (menuRequirement(page) === pageRequirements[page]) {
      if (pageShows !== itemShows) disagreements.push(`${page}: guard ${decision}`);
    } else {
      // The club chooser (see page-access.ts): the page is open, the item follows `club`.
      expect(pageShows).toBe(true);
      expect(itemShows).toBe(meetsRequirement(menuRequirement(page), access));
    }

    const api = pageApis[page];
    if (!api) continue;
    const response = await ctx.request({
      method: 'GET',
      url: api(clubId, trainerRole!.id),
      token,
    });
    const serverAllows = response.statusCode >= 200 && response.statusCode < 300;
    if (!serverAllows) expect([page, response.statusCode]).toEqual([page, 403]);
    if (serverAllows !== pageShows) {
      disagreements.push(`${page}: guard ${decision}, server ${response.statusCode}`);
    }
  }
  return disagreements;
}

describeEachDatabase(
  'pages follow the menu for every demo role',
  (ctx) => {
    it('checks real API routes, named with the permission type the server guards with', () => {
      // The browser's requirement names and the server's clubRoute(...) names are one type.
      expectTypeOf<PermissionName>().toEqualTypeOf<ClubPermission>();
      expect(Object.keys(pageApis).every((page) => page in pageRequirements)).toBe(true);
      const registered = new Set(ctx.routes.map((route) => `${route.method} ${route.url}`));
      for (const url of Object.values(pageApis).map((api) => api(7, 3).split('?')[0]!)) {
        const pattern = url.replace('/7', '/:id').replace('/3/', '/:id/');
        expect([url, registered.has(`GET ${pattern}`)]).toEqual([url, true]);
      }
    });

    for (const email of demoEmails) {
      it(`${email}: the guard refuses exactly what the menu hides, and the server agrees`, async () => {
        expect(await disagreementsOf(ctx, email)).toEqual([]);
      });
    }

    it('with a module switched off, no demo role holds it: menu, guard and server agree', async () => {
      await setModule(ctx, 'sessions', false);
      try {
        const trainer = await signIn(ctx, 'entrenador@demo.club');
        expect(trainer.user.permissions.filter((name) => name.startsWith('sessions.'))).toEqual([]);
        expect(guardDecision(factsFor(trainer.user, '/home/calendar'))).toBe('forbidden');
        for (const email of demoEmails) {
          expect([email, await disagreementsOf(ctx, email)]).toEqual([email, []]);
        }
        // The super admin passes the club guard with the module off, and keeps the page.
        const admin = await signIn(ctx, 'admin@demo.club');
        expect(guardDecision(factsFor(admin.user, '/home/calendar'))).toBe('allowed');
      } finally {
        await setModule(ctx, 'sessions', true);
      }
      const trainer = await signIn(ctx, 'entrenador@demo.club');
      expect(guardDecision(factsFor(trainer.user, '/home/calendar'))).toBe('allowed');
    });

    it('opens the family dashboards to their roles only, as GET /api/dashboard/{parent,player}', async () => {
      const decisions: Record<string, string[]> = {};
      for (const email of demoEmails) {
        const { user } = await signIn(ctx, email);
        decisions[email] = ['/home/parent-dashboard', '/home/player-dashboard'].map((path) =>
          guardDecision(factsFor(user, path)),
        );
      }
      expect(decisions).toEqual({
        'propietario@demo.club': ['forbidden', 'forbidden'],
        'entrenador@demo.club': ['forbidden', 'forbidden'],
        'contador@demo.club': ['forbidden', 'forbidden'],
        'jugador@demo.club': ['forbidden', 'allowed'],
        'padre@demo.club': ['allowed', 'forbidden'],
        'admin@demo.club': ['allowed', 'allowed'],
      });
    });

    it('refuses the hidden module pages the issue names to the trainer, accountant, player and parent', async () => {
      for (const email of ['entrenador', 'contador', 'jugador', 'padre']) {
        const { user } = await signIn(ctx, `${email}@demo.club`);
        expect(guardDecision(factsFor(user, '/home/categories'))).toBe('forbidden');
      }
      for (const email of ['contador', 'jugador']) {
        const { user } = await signIn(ctx, `${email}@demo.club`);
        expect(guardDecision(factsFor(user, '/home/players'))).toBe('forbidden');
      }
    });
  },
  { demo: true },
);
