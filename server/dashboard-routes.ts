import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from './db/client';
import { dashboardSession } from './features/dashboards/dashboard-access';
import { moneyDashboardsRoutes } from './features/dashboards/money-dashboards.routes';
import { peopleDashboardsRoutes } from './features/dashboards/people-dashboards.routes';
import type { Clock } from './lib/clock';

/**
 * The dashboards of every role (issue #16): `GET /api/dashboard/{club-owner|accountant}`
 * (the money ones) and `{trainer|player|parent|super-admin}`, each for the callers holding
 * its role (server/features/dashboards/dashboard-access.ts); registered by server/app.ts.
 */
export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; requireUser: preHandlerAsyncHookHandler },
) {
  const session = dashboardSession(deps.db);
  const options = { prefix: '/api', ...deps, session };
  app.register(moneyDashboardsRoutes, options);
  app.register(peopleDashboardsRoutes, options);
}

/** What every dashboard plugin receives. */
export interface DashboardDeps {
  db: Db;
  clock: Clock;
  requireUser: preHandlerAsyncHookHandler;
  session: ReturnType<typeof dashboardSession>;
}
