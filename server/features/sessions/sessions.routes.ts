import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  sessionCancelSchema,
  sessionCreateSchema,
  sessionDeleteQuerySchema,
  sessionDeleteResponseSchema,
  sessionListQuerySchema,
  sessionListResponseSchema,
  sessionParamsSchema,
  sessionResultSchema,
  sessionSchema,
  sessionUpdateSchema,
  sessionWriteResponseSchema,
} from '../../../contract/sessions.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { sessionAccessOf } from './session-scope';
import type { SessionsService } from './sessions.service';
import type { Caller } from './sessions.types';

const security = [{ bearerAuth: [] }];
const tags = ['sessions'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const writeRefusals = { ...refusals, 409: apiErrorSchema, 422: apiErrorSchema };
const scopeText =
  "`scope`: 'this' (solo esta), 'following' (esta y las siguientes de la serie) o 'series' (toda la serie); las sesiones pasadas con asistencia nunca se tocan (cuentan en `kept`).";

/**
 * A club's calendar (issue #14): sessions and weekly series under
 * /api/pla_club_teams/:id/sessions, each route behind its sessions.* permission; a
 * trainer reaches only their categories (404 for what they do not see, 403 for what
 * they see but do not manage), a player or a guardian reads their own.
 */
export const sessionsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sessions: SessionsService;
  clubRoute: ClubRoute;
}> = async (app, { db, sessions, clubRoute }) => {
  const callerOf = async (request: FastifyRequest): Promise<Caller> => ({
    clubId: (request.params as { id: number }).id,
    userId: currentUserOf(request).id,
    access: await sessionAccessOf(db, request),
  });

  app.get(
    '/pla_club_teams/:id/sessions',
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags,
        summary: 'Las sesiones del club que empiezan en [from, to), con las series expandidas',
        description:
          'Filtros: category_ids (las sesiones de todo el club siempre se incluyen), types, status y q (título o lugar); orden por inicio. Un entrenador ve sus categorías y las del club; un jugador o un acudiente, las suyas y las del club. `can_manage` dice si quien pregunta puede editarla.',
        security,
        params: clubIdParamsSchema,
        querystring: sessionListQuerySchema,
        response: { 200: sessionListResponseSchema, ...refusals },
      },
    },
    async (request) => sessions.list(await callerOf(request), request.query),
  );

  app.get(
    '/pla_club_teams/:id/sessions/:sessionId',
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags,
        summary: 'Una sesión del club (404 si no existe o quien pregunta no la ve)',
        security,
        params: sessionParamsSchema,
        response: { 200: sessionSchema, ...refusals },
      },
    },
    async (request) => sessions.get(await callerOf(request), request.params.sessionId),
  );

  app.post(
    '/pla_club_teams/:id/sessions',
    {
      ...clubRoute('sessions.create'),
      schema: {
        tags,
        summary: 'Crea una sesión, o con `recurrence` una serie semanal y todas sus sesiones',
        description:
          'La serie se repite los días ISO de `recurrence.weekdays` (1 = lunes … 7 = domingo) desde la fecha local de `starts_at` en la zona horaria del club, hasta `until` (incluida) o `count` veces, a la misma hora local. Responde la primera sesión y cuántas se crearon.',
        security,
        params: clubIdParamsSchema,
        body: sessionCreateSchema,
        response: { 201: sessionWriteResponseSchema, ...writeRefusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sessions.create(await callerOf(request), request.body)),
  );

  app.patch(
    '/pla_club_teams/:id/sessions/:sessionId',
    {
      ...clubRoute('sessions.update'),
      schema: {
        tags,
        summary: 'Cambia los campos enviados de una sesión o de su serie',
        description: `${scopeText} Un nuevo inicio o fin mueve 'this' a esas horas y las demás por el mismo cambio de hora local; \`recurrence\` (following o series) vuelve a planear la serie. Avisa una vez a jugadores, acudientes y entrenadores.`,
        security,
        params: sessionParamsSchema,
        body: sessionUpdateSchema,
        response: { 200: sessionWriteResponseSchema, ...writeRefusals },
      },
    },
    async (request) =>
      sessions.update(await callerOf(request), request.params.sessionId, request.body),
  );

  app.post(
    '/pla_club_teams/:id/sessions/:sessionId/cancel',
    {
      ...clubRoute('sessions.update'),
      schema: {
        tags,
        summary: 'Cancela una sesión, las siguientes o toda la serie, con un motivo',
        description: `${scopeText} Cancelar una ya cancelada responde 409.`,
        security,
        params: sessionParamsSchema,
        body: sessionCancelSchema,
        response: { 200: sessionWriteResponseSchema, ...writeRefusals },
      },
    },
    async (request) =>
      sessions.cancel(await callerOf(request), request.params.sessionId, request.body),
  );

  app.delete(
    '/pla_club_teams/:id/sessions/:sessionId',
    {
      ...clubRoute('sessions.delete'),
      schema: {
        tags,
        summary: 'Elimina sesiones sin asistencia ni convocatoria (las demás se conservan)',
        description: `${scopeText} Una sola sesión con asistencia o convocatoria responde 409: cancélala.`,
        security,
        params: sessionParamsSchema,
        querystring: sessionDeleteQuerySchema,
        response: { 200: sessionDeleteResponseSchema, ...writeRefusals },
      },
    },
    async (request) =>
      sessions.remove(await callerOf(request), request.params.sessionId, request.query.scope),
  );

  app.put(
    '/pla_club_teams/:id/sessions/:sessionId/result',
    {
      ...clubRoute('sessions.update'),
      schema: {
        tags,
        summary: 'Registra el resultado de un partido o torneo (queda realizado y se avisa)',
        security,
        params: sessionParamsSchema,
        body: sessionResultSchema,
        response: { 200: sessionWriteResponseSchema, ...writeRefusals },
      },
    },
    async (request) =>
      sessions.setResult(await callerOf(request), request.params.sessionId, request.body),
  );
};
