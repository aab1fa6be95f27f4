import type { FeaturePlugin } from '../../app-deps';
import { peopleRoutes } from './people.routes';

/** Looking a person up by document before adding them (`/api/people/…`). */
export const peoplePlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(peopleRoutes, { db: deps.db, requireUser: deps.requireUser });
};
