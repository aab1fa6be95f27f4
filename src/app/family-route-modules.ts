import type { RouteLoader } from './route-registry';

/*
 * The lazy screen modules of the families' pages (issue #15), where guardians and players
 * land (SPEC §2), spread into route-modules.ts's /home routes; kept apart so that file
 * stays under its size limit.
 */
export const familyScreens = {
  '/home/parent-dashboard': () =>
    import('../screens/parents/parent-dashboard-screen').then((module) => ({
      Component: module.ParentDashboardScreen,
    })),
  '/home/player-dashboard': () =>
    import('../screens/parents/player-dashboard-screen').then((module) => ({
      Component: module.PlayerDashboardScreen,
    })),
} satisfies Record<string, RouteLoader>;
