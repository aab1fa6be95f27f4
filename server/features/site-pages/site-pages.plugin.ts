import type { FeaturePlugin } from '../../app-deps';
import { sitePagesRoutes } from './site-pages.routes';
import { createSitePagesService } from './site-pages.service';

/** The public site's pages and help articles, and their administration (issue #17). */
export const sitePagesPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, superAdmin } = deps;
  app.register(sitePagesRoutes, { pages: createSitePagesService({ db, clock }), superAdmin });
};
