import type { FeaturePlugin } from '../../app-deps';
import { modulesRoutes } from './modules.routes';
import { createModulesService } from './modules.service';

/** The modules and their permissions (`/api/admin/modules…`). */
export const modulesPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(modulesRoutes, {
    modules: createModulesService(deps.db),
    guards: deps.adminGuards,
  });
};
