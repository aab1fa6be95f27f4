import type { FeaturePlugin } from '../../app-deps';
import { adminUsersRoutes } from './admin-users.routes';

/** Panel Super Admin's users (`/api/admin/users…`, issue #17). */
export const adminUsersPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, superAdmin } = deps;
  app.register(adminUsersRoutes, { db, clock, outbox, appUrl: config.appUrl, superAdmin });
};
