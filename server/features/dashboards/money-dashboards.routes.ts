import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { DashboardDeps } from '../../dashboard-routes';

/** PLACEHOLDER: being written (issue #16). */
export const moneyDashboardsRoutes: FastifyPluginAsyncZod<DashboardDeps> = async () => {};
