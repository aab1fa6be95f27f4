import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  categoryCreateSchema,
  categoryFitParamsSchema,
  categoryFitResponseSchema,
  categoryListQuerySchema,
  categoryListResponseSchema,
  categoryParamsSchema,
  categoryResponseSchema,
  categoryUpdateSchema,
} from '../../../contract/categories.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { CategoriesService } from './categories.service';
import { addListExport } from '../../lib/list-export';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/client';
import { categoryExportColumns } from './categories.export';

const security = [{ bearerAuth: [] }];
const tags = ['categories'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** A club's categories (issue #11), each route behind its categories.* permission in the club. */
export const categoriesRoutes: FastifyPluginAsyncZod<{
  categories: CategoriesService;
  db: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { categories, db, clock, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/categories',
    {
      ...clubRoute('categories.view'),
      schema: {
        tags,
        summary: 'Las categorías del club (paginado, orden, búsqueda, filtros por género y estado)',
        security,
        params: clubIdParamsSchema,
        querystring: categoryListQuerySchema,
        response: { 200: categoryListResponseSchema, ...refusals },
      },
    },
    async (request) => categories.list(request.params.id, request.query),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/pla_club_teams/:id/categories',
      guard: clubRoute('categories.view'),
      tags: tags,
      summary: 'Exporta las categorías de la lista (filtros, búsqueda y orden)',
      params: clubIdParamsSchema,
      querystring: categoryListQuerySchema,
      fileName: 'categorias',
      sheet: 'Categorías',
      columns: categoryExportColumns,
      read: (query, request) => categories.list(request.params.id, query),
    },
  );

  app.post(
    '/pla_club_teams/:id/categories',
    {
      ...clubRoute('categories.create'),
      schema: {
        tags,
        summary: 'Crea una categoría (nombre único en el club, rango de años de nacimiento)',
        security,
        params: clubIdParamsSchema,
        body: categoryCreateSchema,
        response: { 201: categoryResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await categories.create(request.params.id, request.body) }),
  );

  app.patch(
    '/pla_club_teams/:id/categories/:categoryId',
    {
      ...clubRoute('categories.update'),
      schema: {
        tags,
        summary: 'Cambia los campos enviados de una categoría del club',
        security,
        params: categoryParamsSchema,
        body: categoryUpdateSchema,
        response: { 200: categoryResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await categories.update(request.params.id, request.params.categoryId, request.body),
    }),
  );

  app.delete(
    '/pla_club_teams/:id/categories/:categoryId',
    {
      ...clubRoute('categories.delete'),
      schema: {
        tags,
        summary: 'Elimina una categoría del club; responde con la categoría eliminada',
        security,
        params: categoryParamsSchema,
        response: { 200: categoryResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await categories.remove(request.params.id, request.params.categoryId),
    }),
  );

  app.get(
    '/pla_club_teams/:id/categories-birthday/:birthday/gender/:gender',
    {
      ...clubRoute('categories.view'),
      schema: {
        tags,
        summary:
          'Las categorías activas del club que corresponden a una fecha de nacimiento (AAAA-MM-DD) y un género; una categoría mixta admite todos',
        security,
        params: categoryFitParamsSchema,
        response: { 200: categoryFitResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await categories.fitting(
        request.params.id,
        request.params.birthday,
        request.params.gender,
      ),
    }),
  );
};
