import type { FeaturePlugin } from '../../app-deps';
import { plansRoutes } from './plans.routes';
import { createPlansService } from './plans.service';

/** The platform's plans, as a club sees them (`/api/plans…`, issue #17). */
export const plansPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(plansRoutes, {
    plans: createPlansService({ db: deps.db }),
    clubRoute: deps.clubRoute,
  });
};
