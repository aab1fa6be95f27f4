import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  adminClubListQuerySchema,
  adminClubListResponseSchema,
  adminClubResponseSchema,
  clubSuspendSchema,
} from '../../../contract/admin-clubs.schema';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import { currentUserOf } from '../../auth/require-user';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AdminClubsService } from './admin-clubs.service';
import { addListExport } from '../../lib/list-export';
import { adminClubExportColumns } from './admin-clubs.export';

const tags = ['platform'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const writeRefusals = { ...refusals, 404: apiErrorSchema, 409: apiErrorSchema };

/** The clubs of the platform (issue #17, Administración del Sistema): super admin only. */
export const adminClubsRoutes: FastifyPluginAsyncZod<{
  adminClubs: AdminClubsService;
  db: Db;
  clock: Clock;
  superAdmin: SuperAdminHooks;
}> = async (app, { adminClubs: service, db, clock, superAdmin }) => {
  app.get(
    '/admin/clubs',
    {
      ...superAdmin,
      schema: {
        tags,
        summary:
          'Los clubes de la plataforma con su propietario, jugadores y miembros (paginado, orden, búsqueda, estado)',
        security,
        querystring: adminClubListQuerySchema,
        response: { 200: adminClubListResponseSchema, ...refusals },
      },
    },
    async (request) => service.list(request.query),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/admin/clubs',
      guard: superAdmin,
      tags: tags,
      summary: 'Exporta los clubes de la plataforma (filtros, búsqueda y orden de la lista)',
      querystring: adminClubListQuerySchema,
      fileName: 'clubes',
      sheet: 'Clubes',
      columns: adminClubExportColumns,
      read: (query) => service.list(query),
    },
  );

  app.post(
    '/admin/clubs/:id/suspend',
    {
      ...superAdmin,
      schema: {
        tags,
        summary:
          'Suspende un club con un motivo: sus miembros dejan de poder usarlo (409 si ya lo está)',
        security,
        params: clubIdParamsSchema,
        body: clubSuspendSchema,
        response: { 200: adminClubResponseSchema, ...writeRefusals },
      },
    },
    async (request) => ({
      data: await service.suspend(
        currentUserOf(request).id,
        request.params.id,
        request.body.reason,
      ),
    }),
  );

  app.post(
    '/admin/clubs/:id/reactivate',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Reactiva un club suspendido (409 si no lo está)',
        security,
        params: clubIdParamsSchema,
        response: { 200: adminClubResponseSchema, ...writeRefusals },
      },
    },
    async (request) => ({
      data: await service.reactivate(currentUserOf(request).id, request.params.id),
    }),
  );
};
