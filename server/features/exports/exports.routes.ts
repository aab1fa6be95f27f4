import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  exportContentTypes,
  exportIdParamsSchema,
  exportStateSchema,
} from '../../../contract/exports.schema';
import { REPORT_TOTAL_HEADER } from '../../../contract/reports.schema';
import { currentUserOf } from '../../auth/require-user';
import type { ExportsService } from './exports.service';

const security = [{ bearerAuth: [] }];
const tags = ['exports'];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/**
 * A queued export's state and file (issue #36 item 2), to the person who asked only: to
 * anyone else the export does not exist (404).
 */
export const exportsRoutes: FastifyPluginAsyncZod<{
  exports: ExportsService;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { exports, requireUser }) => {
  // Auth before validation: an anonymous caller gets 401, not a field error.
  const onRequest = requireUser;

  app.get(
    '/exports/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Cómo va una exportación en cola (solo para quien la pidió)',
        description:
          'queued → running → done | failed. Un intento fallido vuelve a queued mientras queden reintentos (error dice el último fallo); done trae las filas, el nombre del archivo y hasta cuándo se entrega.',
        params: exportIdParamsSchema,
        response: { 200: exportStateSchema, ...refusals },
      },
    },
    async (request) => exports.state(request.params.id, currentUserOf(request).id),
  );

  app.get(
    '/exports/:id/file',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'El archivo de una exportación terminada (solo para quien la pidió)',
        description:
          'Con las cabeceras de la descarga directa: content-type, content-disposition y X-Total-Rows. 409 mientras se prepara o si falló; 410 cuando expiró (24 horas después de terminar).',
        params: exportIdParamsSchema,
        response: { ...refusals, 409: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await exports.file(request.params.id, currentUserOf(request).id);
      return (
        reply
          .header('content-type', exportContentTypes[file.format])
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header(REPORT_TOTAL_HEADER, String(file.rows))
          .header('access-control-expose-headers', `${REPORT_TOTAL_HEADER}, content-disposition`)
          // Streamed as stored: the declared response schemas are the refusals' only.
          .send(file.body as never)
      );
    },
  );
};
