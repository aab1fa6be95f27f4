import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  attendanceFiguresQuerySchema,
  attendanceFiguresSchema,
} from '../../../contract/attendance.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { sessionAccessOf } from '../sessions/session-scope';
import type { AttendanceFiguresService } from './attendance-figures.service';

const security = [{ bearerAuth: [] }];

/**
 * `GET …/attendance-figures` (issue #14 item 4): the rates per player, category and month
 * of the marks the caller's sessions reach (attendance-figures.service.ts).
 */
export const attendanceFiguresRoutes: FastifyPluginAsyncZod<{
  db: Db;
  figures: AttendanceFiguresService;
  clubRoute: ClubRoute;
}> = async (app, { db, figures, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/attendance-figures',
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags: ['attendance'],
        summary:
          'Tasa de asistencia por jugador, categoría y mes: (presentes + tardes) / (marcados − excusados), sesiones no canceladas en [from, to)',
        security,
        params: clubIdParamsSchema,
        querystring: attendanceFiguresQuerySchema,
        response: {
          200: attendanceFiguresSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) =>
      figures.figures(
        {
          clubId: request.params.id,
          userId: currentUserOf(request).id,
          access: await sessionAccessOf(db, request),
        },
        request.query,
      ),
  );
};
