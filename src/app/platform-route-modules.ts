import type { RouteLoader } from './route-registry';

/*
 * The lazy screen modules of the super admin's Sistema pages (issue #17), spread into
 * route-modules.ts's /home routes; kept apart so that file stays under its size limit.
 */
export const platformScreens = {
  '/home/admin/reports': () =>
    import('../screens/reports/reports-screen').then((module) => ({
      Component: module.ReportsScreen,
    })),
  '/home/admin/super-admin-panel': () =>
    import('../screens/super-admin-panel/super-admin-panel-screen').then((module) => ({
      Component: module.SuperAdminPanelScreen,
    })),
  '/home/admin/analytics': () =>
    import('../screens/analytics/analytics-screen').then((module) => ({
      Component: module.AnalyticsScreen,
    })),
  '/home/admin/communications': () =>
    import('../screens/communications/communications-screen').then((module) => ({
      Component: module.CommunicationsScreen,
    })),
  '/home/admin/blog': () =>
    import('../screens/blog-posts/blog-admin-screen').then((module) => ({
      Component: module.BlogAdminScreen,
    })),
} satisfies Record<string, RouteLoader>;
