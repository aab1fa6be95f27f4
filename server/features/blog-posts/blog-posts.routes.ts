import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  blogPostListQuerySchema,
  blogPostListResponseSchema,
  blogPostParamsSchema,
  blogPostResponseSchema,
  blogPostStatusSchema,
  blogPostWriteSchema,
  markdownPreviewResponseSchema,
  markdownPreviewSchema,
  publicBlogListResponseSchema,
  publicBlogPostResponseSchema,
  publicBlogQuerySchema,
  slugParamsSchema,
} from '../../../contract/blog-posts.schema';
import { currentUserOf } from '../../auth/require-user';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { renderMarkdown } from '../../lib/markdown';
import { blogCoversRoutes } from './blog-covers.routes';
import type { BlogCovers } from './blog-covers.service';
import type { BlogPostsService } from './blog-posts.service';
import { addListExport } from '../../lib/list-export';
import { blogPostExportColumns } from './blog-posts.export';

const tags = ['blog'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const withMissing = { ...refusals, 404: apiErrorSchema };

/**
 * The blog (issue #17): the super admin's posts under /api/admin/blog-posts (and the
 * editor's preview and the cover upload), the public's published posts under
 * /api/blog-posts and their covers under /api/files/covers.
 */
export const blogPostsRoutes: FastifyPluginAsyncZod<{
  posts: BlogPostsService;
  db: Db;
  clock: Clock;
  covers: BlogCovers;
  superAdmin: SuperAdminHooks;
}> = async (app, { posts, db, clock, covers, superAdmin }) => {
  // Covers: uploaded by the super admin, served to anyone (multipart only in that plugin).
  await app.register(blogCoversRoutes, { covers, superAdmin });

  app.get(
    '/admin/blog-posts',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Las entradas del blog, borradores incluidos (paginado, orden, búsqueda, estado)',
        security,
        querystring: blogPostListQuerySchema,
        response: { 200: blogPostListResponseSchema, ...refusals },
      },
    },
    async (request) => posts.list(request.query),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/admin/blog-posts',
      guard: superAdmin,
      tags: tags,
      summary: 'Exporta las entradas del blog de la lista (filtros, búsqueda y orden)',
      querystring: blogPostListQuerySchema,
      fileName: 'entradas-blog',
      sheet: 'Entradas del blog',
      columns: blogPostExportColumns,
      read: (query) => posts.list(query),
    },
  );

  app.post(
    '/admin/blog-posts',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Crea una entrada (slug desde el título si no se envía; único)',
        security,
        body: blogPostWriteSchema,
        response: { 201: blogPostResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await posts.create(currentUserOf(request).id, request.body) }),
  );

  app.get(
    '/admin/blog-posts/:id',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Una entrada con su Markdown, para editarla',
        security,
        params: blogPostParamsSchema,
        response: { 200: blogPostResponseSchema, ...withMissing },
      },
    },
    async (request) => ({ data: await posts.find(request.params.id) }),
  );

  app.put(
    '/admin/blog-posts/:id',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Reemplaza una entrada; la primera publicación fija published_at',
        security,
        params: blogPostParamsSchema,
        body: blogPostWriteSchema,
        response: { 200: blogPostResponseSchema, 409: apiErrorSchema, ...withMissing },
      },
    },
    async (request) => ({
      data: await posts.update(currentUserOf(request).id, request.params.id, request.body),
    }),
  );

  app.patch(
    '/admin/blog-posts/:id/status',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Publica o despublica una entrada',
        security,
        params: blogPostParamsSchema,
        body: blogPostStatusSchema,
        response: { 200: blogPostResponseSchema, ...withMissing },
      },
    },
    async (request) => ({
      data: await posts.setStatus(
        currentUserOf(request).id,
        request.params.id,
        request.body.status,
      ),
    }),
  );

  app.delete(
    '/admin/blog-posts/:id',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Elimina una entrada',
        security,
        params: blogPostParamsSchema,
        response: { 200: blogPostResponseSchema, ...withMissing },
      },
    },
    async (request) => ({ data: await posts.remove(currentUserOf(request).id, request.params.id) }),
  );

  app.post(
    '/admin/markdown-preview',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Convierte Markdown en el HTML saneado que verá el público (vista previa)',
        security,
        body: markdownPreviewSchema,
        response: { 200: markdownPreviewResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: { html: renderMarkdown(request.body.markdown) } }),
  );

  app.get(
    '/blog-posts',
    {
      schema: {
        tags,
        summary: 'Las entradas publicadas, de la más reciente a la más antigua (público)',
        querystring: publicBlogQuerySchema,
        response: { 200: publicBlogListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => posts.listPublished(request.query),
  );

  app.get(
    '/blog-posts/:slug',
    {
      schema: {
        tags,
        summary: 'Una entrada publicada con su contenido como HTML saneado (público)',
        params: slugParamsSchema,
        response: { 200: publicBlogPostResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await posts.findPublished(request.params.slug) }),
  );
};
