import type { FeaturePlugin } from '../../app-deps';
import { platformSettingsRoutes } from './platform-settings.routes';
import { createPlatformSettingsService } from './platform-settings.service';

/** Panel Super Admin's settings (`/api/admin/platform-settings`, issue #17). */
export const platformSettingsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, superAdmin } = deps;
  app.register(platformSettingsRoutes, {
    settings: createPlatformSettingsService({ db, clock }),
    superAdmin,
  });
};
