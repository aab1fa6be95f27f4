import type { FeaturePlugin } from '../../app-deps';
import { usersRoutes } from './users.routes';

/** The signed-in user and their working context (`/api/users/…`). */
export const usersPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(usersRoutes, { db: deps.db, requireUser: deps.requireUser });
};
