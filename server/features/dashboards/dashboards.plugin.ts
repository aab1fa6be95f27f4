import type { FeaturePlugin } from '../../app-deps';
import { dashboardSession } from './dashboard-access';
import { moneyDashboardsRoutes } from './money-dashboards.routes';
import { peopleDashboardsRoutes } from './people-dashboards.routes';

/**
 * The dashboards of every role (issue #16): `GET /api/dashboard/{club-owner|accountant}`
 * (the money ones) and `{trainer|player|parent|super-admin}`, each for the callers holding
 * its role (dashboard-access.ts). They read through prepared statements keyed by text.
 */
export const dashboardsPlugin: FeaturePlugin = async (app, { deps }) => {
  const db = deps.handle.preparedByText;
  const options = {
    db,
    clock: deps.clock,
    requireUser: deps.requireUser,
    session: dashboardSession(db),
  };
  app.register(moneyDashboardsRoutes, options);
  // The super admin's platform figures are Análisis Global's: one kept computation.
  app.register(peopleDashboardsRoutes, { ...options, analytics: deps.analytics });
};
