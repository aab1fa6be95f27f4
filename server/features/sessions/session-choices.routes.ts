import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import { sessionChoicesSchema } from '../../../contract/session-choices.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { Db } from '../../db/client';
import { sessionChoices } from './session-choices';
import { sessionAccessOf } from './session-scope';

/**
 * `GET /api/pla_club_teams/:id/sessions/choices` (issue #14): the categories and trainers
 * the calendar offers the caller, for every role that sees the calendar. The static
 * `choices` segment wins over `sessions/:sessionId` in Fastify's router.
 */
export const sessionChoicesRoutes: FastifyPluginAsyncZod<{ db: Db; clubRoute: ClubRoute }> = async (
  app,
  { db, clubRoute },
) => {
  app.get(
    '/pla_club_teams/:id/sessions/choices',
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags: ['sessions'],
        summary: 'Las categorías y los entrenadores que el calendario ofrece a quien pregunta',
        description:
          'categories: las categorías activas que quien pregunta ve (un entrenador las suyas, un jugador la suya, un acudiente las de sus hijos), cada una con `can_manage` (puede crear y gestionar sus sesiones); `can_manage_club_wide`: puede crear sesiones de todo el club; trainers: los entrenadores activos del club, vacío para quien no gestiona nada. Por nombre.',
        security: [{ bearerAuth: [] }],
        params: clubIdParamsSchema,
        response: {
          200: sessionChoicesSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => sessionChoices(db, request.params.id, await sessionAccessOf(db, request)),
  );
};
