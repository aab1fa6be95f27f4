import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DashboardSession } from './dashboard-access';

/** What every dashboard plugin receives (dashboards.plugin.ts). */
export interface DashboardDeps {
  /** Prepared statements keyed by their text (`DbHandle.preparedByText`). */
  db: Db;
  clock: Clock;
  requireUser: preHandlerAsyncHookHandler;
  session: DashboardSession;
}
