import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  communicationCreateSchema,
  communicationListQuerySchema,
  communicationListResponseSchema,
  communicationPreviewResponseSchema,
  communicationResponseSchema,
  communicationSendSchema,
} from '../../../contract/communications.schema';
import { currentUserOf } from '../../auth/require-user';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CommunicationsService } from './communications.service';
import { addListExport } from '../../lib/list-export';
import { communicationExportColumns } from './communications.export';

const tags = ['communications'];
const security = [{ bearerAuth: [] }];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** Comunicaciones Masivas (issue #17): super admin only, `/api/admin/communications…`. */
export const communicationsRoutes: FastifyPluginAsyncZod<{
  communications: CommunicationsService;
  db: Db;
  clock: Clock;
  superAdmin: SuperAdminHooks;
}> = async (app, { communications, db, clock, superAdmin }) => {
  app.post(
    '/admin/communications/preview',
    {
      ...superAdmin,
      schema: {
        tags,
        security,
        summary: 'Cuántas personas recibirían la comunicación y algunos nombres, sin enviarla',
        body: communicationCreateSchema,
        response: { 200: communicationPreviewResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communications.preview(currentUserOf(request).id, request.body),
    }),
  );

  app.post(
    '/admin/communications',
    {
      ...superAdmin,
      schema: {
        tags,
        security,
        summary:
          'Envía un anuncio o una alerta del sistema a todos, a un rol o a clubes elegidos, en la aplicación y/o por correo',
        description:
          'Cada persona una vez (activa, no bloqueada ni eliminada; nunca quien envía). idempotency_key es un UUID que el navegador crea una vez por mensaje redactado y repite en cada reintento: la misma clave de la misma persona no envía otra vez, responde 200 con la primera comunicación y repeated: true; otra clave envía de nuevo. La entrega (notificaciones y correos) va por la cola de tareas en lotes de 1.000 personas: una comunicación de hasta 1.000 personas se entrega antes de responder (delivered_at con la hora); una mayor responde enseguida con delivered_at null y la cola la entrega en segundo plano, cada persona una vez aunque un servidor se caiga a mitad.',
        body: communicationSendSchema,
        response: {
          200: communicationResponseSchema,
          201: communicationResponseSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const sent = await communications.send(currentUserOf(request).id, request.body);
      return reply.code(sent.repeated ? 200 : 201).send({ success: true, ...sent });
    },
  );

  app.get(
    '/admin/communications',
    {
      ...superAdmin,
      schema: {
        tags,
        security,
        summary: 'Historial de comunicaciones masivas, las más recientes primero (paginado)',
        querystring: communicationListQuerySchema,
        response: { 200: communicationListResponseSchema, ...refusals },
      },
    },
    async (request) => communications.list(request.query),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/admin/communications',
      guard: superAdmin,
      tags: tags,
      summary: 'Exporta el historial de comunicaciones masivas (filtros y orden de la lista)',
      querystring: communicationListQuerySchema,
      fileName: 'comunicaciones',
      sheet: 'Comunicaciones',
      columns: communicationExportColumns,
      read: (query) => communications.list(query),
    },
  );
};
