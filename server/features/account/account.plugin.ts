import type { FeaturePlugin } from '../../app-deps';
import { accountRoutes } from './account.routes';

/** Each person's own account, 'Mi Cuenta' (`/api/account/…`, issue #17). */
export const accountPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, storage, requireUser } = deps;
  app.register(accountRoutes, { db, clock, outbox, appUrl: config.appUrl, storage, requireUser });
};
