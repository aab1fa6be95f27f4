import type { FeaturePlugin } from '../../app-deps';
import { communicationsRoutes } from './communications.routes';

/** Panel Super Admin's communications to clubs and users (issue #17). */
export const communicationsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, superAdmin } = deps;
  app.register(communicationsRoutes, { db, clock, outbox, appUrl: config.appUrl, superAdmin });
};
