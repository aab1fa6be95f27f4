import { roleSlug } from '../../contract/names';
import { canOpenPage } from '../lib/page-access';
import type { MaybePermissions } from '../lib/permissions';
import { HOME_PATH } from '../lib/public-paths';

/*
 * The facts the route guard decides from and the pure rules of SPEC.md §2 ("Guard rules
 * for /home pages", "Onboarding routes"). The machine (route-guard.machine.ts) orders
 * them; these functions only answer questions about paths and roles.
 */

/** The guarded areas: /home/* and /admin/* (the shell) and /onboarding/* (the wizard). */
export type GuardArea = 'home' | 'onboarding';

/** Where the session stands, as the auth machine's selectSessionStatus reports it. */
export type GuardSession = 'checking' | 'signedIn' | 'signedOut';

/** Everything the guard needs to know; the app sends it again whenever any of it changes. */
export interface GuardFacts {
  session: GuardSession;
  /** False after a deliberate logout: the page is then not remembered for the next login. */
  rememberPage: boolean;
  isSuperAdmin: boolean;
  /**
   * What the user holds in the club they work in (auth's selectPermissions, a stable
   * object): each page needs what its sidebar item needs (src/lib/page-access.ts).
   */
  permissions: MaybePermissions;
  currentClubId: number | null;
  /** The selected club's id, 0 when none. */
  selectedClubId: number;
  /** The name of the user's first role, null when they have none. */
  firstRoleName: string | null;
  onboardingCompleted: boolean;
  area: GuardArea;
  pathname: string;
  /** The query string and hash of the page, remembered with its path. */
  search: string;
  /**
   * A development build (`import.meta.env.DEV`): QA's /dev pages open to every signed-in
   * user; in a production build only to the super admin.
   */
  devBuild: boolean;
}

/** Where a user without a club is sent. */
export const CLUB_TEAM_PATH = '/home/club-team';

/** The role that goes to the super admin's own dashboard after the onboarding. */
const SUPER_ADMIN_ROLE = 'Super Admin';

/** Where a user who completed the onboarding lands, by first role (spec §2). */
const dashboardByRole: Readonly<Record<string, string>> = {
  [SUPER_ADMIN_ROLE]: '/admin/dashboard',
  'Padre/Acudiente': '/home/parent-dashboard',
  Jugador: '/home/player-dashboard',
};

const trimSlash = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

const isAtOrUnder = (pathname: string, base: string) => {
  const path = trimSlash(pathname);
  return path === base || path.startsWith(`${base}/`);
};

/** The role's part of the onboarding URL (shared with the server's flows: contract/onboarding.schema.ts). */
export { roleSlug };

/** Where a user whose onboarding is not completed is sent. */
export const onboardingPathFor = (roleName: string | null) => `/onboarding/${roleSlug(roleName)}`;

/** Where a user who completed the onboarding is sent from an onboarding page. */
export const dashboardPathFor = (roleName: string | null) =>
  (roleName !== null && dashboardByRole[roleName]) || HOME_PATH;

/** The user's own settings ('Configuración' of the user menu): they need no club. */
const SETTINGS_PATH = '/home/settings';
/** The person's own account ('Mi Cuenta', issue #17): no club needed either. */
const ACCOUNT_PATH = '/home/account';

/** QA's pages (/dev/statecharts, issue #13 item 7): about the app, not about a club. */
const DEV_PATH = '/dev';

/**
 * The pages a user without a club may see (spec §2, rule 3), their own settings
 * (issue #13 item 5: notification preferences hold in every club and without one) and
 * QA's /dev pages.
 */
export const canViewWithoutClub = (pathname: string) =>
  isAtOrUnder(pathname, CLUB_TEAM_PATH) ||
  trimSlash(pathname) === SETTINGS_PATH ||
  trimSlash(pathname) === ACCOUNT_PATH ||
  isAtOrUnder(pathname, DEV_PATH) ||
  isAtOrUnder(pathname, '/home/create-club-team') ||
  trimSlash(pathname) === HOME_PATH;

/**
 * Whether the user may open the page: what the pages table (src/lib/page-access.ts) asks
 * for, the same requirement that hides its sidebar item; Sistema and /admin are the super
 * admin's. Pages outside the table (not found) are not refused here. QA's /dev pages are
 * every signed-in user's in a development build and only the super admin's in production.
 */
export const mayOpenPage = (facts: GuardFacts) =>
  isAtOrUnder(facts.pathname, DEV_PATH)
    ? facts.isSuperAdmin || facts.devBuild
    : canOpenPage(facts.pathname, {
        permissions: facts.permissions,
        isSuperAdmin: facts.isSuperAdmin,
      });

/** True when two sets of facts would lead to the same decision and effects. */
export const sameFacts = (a: GuardFacts, b: GuardFacts) =>
  (Object.keys(a) as Array<keyof GuardFacts>).every((key) => a[key] === b[key]);
