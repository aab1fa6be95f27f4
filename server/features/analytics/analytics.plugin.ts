import type { FeaturePlugin } from '../../app-deps';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';

/** Panel Super Admin's analytics (`/api/admin/analytics…`, issue #17). */
export const analyticsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, superAdmin } = deps;
  app.register(analyticsRoutes, { analytics: createAnalyticsService({ db, clock }), superAdmin });
};
