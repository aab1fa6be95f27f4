import type { FeaturePlugin } from '../../app-deps';
import { analyticsRoutes } from './analytics.routes';

/** Panel Super Admin's analytics (`/api/admin/analytics…`, issue #17). */
export const analyticsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { analytics, superAdmin } = deps;
  app.register(analyticsRoutes, { analytics, superAdmin });
};
