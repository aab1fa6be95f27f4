import type { FeaturePlugin } from '../../app-deps';
import { discountsRoutes } from './discounts.routes';
import { createDiscountsService } from './discounts.service';

/** The club's discounts catalogue (module `payments`, issue #12). */
export const discountsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute } = deps;
  app.register(discountsRoutes, {
    discounts: createDiscountsService({ db, clock }),
    db,
    clock,
    clubRoute,
  });
};
