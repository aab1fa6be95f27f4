import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  callUpAnswerSchema,
  callUpListSchema,
  callUpParamsSchema,
  callUpRemindResponseSchema,
  callUpSetSchema,
} from '../../../contract/call-ups.schema';
import { sessionParamsSchema } from '../../../contract/sessions.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { CallUpsService } from './call-ups.service';

const security = [{ bearerAuth: [] }];
const tags = ['call-ups'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const writeRefusals = { ...refusals, 409: apiErrorSchema, 422: apiErrorSchema };
const path = '/pla_club_teams/:id/sessions/:sessionId/call-ups';

/**
 * Call-ups of a session (issue #14): read and answered with sessions.view (a family reads
 * and answers for themself and their children), set and reminded with sessions.update on
 * a session the caller manages.
 */
export const callUpsRoutes: FastifyPluginAsyncZod<{
  callUps: CallUpsService;
  clubRoute: ClubRoute;
}> = async (app, { callUps, clubRoute }) => {
  app.get(
    path,
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags,
        summary:
          'Los convocados y sus respuestas (el resumen completo; una familia ve solo sus filas)',
        security,
        params: sessionParamsSchema,
        response: { 200: callUpListSchema, ...refusals },
      },
    },
    async (request) => callUps.list(request, request.params.sessionId),
  );

  app.put(
    path,
    {
      ...clubRoute('sessions.update'),
      schema: {
        tags,
        summary:
          'Fija quiénes están convocados: los nuevos quedan sin respuesta y reciben aviso (con sus acudientes); los que faltan se quitan',
        security,
        params: sessionParamsSchema,
        body: callUpSetSchema,
        response: { 200: callUpListSchema, ...writeRefusals },
      },
    },
    async (request) => callUps.set(request, request.params.sessionId, request.body.player_ids),
  );

  app.post(
    `${path}/remind`,
    {
      ...clubRoute('sessions.update'),
      schema: {
        tags,
        summary:
          'Recuerda la convocatoria a quienes no han respondido (y a sus acudientes), una vez por día',
        security,
        params: sessionParamsSchema,
        response: { 200: callUpRemindResponseSchema, ...writeRefusals },
      },
    },
    async (request) => callUps.remind(request, request.params.sessionId),
  );

  app.post(
    `${path}/:playerId/answer`,
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags,
        summary:
          'Responde Voy / No voy / Tal vez (con un motivo) por el jugador: él mismo, su acudiente o quien gestiona la sesión',
        security,
        params: callUpParamsSchema,
        body: callUpAnswerSchema,
        response: { 200: callUpListSchema, ...writeRefusals },
      },
    },
    async (request) =>
      callUps.answer(request, request.params.sessionId, request.params.playerId, request.body),
  );
};
