import type { FeaturePlugin } from '../../app-deps';
import { appConfigRoutes } from './app-config.routes';

/** The public configuration the SPA reads at start (`GET /api/config`). */
export const appConfigPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(appConfigRoutes, { config: deps.config });
};
