import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  clubCreateSchema,
  clubListResponseSchema,
  clubResponseSchema,
  clubUpdateSchema,
} from '../../../contract/clubs.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { ClubsService } from './clubs.service';

const security = [{ bearerAuth: [] }];
const refusals = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Clubs and teams (`pla_club_teams`, issue #4). */
export const clubsRoutes: FastifyPluginAsyncZod<{
  clubs: ClubsService;
  requireUser: preHandlerAsyncHookHandler;
  clubRoute: ClubRoute;
}> = async (app, { clubs, requireUser, clubRoute }) => {
  app.get(
    '/pla_club_teams',
    {
      preHandler: requireUser,
      schema: {
        tags: ['clubs'],
        summary: 'Los clubes del usuario (todos para el super admin), con sus roles en cada uno',
        security,
        response: { 200: clubListResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await clubs.list(currentUserOf(request)) }),
  );

  app.post(
    '/pla_club_teams',
    {
      // Auth before validation: an anonymous caller gets 401, not a list of field errors.
      onRequest: requireUser,
      schema: {
        tags: ['clubs'],
        summary: 'Crea un club; quien lo crea queda como Propietario del Club',
        security,
        body: clubCreateSchema,
        response: { 201: clubResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await clubs.create(currentUserOf(request), request.body) }),
  );

  app.get(
    '/pla_club_teams/:id',
    {
      ...clubRoute('club.view'),
      schema: {
        tags: ['clubs'],
        summary: 'Un club',
        security,
        params: clubIdParamsSchema,
        response: { 200: clubResponseSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({ data: await clubs.get(currentUserOf(request), request.params.id) }),
  );

  app.patch(
    '/pla_club_teams/:id',
    {
      ...clubRoute('club.update'),
      schema: {
        tags: ['clubs'],
        summary: 'Modifica un club (solo los campos enviados; null borra un campo opcional)',
        security,
        params: clubIdParamsSchema,
        body: clubUpdateSchema,
        response: { 200: clubResponseSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await clubs.update(currentUserOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/pla_club_teams/:id',
    {
      ...clubRoute('club.delete'),
      schema: {
        tags: ['clubs'],
        summary: 'Archiva un club (nunca se borra); se rechaza si tiene jugadores',
        security,
        params: clubIdParamsSchema,
        response: {
          200: clubResponseSchema,
          409: apiErrorSchema,
          400: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) => ({ data: await clubs.archive(currentUserOf(request), request.params.id) }),
  );
};
