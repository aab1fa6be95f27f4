import type { FeaturePlugin } from '../../app-deps';
import { plansRoutes } from './plans.routes';

/** The platform's plans, as a club sees them (`/api/plans…`, issue #17). */
export const plansPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(plansRoutes, { db: deps.db, clubRoute: deps.clubRoute });
};
