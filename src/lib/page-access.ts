import type { AdminScreenPath, HomeScreenPath } from '../app/route-modules';
import { type ApiOperation, mayCall } from './api-access';
import type { MaybePermissions } from './permissions';

/*
 * What every page of the shell (/home/* and /admin/*) requires, in one table that the
 * sidebar (src/components/shell/sidebar-items.ts), the route guard
 * (src/machines/route-guard.machine.ts) and the server share: a requirement is the API
 * operation the page depends on ('GET /api/pla_club_teams/:id/payments'), resolved
 * through the role × operation table the server checks (contract/access-table.ts, via
 * src/lib/api-access.ts: its permission or role), SUPER_ADMIN_ONLY, or null (every
 * signed-in user). The sidebar hides an item, and the guard refuses its page with "No
 * tienes permiso", for the same users (spec §2, §6; DOMAIN.md trap 15; issue #33 item 2).
 * A module's permissions are only held while it is active (GET /api/user leaves out those
 * of a switched-off module, as the club guard refuses them), so its items and pages go
 * away with it.
 *
 * | Page                                   | Operation (its requirement in the table)            |
 * |----------------------------------------|-----------------------------------------------------|
 * | dashboard, subscription, account,      | none: everyone's menu and user menu                 |
 * |   settings                             |                                                     |
 * | parent-dashboard                       | GET /api/dashboard/parent (role Padre/Acudiente)    |
 * | player-dashboard                       | GET /api/dashboard/player (role Jugador)            |
 * | club-team, create-club-team            | none (page), the club chooser, see below            |
 * | create-club-team/:clubIdToEdit         | GET …/:id (club.view)                               |
 * | categories                             | GET …/:id/categories (categories.view)              |
 * | trainers                               | GET …/:id/trainers (trainers.view)                  |
 * | players                                | GET …/:id/players (players.view)                    |
 * | player-create                          | POST …/:id/players (players.create)                 |
 * | player-create/:playerId                | PATCH …/players/:playerId (players.update)          |
 * | calendar, trainings                    | GET …/:id/sessions (sessions.view)                  |
 * | attendance/:sessionId                  | PUT …/sessions/:sessionId/attendance (sessions.update) |
 * | payments                               | GET …/:id/payments (payments.view)                  |
 * | chargers                               | POST …/:id/charges (payments.update)                |
 * | discounts                              | POST …/:id/discounts (payments.update)              |
 * | admin/payment_methods                  | PUT …/payment-methods/:methodId (settings.manage)   |
 * | admin/roles                            | GET /api/admin/roles (settings.manage)              |
 * | admin/users-roles                      | GET …/:id/members (settings.manage)                 |
 * | the six Sistema pages, /admin/*        | super admin only                                    |
 *
 * (… is /api/pla_club_teams.) One page differs between its menu item and its page: 'Club /
 * Equipo' is shown to who may read the club (GET …/:id), but /home/club-team and
 * /home/create-club-team are also the club chooser and the form that creates a club: the
 * top bar links every user to /home/club-team, guard rule 3 sends users without a club
 * there, and anyone may create a club (POST /api/pla_club_teams has no club guard). So
 * those pages stay open; only the menu item carries the requirement (`menuOnly` below).
 */

/** The requirement of the Sistema pages and the /admin area: the super-admin flag. */
export const SUPER_ADMIN_ONLY = 'super-admin';

export type PageRequirement = ApiOperation | typeof SUPER_ADMIN_ONLY | null;

/** The club-scoped part of the API. */
const CLUB = '/api/pla_club_teams/:id';

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
  '/home/create-club-team/:clubIdToEdit': `GET ${CLUB}`,
  '/home/categories': `GET ${CLUB}/categories`,
  '/home/trainers': `GET ${CLUB}/trainers`,
  '/home/trainings': `GET ${CLUB}/sessions`,
  '/home/players': `GET ${CLUB}/players`,
  '/home/calendar': `GET ${CLUB}/sessions`,
  '/home/attendance/:sessionId': `PUT ${CLUB}/sessions/:sessionId/attendance`,
  '/home/player-create/:playerId?': `POST ${CLUB}/players`,
  '/home/payments': `GET ${CLUB}/payments`,
  '/home/chargers': `POST ${CLUB}/charges`,
  '/home/discounts': `POST ${CLUB}/discounts`,
  '/home/admin/payment_methods': `PUT ${CLUB}/payment-methods/:methodId`,
  '/home/admin/roles': 'GET /api/admin/roles',
  '/home/admin/users-roles': `GET ${CLUB}/members`,
  '/home/admin/system': SUPER_ADMIN_ONLY,
  '/home/admin/analytics': SUPER_ADMIN_ONLY,
  '/home/admin/reports': SUPER_ADMIN_ONLY,
  '/home/admin/communications': SUPER_ADMIN_ONLY,
  '/home/admin/blog': SUPER_ADMIN_ONLY,
  '/home/admin/super-admin-panel': SUPER_ADMIN_ONLY,
  '/home/parent-dashboard': 'GET /api/dashboard/parent',
  '/home/player-dashboard': 'GET /api/dashboard/player',
  '/admin/dashboard': SUPER_ADMIN_ONLY,
} as const satisfies Record<ShellPagePath, PageRequirement>;

/** Menu items whose requirement is not their page's (see the note on Club / Equipo above). */
const menuOnly: Partial<Record<ShellPagePath, PageRequirement>> = {
  '/home/club-team': `GET ${CLUB}`,
};

/**
 * Pages whose optional last parameter turns them from creating into editing, with what
 * the operation editing depends on (PATCH players/{id} is players.update), so a role that
 * may edit but not add players still reaches the form.
 */
const editRequirements: Partial<Record<ShellPagePath, PageRequirement>> = {
  '/home/player-create/:playerId?': `PATCH ${CLUB}/players/:playerId`,
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
  return mayCall(access.permissions, requirement);
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
