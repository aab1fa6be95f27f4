import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { slugParamsSchema } from '../../../contract/blog-posts.schema';
import {
  helpArticleCreateSchema,
  helpArticlesQuerySchema,
  helpArticlesResponseSchema,
  publicSitePageResponseSchema,
  sitePageListResponseSchema,
  sitePageResponseSchema,
  sitePageWriteSchema,
} from '../../../contract/site-pages.schema';
import { currentUserOf } from '../../auth/require-user';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { SitePagesService } from './site-pages.service';

const tags = ['site-pages'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const withMissing = { ...refusals, 404: apiErrorSchema };

/**
 * The public site's pages (issue #17): terms, privacy, about and the help centre's
 * articles; the super admin edits them under /api/admin/…, anyone reads them.
 */
export const sitePagesRoutes: FastifyPluginAsyncZod<{
  pages: SitePagesService;
  superAdmin: SuperAdminHooks;
}> = async (app, { pages, superAdmin }) => {
  app.get(
    '/admin/site-pages',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Las páginas fijas y los artículos de ayuda, guardados o con su texto incluido',
        security,
        response: { 200: sitePageListResponseSchema, ...refusals },
      },
    },
    async () => ({ data: await pages.list() }),
  );

  app.get(
    '/admin/site-pages/:slug',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Una página o un artículo con su Markdown, para editarlo',
        security,
        params: slugParamsSchema,
        response: { 200: sitePageResponseSchema, ...withMissing },
      },
    },
    async (request) => ({ data: await pages.get(request.params.slug) }),
  );

  app.put(
    '/admin/site-pages/:slug',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Guarda el título y el texto de una página fija o de un artículo de ayuda',
        security,
        params: slugParamsSchema,
        body: sitePageWriteSchema,
        response: { 200: sitePageResponseSchema, ...withMissing },
      },
    },
    async (request) => ({
      data: await pages.save(request.params.slug, request.body, currentUserOf(request).id),
    }),
  );

  app.post(
    '/admin/help-articles',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Crea un artículo del centro de ayuda (slug desde el título si no se envía)',
        security,
        body: helpArticleCreateSchema,
        response: { 201: sitePageResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await pages.createArticle(request.body, currentUserOf(request).id) }),
  );

  app.delete(
    '/admin/help-articles/:slug',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Elimina un artículo de ayuda agregado (los incluidos solo se editan: 409)',
        security,
        params: slugParamsSchema,
        response: { 200: sitePageResponseSchema, 409: apiErrorSchema, ...withMissing },
      },
    },
    async (request) => ({
      data: await pages.removeArticle(request.params.slug, currentUserOf(request).id),
    }),
  );

  app.get(
    '/site-pages/:slug',
    {
      schema: {
        tags,
        summary: 'Una página o un artículo de ayuda como HTML saneado (público)',
        params: slugParamsSchema,
        response: { 200: publicSitePageResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await pages.publicPage(request.params.slug) }),
  );

  app.get(
    '/help-articles',
    {
      schema: {
        tags,
        summary:
          'Los artículos del centro de ayuda; q busca en título y texto sin tildes (público)',
        querystring: helpArticlesQuerySchema,
        response: { 200: helpArticlesResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await pages.helpArticles(request.query.q) }),
  );
};
