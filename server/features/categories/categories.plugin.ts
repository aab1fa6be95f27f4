import type { FeaturePlugin } from '../../app-deps';
import { categoriesRoutes } from './categories.routes';
import { createCategoriesService } from './categories.service';

/** A club's categories (`/api/pla_club_teams/{id}/categories…`). */
export const categoriesPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute } = deps;
  app.register(categoriesRoutes, {
    categories: createCategoriesService({ db, clock }),
    db,
    clock,
    clubRoute,
  });
};
