import type { FeaturePlugin } from '../../app-deps';
import { createBlogCovers } from './blog-covers.service';
import { blogPostsRoutes } from './blog-posts.routes';
import { createBlogPostsService } from './blog-posts.service';

/** The public blog, its administration and its covers (issue #17). */
export const blogPostsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, storage, superAdmin } = deps;
  app.register(blogPostsRoutes, {
    posts: createBlogPostsService({ db, clock }),
    covers: createBlogCovers({ storage }),
    db,
    clock,
    superAdmin,
  });
};
