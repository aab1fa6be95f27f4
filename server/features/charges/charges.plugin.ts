import type { FeaturePlugin } from '../../app-deps';
import { chargesRoutes } from './charges.routes';
import { createChargesService } from './charges.service';

/** The club's charges catalogue (module `payments`, issue #12). */
export const chargesPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute } = deps;
  app.register(chargesRoutes, {
    charges: createChargesService({ db, clock }),
    db,
    clock,
    clubRoute,
  });
};
