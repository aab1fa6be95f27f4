import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { auditLogQuerySchema, auditLogResponseSchema } from '../../../contract/audit-log.schema';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { Db } from '../../db/client';
import { listAuditLog } from './audit-log.service';
import { addListExport } from '../../lib/list-export';
import type { Clock } from '../../lib/clock';
import { auditExportColumns } from './audit-log.export';

/** The platform's audit log (issue #17): read only, super admin only. */
export const auditLogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  superAdmin: SuperAdminHooks;
}> = async (app, { db, clock, superAdmin }) => {
  app.get(
    '/admin/audit-log',
    {
      ...superAdmin,
      schema: {
        tags: ['platform'],
        summary:
          'El registro de auditoría: acciones sensibles, la más reciente primero (filtros: acción, club, usuario, fechas)',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: {
          200: auditLogResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => listAuditLog(db, request.query),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/admin/audit-log',
      guard: superAdmin,
      tags: ['platform'],
      summary: 'Exporta el registro de auditoría (filtros y orden de la lista)',
      querystring: auditLogQuerySchema,
      fileName: 'auditoria',
      sheet: 'Auditoría',
      columns: auditExportColumns,
      read: (query) => listAuditLog(db, query),
    },
  );
};
