import type { FeaturePlugin } from '../../app-deps';
import { accountRoutes } from './account.routes';
import { createAccountService } from './account.service';

/** Each person's own account, 'Mi Cuenta' (`/api/account/…`, issue #17). */
export const accountPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, storage, requireUser } = deps;
  app.register(accountRoutes, {
    account: createAccountService({ db, clock, outbox, appUrl: config.appUrl, storage }),
    db,
    clock,
    requireUser,
  });
};
