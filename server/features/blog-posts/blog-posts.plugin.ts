import type { FeaturePlugin } from '../../app-deps';
import { blogPostsRoutes } from './blog-posts.routes';

/** The public blog, its administration and its covers (issue #17). */
export const blogPostsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, storage, superAdmin } = deps;
  app.register(blogPostsRoutes, { db, clock, storage, superAdmin });
};
