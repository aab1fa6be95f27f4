import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  linkRequestCreatedResponseSchema,
  linkRequestMessages,
} from '../../../contract/link-requests.schema';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  categoryAssignmentResponseSchema,
  categoryAssignmentSchema,
  categoryParamsSchema,
} from '../../../contract/categories.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import { statusChangeSchema } from '../../../contract/people.schema';
import {
  trainerCreateSchema,
  trainerListQuerySchema,
  trainerListResponseSchema,
  trainerParamsSchema,
  trainerResponseSchema,
  trainerUpdateSchema,
} from '../../../contract/trainers.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { TrainersService } from './trainers.service';
import { addListExport } from '../../lib/list-export';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/client';
import { trainerExportColumns } from './trainers.export';

const security = [{ bearerAuth: [] }];
const tags = ['trainers'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * A club's trainers (issue #11), each route behind its trainers.* permission in the club,
 * and the trainers of one category (categories.update).
 */
export const trainersRoutes: FastifyPluginAsyncZod<{
  trainers: TrainersService;
  db: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { trainers, db, clock, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/trainers',
    {
      ...clubRoute('trainers.view'),
      schema: {
        tags,
        summary:
          'Los entrenadores del club con su estado y categorías (paginado, orden, búsqueda, filtros por estado y categoría)',
        security,
        params: clubIdParamsSchema,
        querystring: trainerListQuerySchema,
        response: { 200: trainerListResponseSchema, ...refusals },
      },
    },
    async (request) => trainers.list(request.params.id, request.query),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/pla_club_teams/:id/trainers',
      guard: clubRoute('trainers.view'),
      tags: tags,
      summary: 'Exporta los entrenadores de la lista (filtros, búsqueda y orden)',
      params: clubIdParamsSchema,
      querystring: trainerListQuerySchema,
      fileName: 'entrenadores',
      sheet: 'Entrenadores',
      columns: trainerExportColumns,
      read: (query, request) => trainers.list(request.params.id, query),
    },
  );

  app.post(
    '/pla_club_teams/:id/trainers',
    {
      ...clubRoute('trainers.create'),
      schema: {
        tags,
        summary:
          'Agrega un entrenador (persona nueva o vinculada); con correo y sin cuenta, le envía la invitación; si la persona tiene cuenta o está en otro club, le envía una solicitud (202)',
        security,
        params: clubIdParamsSchema,
        body: trainerCreateSchema,
        response: {
          201: trainerResponseSchema,
          202: linkRequestCreatedResponseSchema,
          409: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const outcome = await trainers.create(
        request.params.id,
        currentUserOf(request),
        request.body,
      );
      if ('requested' in outcome) {
        return reply.code(202).send({ data: outcome.requested, message: linkRequestMessages.sent });
      }
      return reply.code(201).send(outcome);
    },
  );

  app.patch(
    '/pla_club_teams/:id/trainers/:trainerId',
    {
      ...clubRoute('trainers.update'),
      schema: {
        tags,
        summary:
          'Cambia los datos (solo de quien aún no tiene cuenta) y las categorías de un entrenador',
        security,
        params: trainerParamsSchema,
        body: trainerUpdateSchema,
        response: {
          200: trainerResponseSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) =>
      trainers.update(
        request.params.id,
        currentUserOf(request),
        request.params.trainerId,
        request.body,
      ),
  );

  app.patch(
    '/pla_club_teams/:id/trainers/:trainerId/status',
    {
      ...clubRoute('trainers.update'),
      schema: {
        tags,
        summary: 'Activa o inactiva a un entrenador en el club',
        security,
        params: trainerParamsSchema,
        body: statusChangeSchema,
        response: { 200: trainerResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await trainers.setStatus(
        request.params.id,
        request.params.trainerId,
        request.body.status,
      ),
    }),
  );

  app.delete(
    '/pla_club_teams/:id/trainers/:trainerId',
    {
      ...clubRoute('trainers.delete'),
      schema: {
        tags,
        summary:
          'La persona deja de ser entrenador del club (se conservan la persona y su historial)',
        security,
        params: trainerParamsSchema,
        response: { 204: z.null().describe('Sin contenido'), ...refusals },
      },
    },
    async (request, reply) => {
      await trainers.remove(request.params.id, request.params.trainerId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/pla_club_teams/:id/categories/:categoryId/trainers',
    {
      ...clubRoute('categories.update'),
      schema: {
        tags: ['categories'],
        summary: 'Agrega y quita entrenadores de una categoría; responde solo los que cambiaron',
        security,
        params: categoryParamsSchema,
        body: categoryAssignmentSchema,
        response: { 200: categoryAssignmentResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await trainers.assignToCategory(
        request.params.id,
        request.params.categoryId,
        request.body,
      ),
    }),
  );
};
