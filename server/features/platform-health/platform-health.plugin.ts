import type { FeaturePlugin } from '../../app-deps';
import { platformHealthRoutes } from './platform-health.routes';
import { createPlatformHealthService } from './platform-health.service';

/** Panel Super Admin's health (`/api/admin/platform-health`, issue #17). */
export const platformHealthPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, superAdmin } = deps;
  app.register(platformHealthRoutes, {
    health: createPlatformHealthService({ db, clock }),
    superAdmin,
  });
};
