import type { FeaturePlugin } from '../../app-deps';
import { adminClubsRoutes } from './admin-clubs.routes';
import { createAdminClubsService } from './admin-clubs.service';

/** Panel Super Admin's clubs (`/api/admin/clubs…`, issue #17). */
export const adminClubsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, superAdmin } = deps;
  app.register(adminClubsRoutes, {
    adminClubs: createAdminClubsService({ db, clock }),
    db,
    clock,
    superAdmin,
  });
};
