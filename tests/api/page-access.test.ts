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

/*
 * Issue 9, item 7: "a test walks that table for every demo role". Each demo account logs
 * in against the real API; for every page of the pages table (src/lib/page-access.ts) the
 * route guard's decision must be the sidebar's visibility for that user, and where the
 * page has an API, the server must agree (2xx when the page shows, 403 when it is refused).
 */

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
};

describeEachDatabase(
  'pages follow the menu for every demo role',
  (ctx) => {
    it('checks real API routes, named with the permission type the server guards with', () => {
      // The browser's requirement names and the server's clubRoute(...) names are one type.
      expectTypeOf<PermissionName>().toEqualTypeOf<ClubPermission>();
      expect(Object.keys(pageApis).every((page) => page in pageRequirements)).toBe(true);
      const registered = new Set(ctx.routes.map((route) => `${route.method} ${route.url}`));
      for (const url of Object.values(pageApis).map((api) => api(7, 3))) {
        const pattern = url.replace('/7', '/:id').replace('/3/', '/:id/');
        expect([url, registered.has(`GET ${pattern}`)]).toEqual([url, true]);
      }
    });

    for (const email of demoEmails) {
      it(`${email}: the guard refuses exactly what the menu hides, and the server agrees`, async () => {
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
          if (!serverAllows) expect(response.statusCode).toBe(403);
          if (serverAllows !== pageShows) {
            disagreements.push(`${page}: guard ${decision}, server ${response.statusCode}`);
          }
        }
        expect(disagreements).toEqual([]);
      });
    }

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
