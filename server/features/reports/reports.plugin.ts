import type { FeaturePlugin } from '../../app-deps';
import { reportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';

/** Panel Super Admin's reports (`/api/admin/reports…`, issue #17). */
export const reportsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, superAdmin } = deps;
  app.register(reportsRoutes, { reports: createReportsService({ db }), clock, superAdmin });
};
