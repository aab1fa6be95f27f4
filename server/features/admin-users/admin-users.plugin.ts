import type { FeaturePlugin } from '../../app-deps';
import { adminUsersRoutes } from './admin-users.routes';
import { createAdminUsersService } from './admin-users.service';

/** Panel Super Admin's users (`/api/admin/users…`, issue #17). */
export const adminUsersPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, superAdmin } = deps;
  app.register(adminUsersRoutes, {
    adminUsers: createAdminUsersService({ db, clock, outbox, appUrl: config.appUrl }),
    db,
    clock,
    superAdmin,
  });
};
