import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { attendanceSaveSchema, attendanceSheetSchema } from '../../../contract/attendance.schema';
import { sessionParamsSchema } from '../../../contract/sessions.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { AttendanceService } from './attendance.service';

const security = [{ bearerAuth: [] }];
const tags = ['attendance'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const writeRefusals = { ...refusals, 409: apiErrorSchema, 422: apiErrorSchema };
const path = '/pla_club_teams/:id/sessions/:sessionId/attendance';

/**
 * The roll call of a session (issue #14): read with sessions.view (a family reads their
 * own rows), saved, closed and reopened with sessions.update on a session the caller
 * manages.
 */
export const attendanceRoutes: FastifyPluginAsyncZod<{
  attendance: AttendanceService;
  clubRoute: ClubRoute;
}> = async (app, { attendance, clubRoute }) => {
  app.get(
    path,
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags,
        summary:
          'La lista de asistencia de la sesión (jugadores por nombre, su marca y nota); una familia ve solo sus filas',
        security,
        params: sessionParamsSchema,
        response: { 200: attendanceSheetSchema, ...refusals },
      },
    },
    async (request) => attendance.sheet(request, request.params.sessionId),
  );

  app.put(
    path,
    {
      ...clubRoute('sessions.update'),
      schema: {
        tags,
        summary:
          'Guarda la lista (idempotente por jugador) desde la versión leída; 409 en version si otra persona guardó antes (force la sobrescribe)',
        security,
        params: sessionParamsSchema,
        body: attendanceSaveSchema,
        response: { 200: attendanceSheetSchema, ...writeRefusals },
      },
    },
    async (request) => attendance.save(request, request.params.sessionId, request.body),
  );

  app.post(
    `${path}/close`,
    {
      ...clubRoute('sessions.update'),
      schema: {
        tags,
        summary:
          'Cierra la lista una sola vez y avisa de cada ausencia al acudiente del menor o al jugador adulto',
        security,
        params: sessionParamsSchema,
        response: { 200: attendanceSheetSchema, ...writeRefusals },
      },
    },
    async (request) => attendance.close(request, request.params.sessionId),
  );

  app.post(
    `${path}/reopen`,
    {
      ...clubRoute('sessions.update'),
      schema: {
        tags,
        summary: 'Reabre una lista cerrada (solo el propietario del club)',
        security,
        params: sessionParamsSchema,
        response: { 200: attendanceSheetSchema, ...writeRefusals },
      },
    },
    async (request) => attendance.reopen(request, request.params.sessionId),
  );
};
