import type { FeaturePlugin } from '../../app-deps';
import { usersRoutes } from './users.routes';

/**
 * The signed-in user and their working context (`/api/users/…`), read through the read-only
 * handle (`DbHandle.preparedByText`): the session call is every screen's first, and it
 * writes nothing.
 */
export const usersPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(usersRoutes, { db: deps.handle.preparedByText, requireUser: deps.requireUser });
};
