import type { AdminScreenPath, HomeScreenPath } from '../app/route-modules';
import { SETTINGS_MANAGE } from '../../contract/names';
import type { RoleName } from '../../contract/roles.schema';
import { canSee, hasRole, type MaybePermissions, type Requirement } from './permissions';

/*
 * What every page of the shell (/home/* and /admin/*) requires, in one table that the
 * sidebar (src/components/shell/sidebar-items.ts), the route guard
 * (src/machines/route-guard.machine.ts) and the server share: a requirement is a module
 * slug (its `view` permission), a permission name the server's `clubRoute(...)` uses
 * (`players.create`, `payments.update`, `settings.manage`), a role (`{ role }`, for the
 * pages whose API goes by role), SUPER_ADMIN_ONLY, or null (every signed-in user). A
 * module's permissions are only held while the module is active (GET /api/user leaves
 * out those of a switched-off module, as the club guard refuses them), so its item and
 * pages go away with it. The sidebar hides an item, and the guard refuses its page with
 * "No tienes permiso", for the same users (spec §2, §6; DOMAIN.md trap 15).
 *
 * | Page                                   | Requirement      | Why                                  |
 * |----------------------------------------|------------------|--------------------------------------|
 * | dashboard                              | none             | menu item shown to everyone          |
 * | subscription                           | none             | 'Mi Cuenta' in everyone's user menu  |
 * | account                                | none             | 'Mi Cuenta' in everyone's user menu  |
 * | settings                               | none             | 'Configuración' in everyone's menu   |
 * | parent-dashboard                       | Padre/Acudiente  | GET /api/dashboard/parent, by role   |
 * | player-dashboard                       | Jugador          | GET /api/dashboard/player, by role   |
 * | club-team, create-club-team            | none (page)      | the club chooser, see below          |
 * | create-club-team/:clubIdToEdit         | club             | loads GET /api/pla_club_teams/{id}   |
 * | categories                             | categories       | menu item                            |
 * | trainers                               | trainers         | menu item                            |
 * | players                                | players          | menu item                            |
 * | player-create                          | players.create   | creating a player                    |
 * | player-create/:playerId                | players.update   | editing a player (`editRequirements`)|
 * | calendar, trainings                    | sessions         | menu item (trainings: no item)       |
 * | attendance/:sessionId                  | sessions.update  | the roll call (no item; the calendar)|
 * | payments                               | payments         | menu item                            |
 * | discounts, chargers                    | payments.update  | menu items (Parametrización)         |
 * | admin/payment_methods, admin/roles,    | settings.manage  | Configuración and Administración     |
 * |   admin/users-roles                    |                  |                                      |
 * | the six Sistema pages, /admin/*        | super admin only | Sistema section and the admin area   |
 *
 * One page differs between its menu item and its page: 'Club / Equipo' is shown for the
 * `club` module (managing the club), but /home/club-team and /home/create-club-team are
 * also the club chooser and the form that creates a club: the top bar links every user
 * to /home/club-team, guard rule 3 sends users without a club there, and anyone may create
 * a club (POST /api/pla_club_teams has no club guard). So those pages stay open; only the
 * menu item carries `club` (`menuOnly` below).
 */

/** The requirement of the Sistema pages and the /admin area: the super-admin flag. */
export const SUPER_ADMIN_ONLY = 'super-admin';

/**
 * A page whose API goes by role rather than permission (the family dashboards:
 * server/features/dashboards/dashboard-access.ts), checked against the user's roles in
 * the club they work in.
 */
export interface RoleRequirement {
  role: RoleName;
}

export type PageRequirement = Requirement | RoleRequirement | typeof SUPER_ADMIN_ONLY | null;

/** A route pattern of the shell (`/home/players`, `/home/player-create/:playerId?`). */
export type ShellPagePath = HomeScreenPath | AdminScreenPath;

/** Every /home and /admin route of src/app/route-modules.ts, with what it requires. */
export const pageRequirements = {
  '/home/dashboard': null,
  '/home/subscription': null,
  '/home/account': null,
  '/home/settings': null,
  '/home/club-team': null,
  '/home/create-club-team': null,
  '/home/create-club-team/:clubIdToEdit': 'club',
  '/home/categories': 'categories',
  '/home/trainers': 'trainers',
  '/home/trainings': 'sessions',
  '/home/players': 'players',
  '/home/calendar': 'sessions',
  '/home/attendance/:sessionId': 'sessions.update',
  '/home/player-create/:playerId?': 'players.create',
  '/home/payments': 'payments',
  '/home/chargers': 'payments.update',
  '/home/discounts': 'payments.update',
  '/home/admin/payment_methods': SETTINGS_MANAGE,
  '/home/admin/roles': SETTINGS_MANAGE,
  '/home/admin/users-roles': SETTINGS_MANAGE,
  '/home/admin/system': SUPER_ADMIN_ONLY,
  '/home/admin/analytics': SUPER_ADMIN_ONLY,
  '/home/admin/reports': SUPER_ADMIN_ONLY,
  '/home/admin/communications': SUPER_ADMIN_ONLY,
  '/home/admin/blog': SUPER_ADMIN_ONLY,
  '/home/admin/super-admin-panel': SUPER_ADMIN_ONLY,
  '/home/parent-dashboard': { role: 'Padre/Acudiente' },
  '/home/player-dashboard': { role: 'Jugador' },
  '/admin/dashboard': SUPER_ADMIN_ONLY,
} as const satisfies Record<ShellPagePath, PageRequirement>;

/** Menu items whose requirement is not their page's (see the note on Club / Equipo above). */
const menuOnly: Partial<Record<ShellPagePath, PageRequirement>> = {
  '/home/club-team': 'club',
};

/**
 * Pages whose optional last parameter turns them from creating into editing, with what
 * editing requires: the server answers the edit with that permission (PATCH players/{id}
 * is players.update), so a role that may edit but not add players still reaches the form.
 */
const editRequirements: Partial<Record<ShellPagePath, PageRequirement>> = {
  '/home/player-create/:playerId?': 'players.update',
};

/** What the menu item of `route` requires. */
export function menuRequirement(route: ShellPagePath): PageRequirement {
  return route in menuOnly ? (menuOnly[route] ?? null) : pageRequirements[route];
}

/** What the signed-in user's access is checked against. */
export interface PageAccessFacts {
  permissions: MaybePermissions;
  isSuperAdmin: boolean;
}

/** Whether `requirement` lets this user in: the sidebar's filter and the guard's rule. */
export function meetsRequirement(requirement: PageRequirement, access: PageAccessFacts): boolean {
  if (access.isSuperAdmin) return true;
  if (requirement === null) return true;
  if (requirement === SUPER_ADMIN_ONLY) return false;
  if (typeof requirement === 'object') return hasRole(access.permissions, requirement.role);
  return canSee(access.permissions, requirement);
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/** How many leading segments of `path` the pattern matches; -1 when it does not match. */
function matchLength(pattern: string, path: readonly string[]): number {
  const wanted = segmentsOf(pattern);
  let matched = 0;
  for (const segment of wanted) {
    const optional = segment.endsWith('?');
    const value = path[matched];
    if (value === undefined) return optional ? matched : -1;
    if (!segment.startsWith(':') && segment !== value) return -1;
    matched += 1;
  }
  return matched;
}

/**
 * The table entry of `pathname`: its route, or the closest route above it
 * (`/home/admin/users-roles/` and `/home/admin/roles/3` are the roles pages). Paths of no
 * page (not found) have none; everything under /admin is the super admin's area.
 */
export function pageOf(pathname: string): ShellPagePath | '/admin' | null {
  const path = segmentsOf(pathname);
  let best: ShellPagePath | null = null;
  let bestLength = 0;
  for (const pattern of Object.keys(pageRequirements) as ShellPagePath[]) {
    const length = matchLength(pattern, path);
    if (length > bestLength) [best, bestLength] = [pattern, length];
  }
  if (best) return best;
  return path[0] === 'admin' ? '/admin' : null;
}

/** What `pathname` requires; null for pages that every signed-in user may open. */
export function requirementOfPath(pathname: string): PageRequirement {
  const page = pageOf(pathname);
  if (page === null) return null;
  if (page === '/admin') return SUPER_ADMIN_ONLY;
  const editing = segmentsOf(pathname).length === segmentsOf(page).length;
  if (editing && page in editRequirements) return editRequirements[page] ?? null;
  return pageRequirements[page];
}

/** Whether this user may open `pathname` (the guard's permission rule). */
export function canOpenPage(pathname: string, access: PageAccessFacts): boolean {
  return meetsRequirement(requirementOfPath(pathname), access);
}
