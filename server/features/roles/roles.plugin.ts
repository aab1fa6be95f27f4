import type { FeaturePlugin } from '../../app-deps';
import { rolesRoutes } from './roles.routes';
import { createRolesService } from './roles.service';

/** Roles and their permissions (`/api/admin/roles…`). */
export const rolesPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(rolesRoutes, {
    roles: createRolesService(deps.db, deps.clock),
    guards: deps.adminGuards,
  });
};
